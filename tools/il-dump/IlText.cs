using System.Text.RegularExpressions;

namespace IlDump;

/// <summary>ilspycmd's IL spelling: top-level scanning and signature normalisation.</summary>
internal static partial class IlText
{
    /// <summary>Each character with its nesting depth: 0 at the top level (a bracket counts outside itself), more inside brackets, -1 in quotes.</summary>
    public static IEnumerable<(int Index, char Char, int Depth)> Scan(string text, string open = "(<[", string close = ")>]")
    {
        int depth = 0;
        char quote = '\0';
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            bool quoted = quote != '\0' || c is '\'' or '"';
            if (quoted)
                quote = quote == '\0' ? c : c == quote ? '\0' : quote;
            else if (close.Contains(c))
                depth--;
            yield return (i, c, quoted ? -1 : depth);
            if (!quoted && open.Contains(c))
                depth++;
        }
    }

    /// <summary>Splits at <paramref name="separator"/> (whitespace when null) outside quotes and brackets; parts trimmed, empty ones dropped.</summary>
    public static List<string> SplitTopLevel(string text, char? separator = null)
    {
        List<int> cuts = [-1, .. Scan(text).Where(s => s.Depth == 0 && (separator is { } c ? s.Char == c : char.IsWhiteSpace(s.Char))).Select(s => s.Index), text.Length];
        return [.. cuts.Zip(cuts.Skip(1), (a, b) => text[(a + 1)..b].Trim()).Where(p => p.Length > 0)];
    }

    /// <summary>The index of <paramref name="value"/> at the top level, at or after <paramref name="from"/>; -1 if absent.</summary>
    public static int IndexOfTopLevel(string text, string value, int from = 0) =>
        Scan(text).Where(s => s.Depth == 0 && s.Index >= from && string.CompareOrdinal(text, s.Index, value, 0, value.Length) == 0)
            .Select(s => s.Index).DefaultIfEmpty(-1).First();

    /// <summary><c>Holder`1&lt;T&gt;</c> → (<c>Holder`1</c>, <c>&lt;T&gt;</c>); <c>Outer/'&lt;&gt;c'</c> → (<c>Outer/&lt;&gt;c</c>, ""), each part unquoted.</summary>
    public static (string Name, string Generic) SplitGeneric(string token)
    {
        int open = IndexOfTopLevel(token, "<", from: 1) is >= 0 and var at ? at : token.Length;
        return (string.Join('/', token[..open].Split('/').Select(Unquote)), token[open..]);
    }

    /// <summary>The entries of a generic parameter or argument list: <c>&lt;T, U&gt;</c> → [T, U]; "" → [].</summary>
    public static List<string> GenericList(string generic) => generic.Length == 0 ? [] : SplitTopLevel(generic[1..^1], ',');

    /// <summary>Removes the quotes ilspycmd puts around names such as <c>'value'</c> or <c>'&lt;&gt;c'</c>.</summary>
    public static string Unquote(string name) => name.Length >= 2 && name[0] == '\'' && name[^1] == '\'' ? name[1..^1] : name;

    /// <summary>A type as the rules file writes it: no assembly scopes, no valuetype/class keywords, no modifiers, single spaces.</summary>
    public static string NormalizeType(string type) =>
        Whitespace().Replace(TypeKeyword().Replace(Scope().Replace(Modifier().Replace(type, ""), ""), ""), " ").Trim()
            .Replace("< ", "<").Replace(" >", ">").Replace(" ,", ",");

    /// <summary>A parameter declaration (<c>[out] valuetype [System.Runtime]System.Span`1&lt;char&gt; destination</c>) reduced to its type.</summary>
    public static string NormalizeParameter(string parameter)
    {
        List<string> tokens = SplitTopLevel(ParameterAttribute().Replace(Modifier().Replace(parameter, ""), ""));
        // The last token is the parameter's name, unless the type is "native int" / "native uint" alone.
        return NormalizeType(string.Join(' ', tokens.Take(tokens.Count > 1 && !(tokens.Count == 2 && tokens[0] == "native") ? tokens.Count - 1 : tokens.Count)));
    }

    public static string WithoutSpaces(string text) => Whitespace().Replace(text, "");
    [GeneratedRegex(@"\s*mod(req|opt)\([^)]*\)")]
    private static partial Regex Modifier();
    [GeneratedRegex(@"\[[A-Za-z_][\w.\-]*\](?=[\w'<.!])")]
    private static partial Regex Scope();
    [GeneratedRegex(@"\b(valuetype|class)\s+")]
    private static partial Regex TypeKeyword();
    [GeneratedRegex(@"^\s*(\[(in|out|opt)\]\s*)+")]
    private static partial Regex ParameterAttribute();
    [GeneratedRegex(@"\s+")]
    private static partial Regex Whitespace();
}

