namespace IlDump;

// ilspycmd's IL spelling: top-level scanning and signature normalisation.
internal static partial class IlText
{
    // Each character with its nesting depth: 0 at the top level (a bracket counts outside itself), more inside brackets, -1 in quotes.
    public static IEnumerable<(int Index, char Char, int Depth)> Scan(string text, string open = "(<[", string close = ")>]")
    {
        (int depth, char quote) = (0, '\0');
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

    // Splits at separator (whitespace when null) outside quotes and brackets; parts trimmed, empty ones dropped.
    public static List<string> SplitTopLevel(string text, char? separator = null)
    {
        List<int> cuts = [-1, .. Scan(text).Where(s => s.Depth == 0 && (separator is { } c ? s.Char == c : char.IsWhiteSpace(s.Char))).Select(s => s.Index), text.Length];
        return [.. cuts.Zip(cuts.Skip(1), (a, b) => text[(a + 1)..b].Trim()).Where(p => p.Length > 0)];
    }

    // The index of value at the top level, at or after from; -1 if absent.
    public static int IndexOfTopLevel(string text, string value, int from = 0) =>
        Scan(text).Where(s => s.Depth == 0 && s.Index >= from && string.CompareOrdinal(text, s.Index, value, 0, value.Length) == 0)
            .Select(s => s.Index).DefaultIfEmpty(-1).First();

    // Holder`1<T> → (Holder`1, <T>); Outer/'<>c' → (Outer/<>c, ""), each part unquoted.
    public static (string Name, string Generic) SplitGeneric(string token)
    {
        int open = IndexOfTopLevel(token, "<", from: 1) is >= 0 and var at ? at : token.Length;
        return (string.Join('/', token[..open].Split('/').Select(Unquote)), token[open..]);
    }

    // The entries of a generic parameter or argument list: <T, U> → [T, U]; "" → [].
    public static List<string> GenericList(string generic) => generic.Length == 0 ? [] : SplitTopLevel(generic[1..^1], ',');

    // Removes the quotes ilspycmd puts around names such as 'value' or '<>c'.
    public static string Unquote(string name) => name.Length >= 2 && name[0] == '\'' && name[^1] == '\'' ? name[1..^1] : name;

    // A type as the rules file writes it: no assembly scopes, no valuetype/class keywords, no modifiers, single spaces.
    public static string NormalizeType(string type) =>
        Whitespace().Replace(TypeKeyword().Replace(Scope().Replace(Modifier().Replace(type, ""), ""), ""), " ").Trim()
            .Replace("< ", "<").Replace(" >", ">").Replace(" ,", ",");

    // A parameter declaration ([out] valuetype [System.Runtime]System.Span`1<char> destination) reduced to its type.
    public static string NormalizeParameter(string parameter)
    {
        List<string> tokens = SplitTopLevel(ParameterAttribute().Replace(Modifier().Replace(parameter, ""), ""));
        // The last token is the parameter's name, unless the type is "native int" / "native uint" alone.
        return NormalizeType(string.Join(' ', tokens.Take(tokens.Count > 1 && !(tokens.Count == 2 && tokens[0] == "native") ? tokens.Count - 1 : tokens.Count)));
    }

    public static string WithoutSpaces(string text) => Whitespace().Replace(text, "");
    [GeneratedRegex(@"\s*mod(req|opt)\([^)]*\)")] private static partial Regex Modifier();
    [GeneratedRegex(@"\[[A-Za-z_][\w.\-]*\](?=[\w'<.!])")] private static partial Regex Scope();
    [GeneratedRegex(@"\b(valuetype|class)\s+")] private static partial Regex TypeKeyword();
    [GeneratedRegex(@"^\s*(\[(in|out|opt)\]\s*)+")] private static partial Regex ParameterAttribute();
    [GeneratedRegex(@"\s+")] private static partial Regex Whitespace();
}

// A member reference as an IL operand spells it: instance void valuetype [System.Runtime]System.ReadOnlySpan`1<uint8>::.ctor(void*, int32), or a
// field's uint8[] Ns.T::Table (ValueType: the field's or return type; Parameters null for a field). Method keys are read the same way.
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

// A method as the rules file and `il-dump list` name it: Type::Name<T>(IL parameter types), closed generics as Name<int64>(...); spacing is ignored.
internal sealed partial record MethodKey(string TypeName, string Name, string Generic, IReadOnlyList<string> Parameters)
{
    public static MethodKey? Parse(string text) =>
        IlMemberRef.Parse(text) is { Scope: null, Keyword: null, ValueType: "", Parameters: { } parameters } m ? new MethodKey(m.TypeName, m.Name, m.Generic, parameters) : null;

