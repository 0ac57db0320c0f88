namespace IlDump;

// A rule named in the rules file, with its optional bound: at least (switch>=16) or at most (before-first-load<=7).
internal sealed record RuleRef(string Name, int? Argument, string Relation = ">=")
{
    public override string ToString() => Argument is { } n ? $"{Name}{Relation}{n}" : Name;
}

// A per-method allowance: newobj=System.String, call=Sparrow.Memory:Throw*, helper=CORINFO_HELP_STRCNS.
internal sealed record Allowance(string Kind, string Pattern);

// An entry: a hot method, its IL and machine-code rules, the env its JIT runs with, and the ISAs without which its asm rules SKIP.
internal sealed record HotMethod(MethodKey Key, int Line, List<RuleRef> IlRules, List<RuleRef> AsmRules, List<Allowance> Allowances,
    List<string> Env, List<string> Requires)
{
    // Whether the key is a glob (an every entry) naming each listed method it matches.
    public bool IsPattern { get; init; }
    // Whether its machine-code rules are on the linux-arm64 JIT's code (an arm64: entry), compiled under qemu-user on this x64 machine.
    public bool Arm64 { get; init; }
    public bool Allows(string kind, string text) => Allowances.Any(a => a.Kind == kind && Glob.IsMatch(text, a.Pattern));

    // The entry as result rows name it: the key, then linux-arm64 for an arm64: entry and the environment, when there are.
    public string Display => Env.Count == 0 && !Arm64 ? Key.ToString() : $"{Key} [{string.Join(' ', Env.Prepend(Arm64 ? "linux-arm64" : null).OfType<string>())}]";
    // The name of the entry's artifact files (entries of one method differ by their environment or architecture).
    public string FileStem => string.Join('.', Env.Prepend(Key.FileStem).Append(Arm64 ? "arm64" : null).OfType<string>());
}

// The hot-method list (the format is described in hot-methods.rules): its projects, relative to Root (where .config/dotnet-tools.json is).
internal sealed partial record RulesFile(string Path, string Root, List<string> Projects, List<HotMethod> Methods)
{
    private static readonly string[] Sections = ["il:", "asm:", "allow:", "env:", "requires:", "twin:", "arm64:"];

    public static RulesFile Load(string path) => System.IO.Path.GetFullPath(path) is var full && File.Exists(full)
        ? Parse(File.ReadAllText(full), full, FindRoot(full)) : throw new CouldNotRunException($"rules file not found: {path}");

    public static RulesFile Parse(string text, string path, string root)
    {
        List<string> projects = [];
        List<HotMethod> methods = [];
        Dictionary<string, List<string>> sets = [];
        (HotMethod? current, string? section) = (null, null);
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
                if (token is "twin:" or "arm64:")
                    methods.Add(current = new HotMethod(current.Key, i + 1, [], [], [], [], []) { Arm64 = token == "arm64:" });
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

        return new RulesFile(path, root, projects, methods);
    }

    private static List<string> Words(string text) => [.. text.Split([' ', '\t', ';'], StringSplitOptions.RemoveEmptyEntries)];

    // The tokens with every @name replaced by the rule set defined under that name.
    private static List<string> Expand(IEnumerable<string> tokens, Dictionary<string, List<string>> sets, string where) =>
        [.. tokens.SelectMany(t => !t.StartsWith('@') ? [t]
            : sets.GetValueOrDefault(t[1..]) ?? throw new CouldNotRunException($"{where}: no rule set '{t[1..]}' defined above (define {t[1..]} ...)"))];

    // The same rules with env (from --env) added to every entry's environment, replacing a variable of the same name.
    public RulesFile WithEnv(IReadOnlyList<string> env) =>
        this with { Methods = [.. Methods.Select(m => m with { Env = [.. m.Env.Where(e => !env.Any(x => EnvName(x) == EnvName(e))), .. env] })] };

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
            case "arm64:":
                RuleRef arm64Rule = ParseRule(token, AsmRules.Arm64Names, where);
                if (!method.AsmRules.Contains(arm64Rule))
                    method.AsmRules.Add(arm64Rule);
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
                throw new CouldNotRunException($"{where}: '{token}' is outside an il:, asm:, allow:, env:, requires:, twin: or arm64: section");
        }
    }

    private static RuleRef ParseRule(string token, IReadOnlyCollection<string> known, string where)
    {
        Match m = RulePattern().Match(token);
        if (!m.Success || !known.Contains(m.Groups[1].Value))
            throw new CouldNotRunException($"{where}: unknown rule '{token}' (known: {string.Join(", ", known)})");
        string relation = m.Groups[2].Value;
        if (Bounds.TryGetValue(m.Groups[1].Value, out string? required) ? relation != required : relation.Length > 0)
            throw new CouldNotRunException(required is null ? $"{where}: the rule '{m.Groups[1].Value}' takes no number" : $"{where}: write the rule as {m.Groups[1].Value}{required}N");
        return new RuleRef(m.Groups[1].Value, m.Groups[3].Success ? int.Parse(m.Groups[3].Value, System.Globalization.CultureInfo.InvariantCulture) : null, relation);
    }

    // The repository root: the nearest directory holding .config/dotnet-tools.json above the rules file, the current directory or this tool.
    public static string FindRoot(string? rulesPath) =>
        new[] { System.IO.Path.GetDirectoryName(rulesPath), Directory.GetCurrentDirectory(), AppContext.BaseDirectory }.OfType<string>().SelectMany(Ancestors)
            .FirstOrDefault(dir => File.Exists(System.IO.Path.Combine(dir, ".config", "dotnet-tools.json")))
        ?? throw new CouldNotRunException("no .config/dotnet-tools.json above the rules file, the current directory or the tool: cannot find the repository root");

    private static IEnumerable<string> Ancestors(string start)
    {
        for (DirectoryInfo? dir = new(start); dir is not null; dir = dir.Parent)
            yield return dir.FullName;
    }

    // The rules that take a number, and how: switch>=N (at least N targets), switch-cases>=N (at least N distinct targets),
    // before-first-load<=N (at most N instructions), jump-table-targets<=N (at most N distinct blocks).
    private static readonly Dictionary<string, string> Bounds = new()
    {
        ["switch"] = ">=", ["switch-cases"] = ">=", ["before-first-load"] = "<=", ["jump-table-targets"] = "<=",
    };
    [GeneratedRegex(@"^([a-z0-9-]+)(?:(>=|<=)(\d+))?$")] private static partial Regex RulePattern();
    [GeneratedRegex(@"^[A-Za-z_][A-Za-z0-9_]*=")] private static partial Regex EnvPattern();
}

// Glob matching with * (any run of characters) and ?.
internal static class Glob
{
    public static bool IsMatch(string text, string pattern) => Regex.IsMatch(text, "^" + Regex.Escape(pattern).Replace(@"\*", ".*").Replace(@"\?", ".") + "$");
}

// The tool could not do its job (exit code 2): a missing method, a failed build, no ilspycmd.
internal sealed class CouldNotRunException(string message) : Exception(message);

// Bad command line: say what is wrong, print the usage, exit 2.
internal sealed class UsageException(string message) : Exception(message);
