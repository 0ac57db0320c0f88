namespace IlDump;

/// <summary>The verdict of one rule on one method: a PASS/FAIL row, and under a FAIL the offending lines.</summary>
internal sealed record RuleResult(string Method, string Rule, bool Passed, string Summary, IReadOnlyList<string> Lines)
{
    public static RuleResult Pass(string method, string rule, string summary = "") => new(method, rule, true, summary, []);

    public static RuleResult Fail(string method, string rule, string summary, IEnumerable<string> lines) =>
        new(method, rule, false, summary, lines.ToList());

    /// <summary>Prints the table row, then, under a FAIL, the offending lines (at most <paramref name="maxLines"/>).</summary>
    public void Print(TextWriter output, int methodWidth, int maxLines = 40)
    {
        string verdict = Passed ? "PASS" : "FAIL";
        output.WriteLine($"{verdict}  {Method.PadRight(methodWidth)}  {Rule,-20}  {Summary}".TrimEnd());
        if (Passed)
            return;
        foreach (string line in Lines.Take(maxLines))
            output.WriteLine($"        {line}");
        if (Lines.Count > maxLines)
            output.WriteLine($"        ... {Lines.Count - maxLines} more");
    }
}
