namespace Sparrow.Testing;

/// <summary>Checks every line of a kind in the cross-architecture values file (<see cref="CrossArchitectureValues"/>).</summary>
public static class CrossArchitectureAssert
{
    /// <summary>How many differing lines a failure lists.</summary>
    private const int Listed = 20;

    /// <summary>
    /// Runs <paramref name="check"/> on the fields of every line of <paramref name="kind"/>; it returns what differs
    /// from the file on that line, or null. Fails, listing the lines that differ, when any does, or when the file
    /// has no line of that kind.
    /// </summary>
    public static void EveryLine(string kind, Func<string[], string?> check)
    {
        List<(int Line, string[] Fields)> rows = CrossArchitectureValues.Read(kind);
        Assert.True(rows.Count > 0, $"{CrossArchitectureValues.ResourceName} has no '{kind}' line");
        string[] differing = [.. rows.Select(row => check(row.Fields) is { } difference ? $"line {row.Line}: {difference}" : null).OfType<string>()];
        Assert.True(differing.Length == 0,
            $"{differing.Length} of {rows.Count} '{kind}' lines differ from the results computed on x64:\n{string.Join('\n', differing.Take(Listed))}");
    }

    /// <summary>Null when <paramref name="actual"/> is <paramref name="expected"/> (as text), else what <paramref name="what"/> gave.</summary>
    public static string? Differs(string what, string expected, object? actual) =>
        expected == $"{actual}" ? null : $"{what}: expected {expected}, got {actual}";
}
