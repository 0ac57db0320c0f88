namespace IlDump;

/// <summary>The commands. Exit codes: 0 pass, 1 a rule failed, 2 could not run.</summary>
internal static class Cli
{
    public static async Task<int> RunAsync(string[] args, TextWriter output, TextWriter error)
    {
        try
        {
            Options options = Options.Parse(args);
            return options.Command switch
            {
                "dump" => await DumpAsync(options, output),
                "list" => await ListAsync(options, output),
                "check" => await CheckAsync(options, output),
                "asm" => await AsmAsync(options, output),
                "diff" => await DiffCommand.RunAsync(options, output),
                _ => throw new UsageException($"unknown command '{options.Command}'"),
            };
        }
        catch (UsageException e)
        {
            if (e.Message.Length > 0 && e.Message != new UsageException().Message)
                error.WriteLine($"il-dump: {e.Message}");
            error.WriteLine(Options.Usage);
            return 2;
        }
        catch (CouldNotRunException e)
        {
            error.WriteLine($"il-dump: could not run: {e.Message}");
            return 2;
        }
    }

    /// <summary>Loads the rules file and the listings (building first unless --no-build).</summary>
    public static async Task<Inspector> LoadAsync(Options options, TextWriter log)
    {
        RulesFile rules = LoadRules(options);
        var inspector = new Inspector(rules, rules.Root, rules.Root, log);
        await inspector.LoadAsync(build: !options.NoBuild);
        return inspector;
    }

    public static RulesFile LoadRules(Options options) =>
        RulesFile.Load(options.RulesPath ?? Path.Combine(RulesFile.FindRoot(null), Options.DefaultRules));

    public static string ArtifactsDirectory(Options options, Inspector inspector, string kind) =>
        Path.Combine(options.Out is { } o ? Path.GetFullPath(o) : Path.Combine(inspector.Root, "artifacts"), kind);

    private static async Task<int> DumpAsync(Options options, TextWriter output)
    {
        Inspector inspector = await LoadAsync(options, output);
        List<Resolved> methods = inspector.Resolve(options.Method);
        string directory = ArtifactsDirectory(options, inspector, "il");
        WriteIl(methods, directory, clean: options.Method is null);
        foreach (Resolved r in methods)
        {
            if (!options.Quiet)
            {
                output.WriteLine($"// ===== {r.Hot.Key}");
                output.WriteLine(IlText(r.Method));
            }
        }

        output.WriteLine($"{methods.Count} method(s) written to {Path.GetRelativePath(Directory.GetCurrentDirectory(), directory)}");
        return methods.Count > 0 ? 0 : 2;
    }

    /// <summary>The method's text as saved: without the RVA comment, which moves with every unrelated change.</summary>
    public static string IlText(IlMethod method) =>
        string.Join('\n', method.Lines.Where(l => !l.TrimStart().StartsWith("// Method begins at RVA", StringComparison.Ordinal))) + "\n";

    public static void WriteIl(IEnumerable<Resolved> methods, string directory, bool clean)
    {
        Directory.CreateDirectory(directory);
        if (clean)
        {
            foreach (string old in Directory.GetFiles(directory, "*.il"))
                File.Delete(old);
        }

        foreach (Resolved r in methods)
            File.WriteAllText(Path.Combine(directory, r.FileStem + ".il"), IlText(r.Method));
    }

    private static async Task<int> ListAsync(Options options, TextWriter output)
    {
        Inspector inspector = await LoadAsync(options, output);
        foreach (IlListing listing in inspector.Context.Listings)
        {
            output.WriteLine($"# {listing.AssemblyName}");
            foreach (IlMethod method in listing.Methods.Where(m => options.Method is null || m.Key.Contains(options.Method, StringComparison.Ordinal)))
                output.WriteLine($"{method.Key}{(method.AggressiveInlining ? "    # aggressiveinlining" : "")}");
        }

        return 0;
    }

    private static async Task<int> CheckAsync(Options options, TextWriter output)
    {
        Inspector inspector = await LoadAsync(options, output);
        List<Resolved> methods = inspector.Resolve(options.Method);
        List<RuleResult> results = methods
            .SelectMany(r => r.Hot.IlRules.Select(rule => IlRules.Apply(rule, r.Method, r.Hot, inspector.Context)))
            .ToList();
        return Report("IL rules", results, output, inspector);
    }

    private static async Task<int> AsmAsync(Options options, TextWriter output)
    {
        if (!AsmRunner.IsSupported)
        {
            output.WriteLine($"il-dump asm: the machine-code rules are written for x64; this process is {System.Runtime.InteropServices.RuntimeInformation.ProcessArchitecture}: skipped.");
            return 0;
        }

        Inspector inspector = await LoadAsync(options, output);
        List<Resolved> methods = inspector.Resolve(options.Method).Where(r => r.Hot.AsmRules.Count > 0).ToList();
        List<AsmResult> compiled = await AsmRunner.CompileAsync(methods, inspector.AssemblyPaths, inspector.Root);
        WriteAsm(compiled, ArtifactsDirectory(options, inspector, "asm"), clean: options.Method is null);
        List<RuleResult> results = compiled
            .SelectMany(c => c.Method.Hot.AsmRules.Select(rule => AsmRules.Apply(rule, c.Method.Hot, c.JitName, c.Asm, c.Caller)))
            .ToList();
        return Report("machine-code rules (x64, TieredCompilation=0)", results, output, inspector);
    }

    public static void WriteAsm(IEnumerable<AsmResult> compiled, string directory, bool clean)
    {
        Directory.CreateDirectory(directory);
        if (clean)
        {
            foreach (string old in Directory.GetFiles(directory, "*.asm"))
                File.Delete(old);
        }

        foreach (AsmResult c in compiled)
        {
            File.WriteAllText(Path.Combine(directory, c.Method.FileStem + ".asm"), c.Asm.Text);
            if (c.Caller is not null)
                File.WriteAllText(Path.Combine(directory, c.Method.FileStem + ".caller.asm"), c.Caller.Text);
        }
    }

    private static int Report(string title, List<RuleResult> results, TextWriter output, Inspector inspector)
    {
        output.WriteLine($"il-dump: {title}, {Path.GetRelativePath(inspector.Root, inspector.Rules.Path)}");
        int width = results.Count == 0 ? 0 : results.Max(r => r.Method.Length);
        foreach (RuleResult result in results)
            result.Print(output, width);
        int failed = results.Count(r => !r.Passed);
        output.WriteLine($"{results.Count - failed} passed, {failed} failed");
        return failed == 0 ? 0 : 1;
    }
}