/// <summary>
/// A member reference as an IL operand spells it: <c>instance void valuetype [System.Runtime]System.ReadOnlySpan`1&lt;uint8&gt;::.ctor(void*, int32)</c>
/// (Scope System.Runtime, Keyword valuetype, TypeGeneric &lt;uint8&gt;, Parameters normalised, null for a field; ValueType is a field's type or a
/// method's return type). The rules file's method keys are read the same way.
/// </summary>
internal sealed record IlMemberRef(string? Scope, string? Keyword, string TypeName, string TypeGeneric, string Name, string Generic,
    IReadOnlyList<string>? Parameters, string ValueType)
{
    public static IlMemberRef? Parse(string operand)
    {
        int colons = IlText.IndexOfTopLevel(operand, "::");
        List<string> left = colons < 0 ? [] : IlText.SplitTopLevel(operand[..colons]);
        if (left.Count == 0)
            return null;
        string? keyword = left.Count > 1 && left[^2] is "valuetype" or "class" ? left[^2] : null;
        string valueType = IlText.NormalizeType(string.Join(' ', left.SkipLast(keyword is null ? 1 : 2).Where(t => t is not ("instance" or "explicit"))));
        string? scope = left[^1].StartsWith('[') ? left[^1][1..left[^1].IndexOf(']')] : null;
        (string typeName, string typeGeneric) = IlText.SplitGeneric(scope is null ? left[^1] : left[^1][(scope.Length + 2)..]);
        string right = operand[(colons + 2)..].Trim();
        int open = IlText.IndexOfTopLevel(right, "(");
        (string name, string generic) = open < 0 ? (IlText.Unquote(right), "") : IlText.SplitGeneric(right[..open].Trim());
        List<string>? parameters = open < 0 ? null : [.. IlText.SplitTopLevel(right[(open + 1)..right.LastIndexOf(')')], ',').Select(IlText.NormalizeType)];
        return new IlMemberRef(scope, keyword, typeName, typeGeneric, name, generic, parameters, valueType);
    }
}

/// <summary>
/// A method as the rules file and <c>il-dump list</c> name it: <c>Type::Name&lt;T&gt;(param types)</c>, the parameter types in
/// IL spelling without scopes or valuetype/class; a generic method closed with its type arguments is <c>Name&lt;int64&gt;(...)</c>.
/// Two keys are equal whatever their spacing.
/// </summary>
internal sealed partial record MethodKey(string TypeName, string Name, string Generic, IReadOnlyList<string> Parameters)
{
    public static MethodKey? Parse(string text) =>
        IlMemberRef.Parse(text) is { Scope: null, Keyword: null, ValueType: "", Parameters: { } parameters } m ? new MethodKey(m.TypeName, m.Name, m.Generic, parameters) : null;

    public override string ToString() => $"{TypeName}::{Name}{Generic}({string.Join(", ", Parameters)})";
    public bool Equals(MethodKey? other) => other is not null && IlText.WithoutSpaces(ToString()) == IlText.WithoutSpaces(other.ToString());
    public override int GetHashCode() => IlText.WithoutSpaces(ToString()).GetHashCode(StringComparison.Ordinal);

