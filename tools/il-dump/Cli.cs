namespace IlDump;

// The command line: a command, its positional arguments, and the options every command shares.
internal sealed class Options
{
    public required string Command;
    public readonly List<string> Positional = [], Env = [];
    public string? RulesPath, Method, Out;
    public bool NoBuild, Asm;

    public static Options Parse(string[] args)
    {
        var options = new Options { Command = args.Length == 0 ? throw new UsageException("no command") : args[0] is "-h" or "--help" ? "help" : args[0] };
        for (int i = 1; i < args.Length; i++)
        {
            string Value() => ++i < args.Length ? args[i] : throw new UsageException($"{args[i - 1]} needs a value");
            switch (args[i])
            {
                case "--rules": options.RulesPath = Value(); break;
                case "--no-build": options.NoBuild = true; break;
                case "--method": options.Method = Value(); break;
                case "--out": options.Out = Value(); break;
                case "--asm": options.Asm = true; break;
                case "--env": options.Env.Add(Value() is var env && env.IndexOf('=') > 0 ? env : throw new UsageException($"--env {env}: expected NAME=VALUE")); break;
                case var a when a.StartsWith("--", StringComparison.Ordinal): throw new UsageException($"unknown option {a}");
                default: options.Positional.Add(args[i]); break;
            }
        }

        return options;
    }

