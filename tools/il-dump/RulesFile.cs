using System.Text.RegularExpressions;

namespace IlDump;

/// <summary>A rule named in the rules file, with its optional number (<c>switch&gt;=16</c>).</summary>
internal sealed record RuleRef(string Name, int? Argument)
{
    public override string ToString() => Argument is { } n ? $"{Name}>={n}" : Name;
}

/// <summary>A per-method allowance: <c>newobj=System.String</c>, <c>call=Sparrow.Memory:Throw*</c>, <c>helper=CORINFO_HELP_STRCNS</c>.</summary>
internal sealed record Allowance(string Kind, string Pattern);

/// <summary>
/// One entry of the rules file: a hot method, the rules its IL and machine code must keep, the environment its JIT runs
/// with (env:, twin:) and the instruction sets without which its machine-code rules SKIP (requires:).
/// </summary>
internal sealed record HotMethod(MethodKey Key, int Line, List<RuleRef> IlRules, List<RuleRef> AsmRules, List<Allowance> Allowances,
    List<string> Env, List<string> Requires)
{
    /// <summary>Whether the key is a glob (an <c>every</c> entry) naming each listed method it matches.</summary>
    public bool IsPattern { get; init; }

    public bool Allows(string kind, string text) => Allowances.Any(a => a.Kind == kind && Glob.IsMatch(text, a.Pattern));

    /// <summary>The entry as result rows name it: the key, then the environment when there is one.</summary>
    public string Display => Env.Count == 0 ? Key.ToString() : $"{Key} [{string.Join(' ', Env)}]";

    /// <summary>The name of the entry's artifact files (entries of one method differ by their environment).</summary>
    public string FileStem => string.Join('.', Env.Prepend(Key.FileStem));
}

/// <summary>The hot-method list: <c>assembly</c> lines, rule sets, and entries with their sections (the format is described in hot-methods.rules).</summary>
internal sealed partial class RulesFile
{
    private static readonly string[] Sections = ["il:", "asm:", "allow:", "env:", "requires:", "twin:"];

    public required string Path { get; init; }

    /// <summary>The directory the project paths are relative to: the nearest one above the file holding .config/dotnet-tools.json.</summary>
    public required string Root { get; init; }

    public required List<string> Projects { get; init; }

    public required List<HotMethod> Methods { get; init; }

    public static RulesFile Load(string path) => File.Exists(System.IO.Path.GetFullPath(path))
        ? Parse(File.ReadAllText(path), System.IO.Path.GetFullPath(path), FindRoot(System.IO.Path.GetFullPath(path)))
        : throw new CouldNotRunException($"rules file not found: {path}");

    public static RulesFile Parse(string text, string path, string root)
    {
        List<string> projects = [];
        List<HotMethod> methods = [];
        Dictionary<string, List<string>> sets = [];
        HotMethod? current = null;
        string? section = null;
        string[] lines = text.ReplaceLineEndings("\n").Split('\n');
        for (int i = 0; i < lines.Length; i++)
        {
            string line = lines[i].Split('#')[0].TrimEnd(), where = $"{System.IO.Path.GetFileName(path)}:{i + 1}";
            List<string> words = Words(line);
            if (words.Count > 0 && !char.IsWhiteSpace(line[0]) && words[0] is "assembly" or "define")
            {
                if (words[0] == "assembly")
                    projects.Add(line["assembly".Length..].Trim());
                else if (words.Count < 3 || Sections.Contains(words[1]) || words[1].StartsWith('@'))
                    throw new CouldNotRunException($"{where}: write a rule set as 'define <name> <sections and rules>'");
                else
                    sets[words[1]] = Expand(words[2..], sets, where);
                (current, words) = (null, []);
            }
            else if (words.Count > 0 && !char.IsWhiteSpace(line[0]))
            {
                string key = words[0] == "every" ? line["every".Length..] : line;
                int close = IlText.IndexOfTopLevel(key, ")");
                methods.Add(current = new HotMethod((close < 0 ? null : MethodKey.Parse(key[..(close + 1)].Trim()))
                    ?? throw new CouldNotRunException($"{where}: expected 'assembly <project>', 'define <name> ...' or '[every] Type::Method(param types)', got '{line.Trim()}'"),
                    i + 1, [], [], [], [], []) { IsPattern = words[0] == "every" });
                (section, words) = (null, Words(key[(close + 1)..]));
            }

            foreach (string token in Expand(words, sets, where))
            {
                if (current is null)
                    throw new CouldNotRunException($"{where}: rules without a method above them");
                if (token == "twin:")
                    methods.Add(current = new HotMethod(current.Key, i + 1, [], [], [], [], []));
                if (Sections.Contains(token))
                    section = token;
                else
                    AddToSection(current, section, token, where);
            }
        }

        foreach (HotMethod method in methods)
        {
            string where = $"{System.IO.Path.GetFileName(path)}:{method.Line}";
            if (method.IlRules.Count == 0 && method.AsmRules.Count == 0)
                throw new CouldNotRunException($"{where}: {method.Display} has no rules");
            if (!ReferenceEquals(methods.First(m => m.Display == method.Display), method))
                throw new CouldNotRunException($"{where}: {method.Display} is listed twice (give each entry of one method its own env: or twin:)");
        }

        return new RulesFile { Path = path, Root = root, Projects = projects, Methods = methods };
    }

