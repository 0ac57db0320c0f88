namespace IlDump;

/// <summary>A hot method of the rules file found in a listing.</summary>
internal sealed record Resolved(HotMethod Hot, IlMethod Method)
{
    /// <summary>The file name for this method's artifacts: <c>Sparrow.Memory.Compare(uint8Ptr,uint8Ptr,int32)</c>.</summary>
    public string FileStem => FileStemOf(Method);

    public static string FileStemOf(IlMethod method) => FileStemOf(method.TypeName, method.Name, method.Parameters);

    /// <summary>The same name for a rules-file key, for a method that is missing from a listing.</summary>
    public static string FileStemOf(HotMethod hot)
    {
        int colons = hot.Key.IndexOf("::", StringComparison.Ordinal);
        string rest = hot.Key[(colons + 2)..];
        int open = rest.IndexOf('(');
        string name = rest[..rest.IndexOfAny(['(', '<'])];
        return FileStemOf(hot.Key[..colons], name, IlText.NormalizeParameterTypes(rest[(open + 1)..rest.LastIndexOf(')')]));
    }

    private static string FileStemOf(string typeName, string name, IEnumerable<string> parameterTypes)
    {
        string parameters = string.Join(",", parameterTypes.Select(p =>
            string.Concat(p.Split(' ').Select(ShortTypeName))
                .Replace("*", "Ptr").Replace("&", "Ref").Replace("<", "[").Replace(">", "]")));
        return $"{typeName.Replace('/', '+')}.{name}({parameters})";
    }

    // System.ReadOnlySpan`1<System.Char> → ReadOnlySpan<Char>: namespaces and arity are noise in a file name.
    private static string ShortTypeName(string type) =>
        System.Text.RegularExpressions.Regex.Replace(type, @"[\w.]*\.(?=\w)|`\d+", "");
}

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
        ProcessResult result = await Processes.RunAsync(Processes.DotNet, ["build", project, "-c", "Release", "-nologo", "-v", "q"], Root);
        if (result.ExitCode != 0)
            throw new CouldNotRunException($"build failed: {Path.GetRelativePath(Root, project)}\n{result.Tail()}");
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
            result = restore.ExitCode == 0 ? await Processes.RunAsync(Processes.DotNet, arguments, ToolRoot) : restore;
            if (result.ExitCode != 0)
                throw new CouldNotRunException($"ilspycmd missing or failing (pinned in .config/dotnet-tools.json):\n{result.Tail()}");
        }

        return IlListing.Parse(result.Output, Path.GetFileNameWithoutExtension(assembly));
    }

    /// <summary>The listed methods matching each hot method's signature (none, one, or, wrongly, several).</summary>
    public IEnumerable<(HotMethod Hot, List<IlMethod> Found)> Find() =>
        Rules.Methods.Select(hot => (hot, Context.Listings.SelectMany(l => l.FindMethods(hot.Key)).ToList()));

    /// <summary>Every hot method of the rules file, found by its signature; a missing or ambiguous one is an error.</summary>
    public List<Resolved> Resolve(string? pattern = null)
    {
        var resolved = new List<Resolved>();
        foreach ((HotMethod hot, List<IlMethod> found) in Find())
        {
            if (found.Count != 1)
            {
                string afterType = hot.Key[(hot.Key.IndexOf("::", StringComparison.Ordinal) + 2)..];
                string name = afterType[..afterType.IndexOfAny(['(', '<'])];
                string[] candidates = Context.Listings.SelectMany(l => l.Methods).Where(m => m.Name == name).Select(m => "  " + m.Key).ToArray();
                throw new CouldNotRunException(
                    $"{Path.GetFileName(Rules.Path)}:{hot.Line}: {(found.Count == 0 ? "method not found" : "ambiguous method")}: {hot.Key}" +
                    (candidates.Length > 0 ? $"\nmethods named {name}:\n{string.Join('\n', candidates)}" : ""));
            }

            resolved.Add(new Resolved(hot, found[0]));
        }

        return pattern is null ? resolved : resolved.Where(r => Matches(r, pattern)).ToList();
    }

    private static bool Matches(Resolved r, string pattern) =>
        pattern.Contains('*') || pattern.Contains('?')
            ? Glob.IsMatch(r.Hot.Key, pattern) || Glob.IsMatch($"{r.Method.TypeName}.{r.Method.Name}", pattern)
            : r.Hot.Key.Contains(pattern, StringComparison.Ordinal) || $"{r.Method.TypeName}.{r.Method.Name}".Contains(pattern, StringComparison.Ordinal);
}
