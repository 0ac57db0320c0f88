using System.Diagnostics;

namespace IlDump;

/// <summary>A hot method of the rules file found in a listing, with the type arguments its key closes it with.</summary>
internal sealed record Resolved(HotMethod Hot, IlMethod Method, TypeArguments Arguments);

/// <summary>
/// The pipeline every command shares: build the listed projects in Release, run ilspycmd -il on each assembly,
/// parse the listings and find every hot method of the rules file in them.
/// </summary>
/// <param name="root">The directory the rules file's project paths are relative to (a checkout of another revision for diff).</param>
/// <param name="toolRoot">The directory holding .config/dotnet-tools.json, where ilspycmd runs.</param>
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
        foreach (string path in Rules.Projects.Select(p => Path.GetFullPath(Path.Combine(Root, p))))
        {
            if (!File.Exists(path))
                throw new CouldNotRunException($"{(path.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) ? "assembly" : "project")} not found: {path}");
            if (build && !path.EndsWith(".dll", StringComparison.OrdinalIgnoreCase))
            {
                log.WriteLine($"building {Path.GetRelativePath(Root, path)} (Release)");
                (await Processes.RunAsync(Processes.DotNet, ["build", path, "-c", "Release", "-nologo", "-v", "q"], Root)).OrThrow($"build of {Path.GetRelativePath(Root, path)}");
            }

            AssemblyPaths.Add(path.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) ? path : OutputOf(path, build));
        }

        Context = new IlContext(await Task.WhenAll(AssemblyPaths.Select(ListAsync)));
    }

    /// <summary>The newest bin/Release/&lt;tfm&gt;/&lt;project name&gt;.dll of a project.</summary>
    private static string OutputOf(string project, bool built)
    {
        string name = Path.GetFileNameWithoutExtension(project), bin = Path.Combine(Path.GetDirectoryName(project)!, "bin", "Release");
        return (Directory.Exists(bin) ? Directory.GetDirectories(bin).Select(tfm => Path.Combine(tfm, name + ".dll")).Where(File.Exists).MaxBy(File.GetLastWriteTimeUtc) : null)
            ?? throw new CouldNotRunException($"no Release build of {name} under {bin}" + (built ? "" : "; build it first or run without --no-build"));
    }

    private async Task<IlListing> ListAsync(string assembly)
    {
        string[] arguments = ["tool", "run", "ilspycmd", "--", "-il", "--disable-updatecheck", assembly];
        ProcessResult result = await Processes.RunAsync(Processes.DotNet, arguments, ToolRoot);
        if (result.ExitCode != 0)
        {
            log.WriteLine($"ilspycmd did not run ({result.Tail(2).Trim()}); running dotnet tool restore");
            ProcessResult restore = await Processes.RunAsync(Processes.DotNet, ["tool", "restore"], ToolRoot);
            result = (restore.ExitCode == 0 ? await Processes.RunAsync(Processes.DotNet, arguments, ToolRoot) : restore).OrThrow("ilspycmd (pinned in .config/dotnet-tools.json)");
        }

        return IlListing.Parse(result.Output, Path.GetFileNameWithoutExtension(assembly));
    }

    /// <summary>
    /// Each entry with the listed methods it names: exactly one for a method key (none or several is an error the
    /// caller reports), every match for a pattern, each as an entry of its own.
    /// </summary>
    public IEnumerable<(HotMethod Hot, List<(IlMethod Method, TypeArguments Arguments)> Found)> Find() =>
        Rules.Methods.SelectMany(hot => hot.IsPattern
            ? Context.Listings.SelectMany(l => l.Methods).Where(m => Glob.IsMatch(m.Key.ToString(), hot.Key.ToString()))
                .Select(m => (hot with { Key = m.Key }, new List<(IlMethod, TypeArguments)> { (m, TypeArguments.None) }))
                .DefaultIfEmpty((hot, []))
            : [(hot, Context.Listings.SelectMany(l => l.FindMethods(hot.Key)).ToList())]);

    /// <summary>The entries <paramref name="pattern"/> picks (all when null); a missing or ambiguous method is an error.</summary>
    public List<Resolved> Resolve(string? pattern = null) =>
        [.. Find().Where(f => pattern is null || f.Hot.Key.Matches(pattern))
            .Select(f => f.Found.Count == 1 ? new Resolved(f.Hot, f.Found[0].Method, f.Found[0].Arguments) : throw Unresolved(f.Hot, f.Found.Count))];

    private CouldNotRunException Unresolved(HotMethod hot, int count)
    {
        string named = string.Concat(Context.Listings.SelectMany(l => l.Methods).Where(m => m.Key.Name == hot.Key.Name).Select(m => $"\n  {m.Key}"));
        return new($"{Path.GetFileName(Rules.Path)}:{hot.Line}: {(count == 0 ? "method not found" : "ambiguous method")}: {hot.Key}"
            + (named.Length > 0 ? $"\nmethods named {hot.Key.Name}:{named}" : ""));
    }
}

/// <summary>The result of a child process: exit code and everything it printed.</summary>
internal sealed record ProcessResult(int ExitCode, string Output, string Error)
{
    /// <summary>The last lines of both streams, for a "could not run" message.</summary>
    public string Tail(int lines = 25) => string.Join('\n', (Output + "\n" + Error).Split('\n', StringSplitOptions.RemoveEmptyEntries).TakeLast(lines));

    public ProcessResult OrThrow(string what) => ExitCode == 0 ? this : throw new CouldNotRunException($"{what} failed:\n{Tail()}");
}

internal static class Processes
{
    public static async Task<ProcessResult> RunAsync(string fileName, IEnumerable<string> arguments, string workingDirectory, IReadOnlyDictionary<string, string>? environment = null)
    {
        var start = new ProcessStartInfo(fileName) { WorkingDirectory = workingDirectory, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in arguments)
            start.ArgumentList.Add(argument);
        foreach ((string name, string value) in (environment ?? new Dictionary<string, string>()).Prepend(new("DOTNET_NOLOGO", "1")).Prepend(new("DOTNET_CLI_TELEMETRY_OPTOUT", "1")))
            start.Environment[name] = value;
        using Process process = Process.Start(start) ?? throw new CouldNotRunException($"could not start {fileName}");
        Task<string> output = process.StandardOutput.ReadToEndAsync(), error = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();
        return new ProcessResult(process.ExitCode, await output, await error);
    }

    /// <summary>The dotnet host running this tool (so children use the same runtime), else dotnet from PATH.</summary>
    public static string DotNet => Environment.ProcessPath is { } path && Path.GetFileNameWithoutExtension(path) == "dotnet" ? path : "dotnet";
}
