using System.Text.RegularExpressions;

namespace IlDump;

/// <summary>ilspycmd's IL spelling: top-level scanning and signature normalisation.</summary>
internal static partial class IlText
{
    /// <summary>
    /// Each character of <paramref name="text"/> with its nesting depth: 0 at the top level (a bracket counts at the
    /// level outside it), more inside the <paramref name="open"/>/<paramref name="close"/> brackets, -1 inside quotes.
    /// </summary>
    public static IEnumerable<(int Index, char Char, int Depth)> Scan(string text, string open = "(<[", string close = ")>]")
    {
        int depth = 0;
        char quote = '\0';
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            if (quote != '\0' || c is '\'' or '"')
            {
                quote = quote == '\0' ? c : c == quote ? '\0' : quote;
                yield return (i, c, -1);
                continue;
            }

            depth -= close.Contains(c) ? 1 : 0;
            yield return (i, c, depth);
            depth += open.Contains(c) ? 1 : 0;
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
        int open = IndexOfTopLevel(token, "<", from: 1);
        open = open < 0 ? token.Length : open;
        return (string.Join('/', token[..open].Split('/').Select(Unquote)), token[open..]);
    }

    /// <summary>The names of a generic parameter or argument list: <c>&lt;T, U&gt;</c> → [T, U]; "" → [].</summary>
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
        int count = tokens.Count > 1 && !(tokens.Count == 2 && tokens[0] == "native") ? tokens.Count - 1 : tokens.Count;
        return NormalizeType(string.Join(' ', tokens.Take(count)));
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
/// A member reference as an IL operand spells it (<c>instance void valuetype [System.Runtime]System.ReadOnlySpan`1&lt;uint8&gt;::.ctor(void*, int32)</c>,
/// a field <c>uint8[] Ns.Tables::Squares</c>); the rules file's method keys are read the same way.
/// </summary>
/// <param name="Scope">The assembly in brackets before the declaring type, or null when it is the listing's own.</param>
/// <param name="Keyword">valuetype or class when the operand says which, else null.</param>
/// <param name="TypeGeneric">The declaring type's type arguments as written (<c>&lt;uint8&gt;</c>), or empty.</param>
/// <param name="Generic">A generic method's type arguments or parameters as written (<c>&lt;uint64&gt;</c>, <c>&lt;T&gt;</c>), or empty.</param>
/// <param name="Parameters">Normalised parameter types, null for a field.</param>
/// <param name="ValueType">A field's type or a method's return type, normalised.</param>
internal sealed record IlMemberRef(string? Scope, string? Keyword, string TypeName, string TypeGeneric, string Name, string Generic,
    IReadOnlyList<string>? Parameters, string ValueType)
{
    public static IlMemberRef? Parse(string operand)
    {
        int colons = IlText.IndexOfTopLevel(operand, "::");
        List<string> left = colons < 0 ? [] : IlText.SplitTopLevel(operand[..colons]);
        if (left.Count == 0)
            return null;
        string typeToken = left[^1];
        string? keyword = left.Count > 1 && left[^2] is "valuetype" or "class" ? left[^2] : null;
        string valueType = IlText.NormalizeType(string.Join(' ', left.Take(left.Count - (keyword is null ? 1 : 2)).Where(t => t is not ("instance" or "explicit"))));
        string? scope = typeToken.StartsWith('[') ? typeToken[1..typeToken.IndexOf(']')] : null;
        (string typeName, string typeGeneric) = IlText.SplitGeneric(scope is null ? typeToken : typeToken[(scope.Length + 2)..]);
        string right = operand[(colons + 2)..].Trim();
        int open = IlText.IndexOfTopLevel(right, "(");
        if (open < 0)
            return new IlMemberRef(scope, keyword, typeName, typeGeneric, IlText.Unquote(right), "", null, valueType);
        (string name, string generic) = IlText.SplitGeneric(right[..open].Trim());
        List<string> parameters = [.. IlText.SplitTopLevel(right[(open + 1)..right.LastIndexOf(')')], ',').Select(IlText.NormalizeType)];
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
        $"{TypeName.Replace('/', '+')}.{Name}{Generic.Replace(" ", "").Replace("<", "[").Replace(">", "]")}({string.Join(",", Parameters.Select(p => ShortTypeName().Replace(p, "")
            .Replace(" ", "").Replace("*", "Ptr").Replace("&", "Ref").Replace("<", "[").Replace(">", "]")))})";

    /// <summary>Whether <paramref name="pattern"/> (--method) is a part of the key or of <c>Type.Name</c>, or, with * or ?, a glob over either.</summary>
    public bool Matches(string pattern)
    {
        string[] names = [ToString(), $"{TypeName}.{Name}"];
        return pattern.AsSpan().IndexOfAny('*', '?') >= 0
            ? names.Any(n => Glob.IsMatch(n, pattern))
            : names.Any(n => n.Contains(pattern, StringComparison.Ordinal));
    }

    /// <summary>
    /// When this key closes the generic method <paramref name="open"/> (<c>Read&lt;int64&gt;(int64)</c> for <c>Read&lt;T&gt;(int64)</c>),
    /// its type arguments; else null.
    /// </summary>
    public TypeArguments? Closes(MethodKey open)
    {
        if (open.TypeName != TypeName || open.Name != Name || open.Generic.Length == 0 || Generic.Length == 0)
            return null;
        TypeArguments bound = TypeArguments.Bind(open.Generic, Generic, "", "");
        return bound.Text.Length > 0 && this == open with { Generic = Generic, Parameters = [.. open.Parameters.Select(bound.Substitute)] } ? bound : null;
    }

    // System.ReadOnlySpan`1<System.Char> → ReadOnlySpan<Char>: namespaces and arity are noise in a file name.
    [GeneratedRegex(@"[\w.]*\.(?=\w)|`\d+")]
    private static partial Regex ShortTypeName();
}

/// <summary>
/// The type arguments a method runs with (inlined from one call site, or closed in the rules file), by parameter name:
/// its own (<c>!!TOperation=Sparrow.CompareOperation</c>) and its generic declaring type's (<c>!TWord=uint64</c>), so a
/// <c>constrained. !!TOperation</c> call, or a further generic call, can be followed to the code the JIT compiles.
/// </summary>
/// <param name="Text">The bindings as <c>!!Name=Type</c> and <c>!Name=Type</c> pairs separated by <c>;</c> (one string, so equal bindings are equal records).</param>
internal sealed partial record TypeArguments(string Text)
{
    public static readonly TypeArguments None = new("");

    /// <summary>Binds a method's type parameter names (<c>&lt;TOperation&gt;</c>) to a call's arguments, and its declaring type's likewise.</summary>
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
        if (Text.Length == 0)
            return text;
        Dictionary<string, string> bound = Text.Split(';').Select(b => b.Split('=', 2)).ToDictionary(b => b[0], b => b[1]);
        return TypeParameter().Replace(text, m => bound.GetValueOrDefault(m.Value) ?? m.Value);
    }

    [GeneratedRegex(@"!!?[A-Za-z_]\w*")]
    private static partial Regex TypeParameter();
}