    /// <summary>The method as the JIT names it (<c>Sparrow.Memory:Compare</c>, nested types joined with +).</summary>
    public string JitName => $"{TypeName.Replace('/', '+')}:{Name}";

    /// <summary>The file name of the method's artifacts: <c>Sparrow.Memory.Compare(uint8Ptr,uint8Ptr,int32)</c>, <c>Ns.T.Read[int64](int64)</c>.</summary>
    public string FileStem => $"{TypeName.Replace('/', '+')}.{Name}" + ShortTypeName().Replace($"{Generic}({string.Join(",", Parameters)})", "")
        .Replace(" ", "").Replace("*", "Ptr").Replace("&", "Ref").Replace("<", "[").Replace(">", "]");

    /// <summary>Whether <paramref name="pattern"/> (--method) is a part of the key or of <c>Type.Name</c>, or, with * or ?, a glob over either.</summary>
    public bool Matches(string pattern) =>
        new[] { ToString(), $"{TypeName}.{Name}" }.Any(n => pattern.AsSpan().IndexOfAny('*', '?') >= 0 ? Glob.IsMatch(n, pattern) : n.Contains(pattern, StringComparison.Ordinal));

    /// <summary>The type arguments this key closes the generic method <paramref name="open"/> with (<c>Read&lt;int64&gt;(int64)</c> for <c>Read&lt;T&gt;(int64)</c>), else null.</summary>
    public TypeArguments? Closes(MethodKey open)
    {
        TypeArguments bound = TypeArguments.Bind(open.Generic, Generic, "", "");
        return open.TypeName == TypeName && open.Name == Name && bound.Text.Length > 0
            && this == open with { Generic = Generic, Parameters = [.. open.Parameters.Select(bound.Substitute)] } ? bound : null;
    }

    // System.ReadOnlySpan`1<System.Char> → ReadOnlySpan<Char>: namespaces and arity are noise in a file name.
    [GeneratedRegex(@"[\w.]*\.(?=\w)|`\d+")]
    private static partial Regex ShortTypeName();
}

/// <summary>
/// The type arguments a method runs with (inlined from a call site, or closed in the rules file) by name, its own and its declaring
/// type's: <c>!!TOperation=Sparrow.CompareOperation;!TWord=uint64</c> (one string, so equal bindings are equal records). With them a
/// <c>constrained. !!TOperation</c> call, or a further generic call, is followed to the code the JIT compiles.
/// </summary>
internal sealed partial record TypeArguments(string Text)
{
    public static readonly TypeArguments None = new("");

    public static TypeArguments Bind(string methodParameters, string methodArguments, string typeParameters, string typeArguments) =>
        new(string.Join(';', Pairs("!!", methodParameters, methodArguments).Concat(Pairs("!", typeParameters, typeArguments))));

    private static IEnumerable<string> Pairs(string prefix, string parameterNames, string arguments)
    {
        List<string> names = IlText.GenericList(parameterNames), types = IlText.GenericList(arguments);
        return names.Count != types.Count ? [] : names.Zip(types, (n, t) => $"{prefix}{n}={t}");
    }

    /// <summary><paramref name="text"/> with every bound <c>!!Name</c> and <c>!Name</c> replaced by its type (positional <c>!!0</c>, <c>!0</c> stay).</summary>
    public string Substitute(string text)
    {
        Dictionary<string, string> bound = Text.Split(';', StringSplitOptions.RemoveEmptyEntries).Select(b => b.Split('=', 2)).ToDictionary(b => b[0], b => b[1]);
        return bound.Count == 0 ? text : TypeParameter().Replace(text, m => bound.GetValueOrDefault(m.Value) ?? m.Value);
    }

    [GeneratedRegex(@"!!?[A-Za-z_]\w*")]
    private static partial Regex TypeParameter();
}
