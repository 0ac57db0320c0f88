using System.Text.RegularExpressions;

namespace IlDump;

/// <summary>A rule named in the rules file, with its optional number (<c>switch&gt;=16</c>).</summary>
internal sealed record RuleRef(string Name, int? Argument)
{
    public override string ToString() => Argument is { } n ? $"{Name}>={n}" : Name;
}

/// <summary>A per-method allowance: <c>newobj=System.String</c>, <c>call=Sparrow.Memory:Throw*</c>, <c>helper=CORINFO_HELP_NEWSFAST</c>.</summary>
internal sealed record Allowance(string Kind, string Pattern)
{
    public bool Matches(string text) => Glob.IsMatch(text, Pattern);
}

/// <summary>One hot method and the rules its IL and machine code must keep.</summary>
internal sealed record HotMethod(string Key, int Line, List<RuleRef> IlRules, List<RuleRef> AsmRules, List<Allowance> Allowances)
{
    public IEnumerable<Allowance> Allowed(string kind) => Allowances.Where(a => a.Kind == kind);
}

/// <summary>
/// The hot-method list: <c>assembly</c> lines naming the projects to inspect, then one entry per method,
/// <c>Type::Method(param types)</c> followed by <c>il:</c>, <c>asm:</c> and <c>allow:</c> sections on the same
/// or indented following lines. See tools/il-dump/hot-methods.rules for the full description.
/// </summary>
internal sealed partial class RulesFile
{
    public required string Path { get; init; }

    /// <summary>The directory the project paths are relative to: the nearest one above the file holding .config/dotnet-tools.json.</summary>
    public required string Root { get; init; }

    /// <summary>Project files, relative to <see cref="Root"/>.</summary>
    public required List<string> Projects { get; init; }

    public required List<HotMethod> Methods { get; init; }

    public static RulesFile Load(string path)
    {
        string full = System.IO.Path.GetFullPath(path);
        if (!File.Exists(full))
            throw new CouldNotRunException($"rules file not found: {path}");
        return Parse(File.ReadAllText(full), full, FindRoot(full));
    }

    public static RulesFile Parse(string text, string path, string root)
    {
        var projects = new List<string>();
        var methods = new List<HotMethod>();
        HotMethod? current = null;
        string? section = null;
        string[] lines = text.ReplaceLineEndings("\n").Split('\n');
        for (int i = 0; i < lines.Length; i++)
        {
            string line = StripComment(lines[i]);
            if (line.Trim().Length == 0)
                continue;

            string where = $"{System.IO.Path.GetFileName(path)}:{i + 1}";
            string rest;
            if (!char.IsWhiteSpace(line[0]))
            {
                if (line.StartsWith("assembly ", StringComparison.Ordinal))
                {
                    projects.Add(line["assembly ".Length..].Trim());
                    current = null;
                    continue;
                }

                int close = SignatureEnd(line);
                if (!line.Contains("::", StringComparison.Ordinal) || close < 0)
                    throw new CouldNotRunException($"{where}: expected 'assembly <project>' or 'Type::Method(param types)', got '{line.Trim()}'");
                current = new HotMethod(line[..(close + 1)].Trim(), i + 1, [], [], []);
                section = null;
                methods.Add(current);
                rest = line[(close + 1)..];
            }
            else
            {
                if (current is null)
                    throw new CouldNotRunException($"{where}: rules without a method above them");
                rest = line;
            }

            ReadSections(rest, current, where, ref section);
        }

        foreach (HotMethod method in methods.Where(m => m.IlRules.Count == 0 && m.AsmRules.Count == 0))
            throw new CouldNotRunException($"{System.IO.Path.GetFileName(path)}:{method.Line}: {method.Key} has no rules");

        return new RulesFile { Path = path, Root = root, Projects = projects, Methods = methods };
    }

    private static void ReadSections(string text, HotMethod method, string where, ref string? section)
    {
        foreach (string token in text.Split([' ', '\t', ';'], StringSplitOptions.RemoveEmptyEntries))
        {
            if (token is "il:" or "asm:" or "allow:")
            {
                section = token;
                continue;
            }

            switch (section)
            {
                case "il:":
                    method.IlRules.Add(ParseRule(token, IlRules.Names, where));
                    break;
                case "asm:":
                    method.AsmRules.Add(ParseRule(token, AsmRules.Names, where));
                    break;
                case "allow:":
                    int eq = token.IndexOf('=');
                    string kind = eq > 0 ? token[..eq] : "";
                    if (kind is not ("newobj" or "call" or "helper") || eq == token.Length - 1)
                        throw new CouldNotRunException($"{where}: allowance '{token}' is not newobj=<type>, call=<Type:Method pattern> or helper=<CORINFO_HELP_...>");
                    method.Allowances.Add(new Allowance(kind, token[(eq + 1)..]));
                    break;
                default:
                    throw new CouldNotRunException($"{where}: '{token}' is outside an il:, asm: or allow: section");
            }
        }
    }

    private static RuleRef ParseRule(string token, IReadOnlyCollection<string> known, string where)
    {
        Match m = RulePattern().Match(token);
        if (!m.Success || !known.Contains(m.Groups[1].Value))
            throw new CouldNotRunException($"{where}: unknown rule '{token}' (known: {string.Join(", ", known)})");
        int? argument = m.Groups[2].Success ? int.Parse(m.Groups[2].Value, System.Globalization.CultureInfo.InvariantCulture) : null;
        if (m.Groups[1].Value == "switch" && argument is null)
            throw new CouldNotRunException($"{where}: write the switch rule as switch>=N");
        return new RuleRef(m.Groups[1].Value, argument);
    }

    private static string StripComment(string line)
    {
        int hash = line.IndexOf('#');
        return (hash >= 0 ? line[..hash] : line).TrimEnd();
    }

    /// <summary>The index of the ')' closing the method's parameter list, or -1.</summary>
    private static int SignatureEnd(string line)
    {
        int depth = 0;
        for (int i = 0; i < line.Length; i++)
        {
            if (line[i] == '(')
                depth++;
            else if (line[i] == ')' && --depth == 0)
                return i;
        }

        return -1;
    }

    /// <summary>
    /// The repository root: the nearest directory holding .config/dotnet-tools.json above the rules file,
    /// else above the current directory, else above this tool's own files.
    /// </summary>
    public static string FindRoot(string? rulesPath)
    {
        string?[] starts = [rulesPath is null ? null : System.IO.Path.GetDirectoryName(rulesPath), Directory.GetCurrentDirectory(), AppContext.BaseDirectory];
        foreach (string start in starts.OfType<string>())
        {
            for (DirectoryInfo? dir = new(start); dir is not null; dir = dir.Parent)
            {
                if (File.Exists(System.IO.Path.Combine(dir.FullName, ".config", "dotnet-tools.json")))
                    return dir.FullName;
            }
        }

        throw new CouldNotRunException("no .config/dotnet-tools.json above the rules file, the current directory or the tool: cannot find the repository root");
    }

    [GeneratedRegex(@"^([a-z0-9-]+)(?:>=(\d+))?$")]
    private static partial Regex RulePattern();
}

/// <summary>Glob matching with <c>*</c> (any run of characters) and <c>?</c>.</summary>
internal static class Glob
{
    public static bool IsMatch(string text, string pattern) =>
        Regex.IsMatch(text, "^" + Regex.Escape(pattern).Replace(@"\*", ".*").Replace(@"\?", ".") + "$");
}

/// <summary>The tool could not do its job (exit code 2): a missing method, a failed build, no ilspycmd.</summary>
internal sealed class CouldNotRunException(string message) : Exception(message);
