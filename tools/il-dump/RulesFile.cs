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

/// <summary>One entry of the rules file: a hot method and the rules its IL and machine code must keep.</summary>
/// <param name="Env">NAME=VALUE pairs added to the environment of the process that JITs the method (env:).</param>
/// <param name="Requires">System.Runtime.Intrinsics.X86 classes the JIT must support, else the machine-code rules SKIP (requires:).</param>
internal sealed record HotMethod(MethodKey Key, int Line, List<RuleRef> IlRules, List<RuleRef> AsmRules, List<Allowance> Allowances,
    List<string> Env, List<string> Requires)
{
    public IEnumerable<Allowance> Allowed(string kind) => Allowances.Where(a => a.Kind == kind);

    /// <summary>The method as result rows and artifact files name it: the key, then the environment when there is one.</summary>
    public string Display => Env.Count == 0 ? Key.ToString() : $"{Key} [{string.Join(' ', Env)}]";

    /// <summary>The file name of the entry's machine-code artifacts (entries of one method differ by their environment).</summary>
    public string FileStem => string.Join('.', Env.Prepend(Key.FileStem));
}

/// <summary>
/// The hot-method list: <c>assembly</c> lines naming the projects to inspect, then one entry per method,
/// <c>Type::Method(param types)</c> followed by <c>il:</c>, <c>asm:</c>, <c>allow:</c>, <c>env:</c> and <c>requires:</c>
/// sections on the same or indented following lines. See tools/il-dump/hot-methods.rules for the full description.
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
            string line = lines[i].Split('#')[0].TrimEnd();
            string where = $"{System.IO.Path.GetFileName(path)}:{i + 1}";
            if (line.Length == 0)
                continue;
            if (line.StartsWith("assembly ", StringComparison.Ordinal))
            {
                projects.Add(line["assembly ".Length..].Trim());
                current = null;
                continue;
            }

            if (!char.IsWhiteSpace(line[0]))
            {
                int close = IlText.IndexOfTopLevel(line, ")");
                current = new HotMethod((close < 0 ? null : MethodKey.Parse(line[..(close + 1)].Trim()))
                    ?? throw new CouldNotRunException($"{where}: expected 'assembly <project>' or 'Type::Method(param types)', got '{line.Trim()}'"),
                    i + 1, [], [], [], [], []);
                methods.Add(current);
                section = null;
                line = line[(close + 1)..];
            }

            foreach (string token in line.Split([' ', '\t', ';'], StringSplitOptions.RemoveEmptyEntries))
            {
                if (current is null)
                    throw new CouldNotRunException($"{where}: rules without a method above them");
                if (token is "il:" or "asm:" or "allow:" or "env:" or "requires:")
                    section = token;
                else
                    AddToSection(current, section, token, where);
            }
        }

        foreach (HotMethod method in methods)
        {
            string where = $"{System.IO.Path.GetFileName(path)}:{method.Line}";
            if (method.IlRules.Count == 0 && method.AsmRules.Count == 0)
                throw new CouldNotRunException($"{where}: {method.Key} has no rules");
            if (!ReferenceEquals(methods.First(m => m.Display == method.Display), method))
                throw new CouldNotRunException($"{where}: {method.Display} is listed twice (give each entry of one method its own env:)");
        }

        return new RulesFile { Path = path, Root = root, Projects = projects, Methods = methods };
    }

    /// <summary>The same rules with <paramref name="env"/> (from --env) added to every entry's environment, replacing a variable of the same name.</summary>
    public RulesFile WithEnv(IReadOnlyList<string> env) => env.Count == 0 ? this : new RulesFile
    {
        Path = Path, Root = Root, Projects = Projects,
        Methods = Methods.Select(m => m with { Env = [.. m.Env.Where(e => !env.Any(x => EnvName(x) == EnvName(e))), .. env] }).ToList(),
    };

    /// <summary>NAME of a NAME=VALUE pair.</summary>
    public static string EnvName(string pair) => pair[..pair.IndexOf('=')];

    private static void AddToSection(HotMethod method, string? section, string token, string where)
    {
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
            case "env:":
                method.Env.Add(EnvPattern().IsMatch(token) ? token : throw new CouldNotRunException($"{where}: '{token}' is not NAME=VALUE"));
                break;
            case "requires:":
                method.Requires.Add(JitChild.IsaSupported(token) is not null ? token
                    : throw new CouldNotRunException($"{where}: '{token}' is not a System.Runtime.Intrinsics.X86 class (Avx2, Avx512BW.VL, ...)"));
                break;
            default:
                throw new CouldNotRunException($"{where}: '{token}' is outside an il:, asm:, allow:, env: or requires: section");
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

    /// <summary>
    /// The repository root: the nearest directory holding .config/dotnet-tools.json (where ilspycmd is pinned) above
    /// the rules file, else above the current directory, else above this tool's own files.
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

    [GeneratedRegex(@"^[A-Za-z_][A-Za-z0-9_]*=")]
    private static partial Regex EnvPattern();
}

/// <summary>Glob matching with <c>*</c> (any run of characters) and <c>?</c>.</summary>
internal static class Glob
{
    public static bool IsMatch(string text, string pattern) =>
        Regex.IsMatch(text, "^" + Regex.Escape(pattern).Replace(@"\*", ".*").Replace(@"\?", ".") + "$");
}

/// <summary>The tool could not do its job (exit code 2): a missing method, a failed build, no ilspycmd.</summary>
internal sealed class CouldNotRunException(string message) : Exception(message);
