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
                "help" => Help(output),
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

    private static int Help(TextWriter output)
    {
        output.WriteLine(Options.Usage);
        return 0;
    }

    /// <summary>The rules file (--rules, else the repository's), with --env added to every entry.</summary>
    public static RulesFile LoadRules(Options options) =>
        RulesFile.Load(options.RulesPath ?? Path.Combine(RulesFile.FindRoot(null), Options.DefaultRules)).WithEnv(options.Env);

    /// <summary>Loads the rules file and the listings (building first unless --no-build).</summary>
    public static async Task<Inspector> LoadAsync(Options options, TextWriter log)
    {
        RulesFile rules = LoadRules(options);
        var inspector = new Inspector(rules, rules.Root, rules.Root, log);
        await inspector.LoadAsync(build: !options.NoBuild);
        return inspector;
    }

    private static string ArtifactsDirectory(Options options, Inspector inspector, string kind) =>
        Path.Combine(options.Out is { } o ? Path.GetFullPath(o) : Path.Combine(inspector.Root, "artifacts"), kind);

    private static async Task<int> DumpAsync(Options options, TextWriter output)
    {
        if (options.Asm && !AsmRunner.IsSupported)
            throw new CouldNotRunException("--asm needs an x64 machine");
        Inspector inspector = await LoadAsync(options, output);
        List<Resolved> methods = inspector.Resolve(options.Method);
        List<Resolved> distinct = methods.DistinctBy(r => r.Hot.Key).ToList();
        string il = ArtifactsDirectory(options, inspector, "il"), asm = ArtifactsDirectory(options, inspector, "asm");
        WriteArtifacts(il, ".il", distinct.Select(r => (r.Hot.Key.FileStem, IlText(r.Method))), clean: options.Method is null);
        List<AsmResult> compiled = options.Asm ? await CompileAsync(inspector, methods, asm, clean: options.Method is null) : [];
        foreach (Resolved r in distinct)
            output.WriteLine($"// ===== {r.Hot.Key}\n{IlText(r.Method)}");
        foreach ((string stem, string text) in compiled.SelectMany(c => c.Files()))
            output.WriteLine($"; ===== {stem}\n{text}");
        output.WriteLine($"{distinct.Count} method(s) written to {Path.GetRelativePath(Directory.GetCurrentDirectory(), il)}" +
            (options.Asm ? $", {compiled.Count} machine-code listing(s) to {Path.GetRelativePath(Directory.GetCurrentDirectory(), asm)}" : ""));
        return methods.Count > 0 ? 0 : 2;
    }

    /// <summary>The method's text as saved: without the RVA comment, which moves with every unrelated change.</summary>
    public static string IlText(IlMethod method) =>
        string.Join('\n', method.Lines.Where(l => !l.TrimStart().StartsWith("// Method begins at RVA", StringComparison.Ordinal))) + "\n";

    /// <summary>
    /// JITs the entries that have machine-code rules and writes their listings to <paramref name="directory"/>;
    /// <paramref name="clean"/> first removes the listings an earlier run left there.
    /// </summary>
    public static async Task<List<AsmResult>> CompileAsync(Inspector inspector, IEnumerable<Resolved> methods, string directory, bool clean)
    {
        List<AsmResult> compiled = await AsmRunner.CompileAsync(methods.Where(r => r.Hot.AsmRules.Count > 0).ToList(), inspector.AssemblyPaths, inspector.ToolRoot);
        WriteArtifacts(directory, ".asm", compiled.SelectMany(c => c.Files()), clean);
        return compiled;
    }

    /// <summary>Writes <c>&lt;stem&gt;&lt;extension&gt;</c> files; <paramref name="clean"/> first deletes every file of that extension there.</summary>
    public static void WriteArtifacts(string directory, string extension, IEnumerable<(string Stem, string Text)> files, bool clean)
    {
        Directory.CreateDirectory(directory);
        if (clean)
        {
            foreach (string old in Directory.GetFiles(directory, "*" + extension))
                File.Delete(old);
        }

        foreach ((string stem, string text) in files)
            File.WriteAllText(Path.Combine(directory, stem + extension), text);
    }

    private static async Task<int> ListAsync(Options options, TextWriter output)
    {
        Inspector inspector = await LoadAsync(options, output);
        foreach (IlListing listing in inspector.Context.Listings)
        {
            output.WriteLine($"# {listing.AssemblyName}");
            foreach (IlMethod method in listing.Methods.Where(m => options.Method is null || m.Key.Matches(options.Method)))
                output.WriteLine($"{method.Key}{(method.AggressiveInlining ? "    # aggressiveinlining" : "")}");
        }

        return 0;
    }

    private static async Task<int> CheckAsync(Options options, TextWriter output)
    {
        Inspector inspector = await LoadAsync(options, output);
        List<RuleResult> results = inspector.Resolve(options.Method)
            .SelectMany(r => r.Hot.IlRules.Select(rule => new RuleResult(r.Hot.Display, rule.ToString(), IlRules.Apply(rule, r.Method, r.Hot, inspector.Context))))
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
        List<AsmResult> compiled = await CompileAsync(inspector, inspector.Resolve(options.Method), ArtifactsDirectory(options, inspector, "asm"), clean: options.Method is null);
        List<RuleResult> results = compiled
            .SelectMany(c => c.Method.Hot.AsmRules.Select(rule => new RuleResult(c.Method.Hot.Display, rule.ToString(), AsmRules.Apply(rule, c))))
            .ToList();
        return Report("machine-code rules (x64, TieredCompilation=0)", results, output, inspector);
    }

    private static int Report(string title, List<RuleResult> results, TextWriter output, Inspector inspector)
    {
        output.WriteLine($"il-dump: {title}, {Path.GetRelativePath(inspector.Root, inspector.Rules.Path)}");
        int width = results.Count == 0 ? 0 : results.Max(r => r.Method.Length);
        foreach (RuleResult result in results)
            result.Print(output, width);
        output.WriteLine(RuleResult.Totals(results));
        return results.Any(r => r.Verdict.Outcome == Outcome.Fail) ? 1 : 0;
    }
}
