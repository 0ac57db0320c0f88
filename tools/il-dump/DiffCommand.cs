namespace IlDump;

/// <summary>
/// <c>diff &lt;git-rev&gt; [--asm]</c>: the hot methods' IL (and machine code) at a revision against the working
/// tree, as a unified diff. The revision is exported with <c>git archive</c> into a temporary directory (read-only
/// for the repository: no worktree, no checkout), its listed projects are built there in Release, and both sides
/// are dumped with the working tree's rules file and compared with <c>diff -ruN</c>.
/// </summary>
internal static class DiffCommand
{
    public static async Task<int> RunAsync(Options options, TextWriter output)
    {
        if (options.Positional.Count != 1)
            throw new UsageException("diff needs exactly one git revision");
        string revision = options.Positional[0];
        if (options.Asm && !AsmRunner.IsSupported)
            throw new CouldNotRunException("--asm needs an x64 machine");

        RulesFile rules = Cli.LoadRules(options);
        string temp = Path.Combine(Path.GetTempPath(), $"il-dump-diff-{Guid.NewGuid():N}");
        try
        {
            string source = Path.Combine(temp, "src");
            Directory.CreateDirectory(source);
            await ExportAsync(rules.Root, revision, source, temp);

            string label = string.Concat(revision.Select(c => char.IsLetterOrDigit(c) || c is '.' or '-' or '_' ? c : '_'));
            string before = Path.Combine(temp, "diff", label);
            string after = Path.Combine(temp, "diff", "working-tree");

            output.WriteLine($"il-dump diff: {revision} (exported to {source}) against the working tree");
            var old = new Inspector(rules, source, rules.Root, output);
            await old.LoadAsync(build: true);
            await DumpSideAsync(old, before, revision, options.Asm);

            Inspector current = await Cli.LoadAsync(options, output);
            await DumpSideAsync(current, after, "the working tree", options.Asm);

            ProcessResult diff = await Processes.RunAsync("diff", ["-ruN", label, "working-tree"], Path.Combine(temp, "diff"));
            if (diff.ExitCode > 1)
                throw new CouldNotRunException($"diff failed:\n{diff.Tail()}");
            output.Write(diff.ExitCode == 0 ? $"no difference in the hot methods' IL{(options.Asm ? " or machine code" : "")}\n" : diff.Output);
            return 0;
        }
        finally
        {
            if (Directory.Exists(temp))
                Directory.Delete(temp, recursive: true);
        }
    }

    private static async Task ExportAsync(string root, string revision, string destination, string temp)
    {
        string tar = Path.Combine(temp, "source.tar");
        (await Processes.RunAsync("git", ["archive", "--format=tar", "-o", tar, revision], root)).OrThrow($"git archive {revision}");
        (await Processes.RunAsync("tar", ["-xf", tar, "-C", destination], root)).OrThrow("tar");
    }

    /// <summary>Writes il/ (and asm/) for one side; a hot method absent on that side gets a one-line note instead.</summary>
    private static async Task DumpSideAsync(Inspector inspector, string directory, string side, bool asm)
    {
        List<(HotMethod Hot, List<IlMethod> Found)> entries = inspector.Find().ToList();
        List<Resolved> found = entries.Where(e => e.Found.Count == 1).Select(e => new Resolved(e.Hot, e.Found[0])).ToList();
        Cli.WriteArtifacts(Path.Combine(directory, "il"), ".il", entries.DistinctBy(e => e.Hot.Key).Select(e => (e.Hot.Key.FileStem,
            e.Found.Count == 1 ? Cli.IlText(e.Found[0]) : $"// {e.Hot.Key}: {(e.Found.Count == 0 ? "not found" : "ambiguous")} in {side}\n")), clean: false);
        if (asm)
            await Cli.CompileAsync(inspector, found, Path.Combine(directory, "asm"), clean: false);
    }
}
