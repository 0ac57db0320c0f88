namespace IlDump;

/// <summary>
/// A method as the rules file and <c>il-dump list</c> name it: <c>Type::Name&lt;T&gt;(param types)</c>, the parameter
/// types in IL spelling without assembly scopes or valuetype/class (<c>uint8*</c>, <c>System.Span`1&lt;char&gt;</c>).
/// Two keys are equal whatever their spacing.
/// </summary>
internal sealed partial record MethodKey(string TypeName, string Name, string Generic, IReadOnlyList<string> Parameters)
{
    /// <summary>The key written as <paramref name="text"/>, or null when it is not <c>Type::Name(param types)</c>.</summary>
    public static MethodKey? Parse(string text) =>
        IlMemberRef.Parse(text) is { Scope: null, Keyword: null, ValueType: "", Parameters: { } parameters } m
            ? new MethodKey(m.TypeName, m.Name, m.Generic, parameters)
            : null;

    public override string ToString() => $"{TypeName}::{Name}{Generic}({string.Join(", ", Parameters)})";

    public bool Equals(MethodKey? other) => other is not null && IlText.WithoutSpaces(ToString()) == IlText.WithoutSpaces(other.ToString());

    public override int GetHashCode() => IlText.WithoutSpaces(ToString()).GetHashCode(StringComparison.Ordinal);

    /// <summary>The method as the JIT names it (<c>Sparrow.Memory:Compare</c>, nested types joined with +).</summary>
    public string JitName => $"{TypeName.Replace('/', '+')}:{Name}";

    /// <summary>The file name of the method's artifacts: <c>Sparrow.Memory.Compare(uint8Ptr,uint8Ptr,int32)</c>.</summary>
    public string FileStem =>
        $"{TypeName.Replace('/', '+')}.{Name}({string.Join(",", Parameters.Select(p => ShortTypeName().Replace(p, "")
            .Replace(" ", "").Replace("*", "Ptr").Replace("&", "Ref").Replace("<", "[").Replace(">", "]")))})";

    /// <summary>
    /// Whether <paramref name="pattern"/> picks this method (--method): with * or ?, a glob over the key or
    /// <c>Type.Name</c>; otherwise a part of either.
    /// </summary>
    public bool Matches(string pattern)
    {
        string[] names = [ToString(), $"{TypeName}.{Name}"];
        return pattern.Contains('*') || pattern.Contains('?')
            ? names.Any(n => Glob.IsMatch(n, pattern))
            : names.Any(n => n.Contains(pattern, StringComparison.Ordinal));
    }

    // System.ReadOnlySpan`1<System.Char> → ReadOnlySpan<Char>: namespaces and arity are noise in a file name.
    [System.Text.RegularExpressions.GeneratedRegex(@"[\w.]*\.(?=\w)|`\d+")]
    private static partial System.Text.RegularExpressions.Regex ShortTypeName();
}
