namespace IlDump;

/// <summary>A hot method of the rules file found in a listing.</summary>
internal sealed record Resolved(HotMethod Hot, IlMethod Method);

/// <summary>
/// The pipeline every command shares: build the listed projects in Release, run ilspycmd -il on each
/// assembly, parse the listings and find every hot method of the rules file in them.
/// </summary>
/// <param name="rules">The hot-method list.</param>
/// <param name="root">The directory the rules file's project paths are relative to (a checkout of another revision for diff).</param>
/// <param name="toolRoot">The directory holding .config/dotnet-tools.json, where ilspycmd runs.</param>
/// <param name="log">Progress messages.</param>
internal sealed class Inspector(RulesFile rules, string root, string toolRoot, TextWriter log)
{
    public RulesFile Rules { get; } = rules;

    public string Root { get; } = root;

    public string ToolRoot { get; } = toolRoot;

    /// <summary>The assemblies inspected, in rules-file order (filled by <see cref="LoadAsync"/>).</summary>
    public List<string> AssemblyPaths { get; } = [];

    public IlContext Context { get; private set; } = new([]);

    public async Task LoadAsync(bool build)
    {
        if (Rules.Projects.Count == 0)
            throw new CouldNotRunException($"{Rules.Path} lists no assembly");

        foreach (string entry in Rules.Projects)
        {
            string path = Path.GetFullPath(Path.Combine(Root, entry));
            if (path.EndsWith(".dll", StringComparison.OrdinalIgnoreCase))
            {
                AssemblyPaths.Add(File.Exists(path) ? path : throw new CouldNotRunException($"assembly not found: {path}"));
                continue;
            }

            if (!File.Exists(path))
                throw new CouldNotRunException($"project not found: {path}");
            if (build)
                await BuildAsync(path);
            AssemblyPaths.Add(OutputOf(path, build));
        }

        IlListing[] listings = await Task.WhenAll(AssemblyPaths.Select(ListAsync));
        Context = new IlContext(listings);
    }

    private async Task BuildAsync(string project)
    {
        log.WriteLine($"building {Path.GetRelativePath(Root, project)} (Release)");
        (await Processes.RunAsync(Processes.DotNet, ["build", project, "-c", "Release", "-nologo", "-v", "q"], Root)).OrThrow($"build of {Path.GetRelativePath(Root, project)}");
    }

    /// <summary>The newest bin/Release/&lt;tfm&gt;/&lt;project name&gt;.dll of a project.</summary>
    private static string OutputOf(string project, bool built)
    {
        string name = Path.GetFileNameWithoutExtension(project);
        string bin = Path.Combine(Path.GetDirectoryName(project)!, "bin", "Release");
        string? dll = Directory.Exists(bin)
            ? Directory.GetDirectories(bin).Select(tfm => Path.Combine(tfm, name + ".dll")).Where(File.Exists)
                .OrderByDescending(File.GetLastWriteTimeUtc).FirstOrDefault()
            : null;
        return dll ?? throw new CouldNotRunException(
            $"no Release build of {name} under {bin}" + (built ? "" : "; build it first or run without --no-build"));
    }

    private async Task<IlListing> ListAsync(string assembly)
    {
        string[] arguments = ["tool", "run", "ilspycmd", "--", "-il", "--disable-updatecheck", assembly];
        ProcessResult result = await Processes.RunAsync(Processes.DotNet, arguments, ToolRoot);
        if (result.ExitCode != 0)
        {
            log.WriteLine($"ilspycmd did not run ({result.Tail(2).Trim()}); running dotnet tool restore");
            ProcessResult restore = await Processes.RunAsync(Processes.DotNet, ["tool", "restore"], ToolRoot);
            result = (restore.ExitCode == 0 ? await Processes.RunAsync(Processes.DotNet, arguments, ToolRoot) : restore)
                .OrThrow("ilspycmd (pinned in .config/dotnet-tools.json)");
        }

        return IlListing.Parse(result.Output, Path.GetFileNameWithoutExtension(assembly));
    }

    /// <summary>The listed methods matching each hot method's signature (none, one, or, wrongly, several).</summary>
    public IEnumerable<(HotMethod Hot, List<IlMethod> Found)> Find() =>
        Rules.Methods.Select(hot => (hot, Context.Listings.SelectMany(l => l.FindMethods(hot.Key)).ToList()));

    /// <summary>The hot methods <paramref name="pattern"/> picks (all when null), found by their signature; a missing or ambiguous one is an error.</summary>
    public List<Resolved> Resolve(string? pattern = null)
    {
        var resolved = new List<Resolved>();
        foreach ((HotMethod hot, List<IlMethod> found) in Find().Where(f => pattern is null || f.Hot.Key.Matches(pattern)))
        {
            if (found.Count != 1)
            {
                string[] candidates = Context.Listings.SelectMany(l => l.Methods).Where(m => m.Key.Name == hot.Key.Name).Select(m => $"  {m.Key}").ToArray();
                throw new CouldNotRunException(
                    $"{Path.GetFileName(Rules.Path)}:{hot.Line}: {(found.Count == 0 ? "method not found" : "ambiguous method")}: {hot.Key}" +
                    (candidates.Length > 0 ? $"\nmethods named {hot.Key.Name}:\n{string.Join('\n', candidates)}" : ""));
            }

            resolved.Add(new Resolved(hot, found[0]));
        }

        return resolved;
    }
}