    public const string Usage = """
        usage: il-dump <command> [options]
          dump [--asm]              write artifacts/il/*.il for each hot method (with --asm artifacts/asm/*.asm too) and print them
          list                      print every method of the listed assemblies as the rules file names them
          check                     apply the IL rules: one PASS/FAIL row per (method, rule)
          asm                       JIT each hot method (TieredCompilation=0), save artifacts/asm/*.asm, apply the x64 rules
                                    (and the arm64: entries' rules to the linux-arm64 JIT's code, under qemu-user)
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

// The commands. Exit codes: 0 pass, 1 a rule failed, 2 could not run.
internal static class Cli
{
    public static async Task<int> Main(string[] args) => args.Length > 0 && args[0] == JitChild.Command ? JitChild.Run(args[1..]) : await RunAsync(args, Console.Out, Console.Error);

    public static async Task<int> RunAsync(string[] args, TextWriter output, TextWriter error)
    {
        try
        {
            Options options = Options.Parse(args);
            if (options.Command == "help")
            {
                output.WriteLine(Options.Usage);
                return 0;
            }

            if (options.Command is not ("dump" or "list" or "check" or "asm" or "diff"))
                throw new UsageException($"unknown command '{options.Command}'");
            if ((options.Command is "asm" || options.Asm) && !AsmRunner.IsSupported)
            {
                output.WriteLine($"il-dump: the machine-code rules are written for x64; this process is {RuntimeInformation.ProcessArchitecture}: skipped.");
                return options.Command == "asm" ? 0 : 2;
            }

            RulesFile rules = RulesFile.Load(options.RulesPath ?? Path.Combine(RulesFile.FindRoot(null), "tools/il-dump/hot-methods.rules")).WithEnv(options.Env);
            if (options.Command == "diff")
                return await DiffAsync(options, rules, output);
            Inspector inspector = await Inspector.LoadAsync(rules, rules.Root, !options.NoBuild, output);
            string artifacts = options.Out is { } o ? Path.GetFullPath(o) : Path.Combine(inspector.Root, "artifacts");
            return options.Command switch
            {
                "dump" => await DumpAsync(inspector, options, Path.Combine(artifacts, "il"), Path.Combine(artifacts, "asm"), output),
                "list" => List(inspector, options.Method, output),
                "check" => Report(output, $"IL rules, {Path.GetRelativePath(inspector.Root, rules.Path)}", [.. inspector.Resolve(options.Method)
                    .SelectMany(r => r.Hot.IlRules.Select(rule => (r.Hot.Display, rule, IlRules.Apply(rule, r, inspector.Context))))]),
                _ => Report(output, $"machine-code rules (x64, and linux-arm64 under qemu-user; TieredCompilation=0), {Path.GetRelativePath(inspector.Root, rules.Path)}", [.. (await CompileAsync(inspector,
                    inspector.Resolve(options.Method), Path.Combine(artifacts, "asm"), clean: options.Method is null)).SelectMany(c => c.Method.Hot.AsmRules.Select(rule =>
                    (c.Method.Hot.Display, rule, AsmRules.Apply(rule, c))))]),
            };
        }
        catch (Exception e) when (e is UsageException or CouldNotRunException)
        {
            error.WriteLine(e is UsageException ? $"il-dump: {e.Message}\n{Options.Usage}" : $"il-dump: could not run: {e.Message}");
            return 2;
        }
    }

    private static async Task<int> DumpAsync(Inspector inspector, Options options, string il, string asm, TextWriter output)
    {
        List<Resolved> methods = inspector.Resolve(options.Method), distinct = [.. methods.DistinctBy(r => r.Hot.Key)];
        WriteArtifacts(il, ".il", distinct.Select(r => (r.Hot.Key.FileStem, r.Method.Text)), clean: options.Method is null);
        List<AsmResult> compiled = options.Asm ? await CompileAsync(inspector, methods, asm, clean: options.Method is null) : [];
        foreach (Resolved r in distinct)
            output.WriteLine($"// ===== {r.Hot.Key}\n{r.Method.Text}");
        foreach ((string stem, string text) in compiled.SelectMany(c => c.Files()))
            output.WriteLine($"; ===== {stem}\n{text}");
        output.WriteLine($"{distinct.Count} method(s) written to {Path.GetRelativePath(Directory.GetCurrentDirectory(), il)}" +
            (options.Asm ? $", {compiled.Count} machine-code listing(s) to {Path.GetRelativePath(Directory.GetCurrentDirectory(), asm)}" : ""));
        return methods.Count > 0 ? 0 : 2;
    }

    // JITs the entries that have machine-code rules and writes their listings; clean first removes an earlier run's.
    private static async Task<List<AsmResult>> CompileAsync(Inspector inspector, IEnumerable<Resolved> methods, string directory, bool clean)
    {
        List<AsmResult> compiled = await AsmRunner.CompileAsync([.. methods.Where(r => r.Hot.AsmRules.Count > 0)], inspector.AssemblyPaths, inspector.ToolRoot);
        WriteArtifacts(directory, ".asm", compiled.SelectMany(c => c.Files()), clean);
        return compiled;
    }

    private static void WriteArtifacts(string directory, string extension, IEnumerable<(string Stem, string Text)> files, bool clean)
    {
        Directory.CreateDirectory(directory);
        foreach (string old in clean ? Directory.GetFiles(directory, "*" + extension) : [])
            File.Delete(old);
        foreach ((string stem, string text) in files)
            File.WriteAllText(Path.Combine(directory, stem + extension), text);
    }

    private static int List(Inspector inspector, string? pattern, TextWriter output)
    {
        foreach (IlListing listing in inspector.Context.Listings)
            output.Write($"# {listing.AssemblyName}\n" + string.Concat(listing.Methods.Where(m => pattern is null || m.Key.Matches(pattern))
                .Select(m => $"{m.Key}{(m.AggressiveInlining ? "    # aggressiveinlining" : "")}\n")));
        return 0;
    }

    private static int Report(TextWriter output, string title, List<(string, RuleRef, Verdict Verdict)> results)
    {
        output.WriteLine($"il-dump: {title}");
        Verdict.Print(output, results);
        return results.Any(r => r.Verdict.Outcome == Outcome.Fail) ? 1 : 0;
    }

    // diff <git-rev> [--asm]: the revision is exported (git archive) to a temporary directory and built; both sides are dumped, then diff -ruN.
    private static async Task<int> DiffAsync(Options options, RulesFile rules, TextWriter output)
    {
        string revision = options.Positional.Count == 1 ? options.Positional[0] : throw new UsageException("diff needs exactly one git revision");
        string temp = Path.Combine(Path.GetTempPath(), $"il-dump-diff-{Guid.NewGuid():N}"), source = Path.Combine(temp, "src");
        string label = string.Concat(revision.Select(c => char.IsLetterOrDigit(c) || c is '.' or '-' or '_' ? c : '_'));
        try
        {
            Directory.CreateDirectory(source);
            (await Processes.RunAsync("git", ["archive", "--format=tar", "-o", Path.Combine(temp, "source.tar"), revision], rules.Root)).OrThrow($"git archive {revision}");
            (await Processes.RunAsync("tar", ["-xf", Path.Combine(temp, "source.tar"), "-C", source], rules.Root)).OrThrow("tar");
            output.WriteLine($"il-dump diff: {revision} (exported to {source}) against the working tree");
            await DumpSideAsync(await Inspector.LoadAsync(rules, source, build: true, output), Path.Combine(temp, "diff", label), revision, options.Asm);
            await DumpSideAsync(await Inspector.LoadAsync(rules, rules.Root, !options.NoBuild, output), Path.Combine(temp, "diff", "working-tree"), "the working tree", options.Asm);
            ProcessResult diff = await Processes.RunAsync("diff", ["-ruN", label, "working-tree"], Path.Combine(temp, "diff"));
            output.Write(diff.ExitCode == 0 ? $"no difference in the hot methods' IL{(options.Asm ? " or machine code" : "")}\n"
                : diff.ExitCode == 1 ? diff.Output : throw new CouldNotRunException($"diff failed:\n{diff.Tail()}"));
            return 0;
        }
        finally
        {
            if (Directory.Exists(temp))
                Directory.Delete(temp, recursive: true);
        }
    }

    // Writes il/ (and asm/) for one side; a hot method absent on that side gets a one-line note instead.
    private static async Task DumpSideAsync(Inspector inspector, string directory, string side, bool asm)
    {
        var entries = inspector.Find().ToList();
        WriteArtifacts(Path.Combine(directory, "il"), ".il", entries.DistinctBy(e => e.Hot.Key).Select(e => (e.Hot.Key.FileStem,
            e.Found.Count == 1 ? e.Found[0].Method.Text : $"// {e.Hot.Key}: {(e.Found.Count == 0 ? "not found" : "ambiguous")} in {side}\n")), clean: false);
        if (asm)
            await CompileAsync(inspector, entries.Where(e => e.Found.Count == 1).Select(e => new Resolved(e.Hot, e.Found[0].Method, e.Found[0].Arguments)),
                Path.Combine(directory, "asm"), clean: false);
    }
}
