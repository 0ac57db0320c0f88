namespace IlDump;

/// <summary>The command line: a command, its positional arguments, and the options every command shares.</summary>
internal sealed class Options
{
    public const string DefaultRules = "tools/il-dump/hot-methods.rules";

    public required string Command { get; init; }

    public List<string> Positional { get; } = [];

    /// <summary>--rules FILE: the hot-method list (default tools/il-dump/hot-methods.rules under the repository root).</summary>
    public string? RulesPath { get; set; }

    /// <summary>--no-build: use the Release builds already there (CI builds the solution first).</summary>
    public bool NoBuild { get; set; }

    /// <summary>--method PATTERN: only the hot methods whose key or Type.Method contains (or glob-matches) it.</summary>
    public string? Method { get; set; }

    /// <summary>--out DIR: where artifacts go (default artifacts/ under the repository root).</summary>
    public string? Out { get; set; }

    /// <summary>--asm (dump, diff): the machine code too.</summary>
    public bool Asm { get; set; }

    /// <summary>--env NAME=VALUE (repeatable): added to the environment of every JIT child, after the entry's own env:.</summary>
    public List<string> Env { get; } = [];

    public static Options Parse(string[] args)
    {
        if (args.Length == 0)
            throw new UsageException("no command");
        var options = new Options { Command = args[0] is "-h" or "--help" ? "help" : args[0] };
        for (int i = 1; i < args.Length; i++)
        {
            switch (args[i])
            {
                case "--rules": options.RulesPath = Value(args, ref i); break;
                case "--no-build": options.NoBuild = true; break;
                case "--method": options.Method = Value(args, ref i); break;
                case "--out": options.Out = Value(args, ref i); break;
                case "--asm": options.Asm = true; break;
                case "--env": options.Env.Add(Value(args, ref i)); break;
                case var a when a.StartsWith("--", StringComparison.Ordinal): throw new UsageException($"unknown option {a}");
                default: options.Positional.Add(args[i]); break;
            }
        }

        if (options.Env.FirstOrDefault(e => e.IndexOf('=') <= 0) is { } bad)
            throw new UsageException($"--env {bad}: expected NAME=VALUE");
        return options;
    }

    private static string Value(string[] args, ref int i) =>
        ++i < args.Length ? args[i] : throw new UsageException($"{args[i - 1]} needs a value");

    public const string Usage = """
        usage: il-dump <command> [options]
          dump [--asm]              write artifacts/il/<Type>.<Method>(<params>).il for each hot method (and, with --asm,
                                    artifacts/asm/*.asm) and print them
          list                      print every method of the listed assemblies as the rules file names them
          check                     apply the IL rules: one PASS/FAIL row per (method, rule)
          asm                       JIT each hot method (TieredCompilation=0), save artifacts/asm/*.asm, apply the x64 rules
          diff <git-rev> [--asm]    unified diff of the hot methods' IL (and machine code) at <git-rev> against the working tree
          help                      this text
        options:
          --rules FILE   the hot-method list (default tools/il-dump/hot-methods.rules)
          --no-build     use the existing Release builds instead of building the listed projects
          --method PAT   only methods whose key contains PAT (or matches it, with * and ?)
          --out DIR      artifacts directory (default <repo>/artifacts)
          --env N=V      (asm, dump --asm, diff --asm; repeatable) JIT with N=V added to each entry's env:
                         (DOTNET_EnableAVX512=0: the code the method compiles to without AVX-512)
        exit codes: 0 all rules pass, 1 a rule failed, 2 could not run (build failed, ilspycmd missing, method not found)
        """;
}

/// <summary>Bad command line: say what is wrong, print the usage, exit 2.</summary>
internal sealed class UsageException(string message) : Exception(message);