    public override string ToString() => $"{TypeName}::{Name}{Generic}({string.Join(", ", Parameters)})";
    public bool Equals(MethodKey? other) => other is not null && IlText.WithoutSpaces(ToString()) == IlText.WithoutSpaces(other.ToString());
    public override int GetHashCode() => IlText.WithoutSpaces(ToString()).GetHashCode(StringComparison.Ordinal);

    // The method as the JIT names it (Sparrow.Memory:Compare, nested types joined with +).
    public string JitName => $"{TypeName.Replace('/', '+')}:{Name}";

    // The file name of the method's artifacts: Sparrow.Memory.Compare(uint8Ptr,uint8Ptr,int32), Ns.T.Read[int64](int64);
    // a nested type among the parameters joined with + as well (a / would make the name a directory).
    public string FileStem => $"{TypeName.Replace('/', '+')}.{Name}" + ShortTypeName().Replace($"{Generic}({string.Join(",", Parameters)})", "")
        .Replace(" ", "").Replace("*", "Ptr").Replace("&", "Ref").Replace("<", "[").Replace(">", "]").Replace('/', '+');

    // Whether pattern (--method) is a part of the key or of Type.Name, or, with * or ?, a glob over either.
    public bool Matches(string pattern) =>
        new[] { ToString(), $"{TypeName}.{Name}" }.Any(n => pattern.AsSpan().IndexOfAny('*', '?') >= 0 ? Glob.IsMatch(n, pattern) : n.Contains(pattern, StringComparison.Ordinal));

    // The type arguments this key closes the generic method open with (Read<int64>(int64) for Read<T>(int64)), else null.
    public TypeArguments? Closes(MethodKey open)
    {
        TypeArguments bound = TypeArguments.Bind(open.Generic, Generic, "", "");
        return open.TypeName == TypeName && open.Name == Name && bound.Text.Length > 0
            && this == open with { Generic = Generic, Parameters = [.. open.Parameters.Select(bound.Substitute)] } ? bound : null;
    }

    // System.ReadOnlySpan`1<System.Char> → ReadOnlySpan<Char>: namespaces and arity are noise in a file name.
    [GeneratedRegex(@"[\w.]*\.(?=\w)|`\d+")] private static partial Regex ShortTypeName();
}

// The type arguments a method runs with, by name: !!TOperation=Sparrow.CompareOperation;!TWord=uint64 (one string: equal bindings are equal
// records). With them a constrained. !!TOperation call, or a further generic call, is followed to the code the JIT compiles.
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

    // text with every bound !!Name and !Name replaced by its type (positional !!0, !0 stay).
    public string Substitute(string text)
    {
        Dictionary<string, string> bound = Text.Split(';', StringSplitOptions.RemoveEmptyEntries).Select(b => b.Split('=', 2)).ToDictionary(b => b[0], b => b[1]);
        return bound.Count == 0 ? text : TypeParameter().Replace(text, m => bound.GetValueOrDefault(m.Value) ?? m.Value);
    }

    [GeneratedRegex(@"!!?[A-Za-z_]\w*")] private static partial Regex TypeParameter();
}
