using System.Text;
using System.Text.RegularExpressions;

namespace IlDump;

/// <summary>Small helpers for ilspycmd's IL spelling: top-level tokenising and signature normalisation.</summary>
internal static partial class IlText
{
    /// <summary>
    /// Splits <paramref name="text"/> at <paramref name="separator"/> (or at whitespace when it is null) where it
    /// is not inside quotes, <c>()</c>, <c>&lt;&gt;</c> or <c>[]</c>.
    /// </summary>
    public static List<string> SplitTopLevel(string text, char? separator = null)
    {
        var parts = new List<string>();
        var current = new StringBuilder();
        int depth = 0;
        char quote = '\0';
        foreach (char c in text)
        {
            if (quote != '\0')
            {
                current.Append(c);
                if (c == quote)
                    quote = '\0';
                continue;
            }

            if (c is '\'' or '"')
                quote = c;
            else if (c is '(' or '<' or '[')
                depth++;
            else if (c is ')' or '>' or ']')
                depth--;

            bool split = depth == 0 && (separator is { } s ? c == s : char.IsWhiteSpace(c));
            if (split)
            {
                Flush();
                continue;
            }

            current.Append(c);
        }

        Flush();
        return parts;

        void Flush()
        {
            string part = current.ToString().Trim();
            if (part.Length > 0)
                parts.Add(part);
            current.Clear();
        }
    }

    /// <summary>Finds <paramref name="value"/> in <paramref name="text"/> outside quotes and brackets; -1 if absent.</summary>
    public static int IndexOfTopLevel(string text, string value)
    {
        int depth = 0;
        char quote = '\0';
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            if (quote != '\0')
            {
                if (c == quote)
                    quote = '\0';
                continue;
            }

            if (c is '\'' or '"')
                quote = c;
            else if (c is '(' or '<' or '[')
                depth++;
            else if (c is ')' or '>' or ']')
                depth--;
            else if (depth == 0 && string.CompareOrdinal(text, i, value, 0, value.Length) == 0)
                return i;
        }

        return -1;
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
        if (tokens.Count > 1 && !IsTypeKeywordPair(tokens))
            tokens.RemoveAt(tokens.Count - 1);
        return NormalizeType(string.Join(' ', tokens));
    }

    /// <summary>The rules file compares signatures without regard to spacing.</summary>
    public static string KeyForComparison(string key) => Whitespace().Replace(key, "");

    /// <summary>Normalises each parameter of a <c>(a, b)</c> list as written in the rules file or an IL operand.</summary>
    public static List<string> NormalizeParameterTypes(string list) =>
        SplitTopLevel(list, ',').Select(NormalizeType).ToList();

    // "native int" / "native uint" with no parameter name after them.
    private static bool IsTypeKeywordPair(List<string> tokens) =>
        tokens.Count == 2 && tokens[0] == "native";

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
