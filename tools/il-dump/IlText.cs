using System.Text.RegularExpressions;

namespace IlDump;

/// <summary>Small helpers for ilspycmd's IL spelling: top-level scanning and signature normalisation.</summary>
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

            if (close.Contains(c))
                depth--;
            yield return (i, c, depth);
            if (open.Contains(c))
                depth++;
        }
    }

    /// <summary>
    /// Splits <paramref name="text"/> at <paramref name="separator"/> (or at whitespace when it is null) where it
    /// is not inside quotes, <c>()</c>, <c>&lt;&gt;</c> or <c>[]</c>.
    /// </summary>
    public static List<string> SplitTopLevel(string text, char? separator = null)
    {
        var parts = new List<string>();
        int start = 0;
        foreach ((int i, char c, int depth) in Scan(text))
        {
            if (depth == 0 && (separator is { } s ? c == s : char.IsWhiteSpace(c)))
            {
                Add(text[start..i]);
                start = i + 1;
            }
        }

        Add(text[start..]);
        return parts;

        void Add(string part)
        {
            if (part.Trim() is { Length: > 0 } trimmed)
                parts.Add(trimmed);
        }
    }

    /// <summary>Finds <paramref name="value"/> in <paramref name="text"/> at the top level, at or after <paramref name="from"/>; -1 if absent.</summary>
    public static int IndexOfTopLevel(string text, string value, int from = 0)
    {
        foreach ((int i, _, int depth) in Scan(text))
        {
            if (depth == 0 && i >= from && string.CompareOrdinal(text, i, value, 0, value.Length) == 0)
                return i;
        }

        return -1;
    }

    /// <summary>
    /// A name and its generic part: <c>Holder`1&lt;T&gt;</c> → (<c>Holder`1</c>, <c>&lt;T&gt;</c>),
    /// <c>Outer/'&lt;&gt;c'</c> → (<c>Outer/&lt;&gt;c</c>, ""), each part of a nested name unquoted.
    /// </summary>
    public static (string Name, string Generic) SplitGeneric(string token)
    {
        int open = IndexOfTopLevel(token, "<", from: 1);
        if (open < 0)
            open = token.Length;
        return (string.Join('/', token[..open].Split('/').Select(Unquote)), token[open..]);
    }

    /// <summary>Removes the quotes ilspycmd puts around names such as <c>'value'</c> or <c>'&lt;&gt;c'</c>.</summary>
    public static string Unquote(string name) =>
        name.Length >= 2 && name[0] == '\'' && name[^1] == '\'' ? name[1..^1] : name;

    /// <summary>
    /// A type as written in a signature, reduced to the form the rules file uses: no assembly scopes
    /// (<c>[System.Runtime]</c>), no <c>valuetype</c>/<c>class</c> keywords, no modifiers, single spaces.
    /// </summary>
    public static string NormalizeType(string type)
    {
        string text = Modifier().Replace(type, "");
        text = Scope().Replace(text, "");
        text = TypeKeyword().Replace(text, "");
        text = Whitespace().Replace(text, " ").Trim();
        return text.Replace("< ", "<").Replace(" >", ">").Replace(" ,", ",");
    }

    /// <summary>A parameter declaration (<c>[out] valuetype [System.Runtime]System.Span`1&lt;char&gt; destination</c>) reduced to its type.</summary>
    public static string NormalizeParameter(string parameter)
    {
        string text = ParameterAttribute().Replace(Modifier().Replace(parameter, ""), "").Trim();
        List<string> tokens = SplitTopLevel(text);
        // The last token is the parameter's name, unless the type is "native int" / "native uint" alone.
        if (tokens.Count > 1 && !(tokens.Count == 2 && tokens[0] == "native"))
            tokens.RemoveAt(tokens.Count - 1);
        return NormalizeType(string.Join(' ', tokens));
    }

    /// <summary>Normalises each parameter of a <c>(a, b)</c> list as written in the rules file or an IL operand.</summary>
    public static List<string> NormalizeParameterTypes(string list) =>
        SplitTopLevel(list, ',').Select(NormalizeType).ToList();

    /// <summary>Signatures compare without regard to spacing.</summary>
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