    private static List<string> Words(string text) => [.. text.Split([' ', '\t', ';'], StringSplitOptions.RemoveEmptyEntries)];

    /// <summary>The tokens with every <c>@name</c> replaced by the rule set defined under that name.</summary>
    private static List<string> Expand(IEnumerable<string> tokens, Dictionary<string, List<string>> sets, string where) =>
        [.. tokens.SelectMany(t => !t.StartsWith('@') ? [t]
            : sets.GetValueOrDefault(t[1..]) ?? throw new CouldNotRunException($"{where}: no rule set '{t[1..]}' defined above (define {t[1..]} ...)"))];

    /// <summary>The same rules with <paramref name="env"/> (from --env) added to every entry's environment, replacing a variable of the same name.</summary>
    public RulesFile WithEnv(IReadOnlyList<string> env) => env.Count == 0 ? this : new RulesFile
    {
        Path = Path, Root = Root, Projects = Projects,
        Methods = [.. Methods.Select(m => m with { Env = [.. m.Env.Where(e => !env.Any(x => EnvName(x) == EnvName(e))), .. env] })],
    };

    public static string EnvName(string pair) => pair[..pair.IndexOf('=')];

    private static void AddToSection(HotMethod method, string? section, string token, string where)
    {
        switch (section)
        {
            case "il:" or "asm:":
                (List<RuleRef> rules, RuleRef rule) = section == "il:" ? (method.IlRules, ParseRule(token, IlRules.Names, where)) : (method.AsmRules, ParseRule(token, AsmRules.Names, where));
                if (!rules.Contains(rule))
                    rules.Add(rule); // a rule named twice (by two rule sets) is one proof
                break;
            case "allow:" when token.IndexOf('=') is var eq && eq > 0 && eq < token.Length - 1 && token[..eq] is "newobj" or "call" or "helper":
                method.Allowances.Add(new Allowance(token[..eq], token[(eq + 1)..]));
                break;
            case "allow:":
                throw new CouldNotRunException($"{where}: allowance '{token}' is not newobj=<type>, call=<Type:Method pattern> or helper=<CORINFO_HELP_...>");
            case "env:" or "twin:":
                method.Env.Add(EnvPattern().IsMatch(token) ? token : throw new CouldNotRunException($"{where}: '{token}' is not NAME=VALUE"));
                break;
            case "requires:":
                method.Requires.Add(JitChild.IsaSupported(token) is not null ? token
                    : throw new CouldNotRunException($"{where}: '{token}' is not a System.Runtime.Intrinsics.X86 class (Avx2, Avx512BW.VL, ...)"));
                break;
            default:
                throw new CouldNotRunException($"{where}: '{token}' is outside an il:, asm:, allow:, env:, requires: or twin: section");
        }
    }

    private static RuleRef ParseRule(string token, IReadOnlyCollection<string> known, string where)
    {
        Match m = RulePattern().Match(token);
        if (!m.Success || !known.Contains(m.Groups[1].Value))
            throw new CouldNotRunException($"{where}: unknown rule '{token}' (known: {string.Join(", ", known)})");
        if (m.Groups[1].Value == "switch" && !m.Groups[2].Success)
            throw new CouldNotRunException($"{where}: write the switch rule as switch>=N");
        return new RuleRef(m.Groups[1].Value, m.Groups[2].Success ? int.Parse(m.Groups[2].Value, System.Globalization.CultureInfo.InvariantCulture) : null);
    }

    /// <summary>The repository root: the nearest directory holding .config/dotnet-tools.json above the rules file, the current directory or this tool.</summary>
    public static string FindRoot(string? rulesPath)
    {
        foreach (string start in new[] { System.IO.Path.GetDirectoryName(rulesPath), Directory.GetCurrentDirectory(), AppContext.BaseDirectory }.OfType<string>())
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
    public static bool IsMatch(string text, string pattern) => Regex.IsMatch(text, "^" + Regex.Escape(pattern).Replace(@"\*", ".*").Replace(@"\?", ".") + "$");
}

/// <summary>The tool could not do its job (exit code 2): a missing method, a failed build, no ilspycmd.</summary>
internal sealed class CouldNotRunException(string message) : Exception(message);

/// <summary>Bad command line: say what is wrong, print the usage, exit 2.</summary>
internal sealed class UsageException(string message) : Exception(message);
