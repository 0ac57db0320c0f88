namespace IlDump;

// A hot method of the rules file found in a listing, with the type arguments its key closes it with.
internal sealed record Resolved(HotMethod Hot, IlMethod Method, TypeArguments Arguments);

// The pipeline every command shares: build the listed projects (under Root), list them with ilspycmd -il, find the hot methods in them.
internal sealed record Inspector(RulesFile Rules, string Root, IlContext Context, List<string> AssemblyPaths)
{
    public string ToolRoot => Rules.Root;

    public static async Task<Inspector> LoadAsync(RulesFile rules, string root, bool build, TextWriter log)
    {
        List<string> assemblies = [];
        foreach (string path in rules.Projects.Select(p => Path.GetFullPath(Path.Combine(root, p))))
        {
            bool dll = path.EndsWith(".dll", StringComparison.OrdinalIgnoreCase);
            if (!File.Exists(path))
                throw new CouldNotRunException($"{(dll ? "assembly" : "project")} not found: {path}");
            if (build && !dll)
            {
                log.WriteLine($"building {Path.GetRelativePath(root, path)} (Release)");
                (await Processes.RunAsync(Processes.DotNet, ["build", path, "-c", "Release", "-nologo", "-v", "q"], root)).OrThrow($"build of {Path.GetRelativePath(root, path)}");
            }

            // A project's output: its newest bin/Release/<tfm>/<project name>.dll.
            string name = Path.GetFileNameWithoutExtension(path), bin = Path.Combine(Path.GetDirectoryName(path)!, "bin", "Release");
            assemblies.Add(dll ? path : (Directory.Exists(bin) ? Directory.GetDirectories(bin).Select(tfm => Path.Combine(tfm, name + ".dll")).Where(File.Exists).MaxBy(File.GetLastWriteTimeUtc) : null)
                ?? throw new CouldNotRunException($"no Release build of {name} under {bin}" + (build ? "" : "; build it first or run without --no-build")));
        }

        return assemblies.Count == 0 ? throw new CouldNotRunException($"{rules.Path} lists no assembly")
            : new Inspector(rules, root, new IlContext(await Task.WhenAll(assemblies.Select(a => ListAsync(a, rules.Root, log)))), assemblies);
    }

    private static async Task<IlListing> ListAsync(string assembly, string toolRoot, TextWriter log)
    {
        string[] arguments = ["tool", "run", "ilspycmd", "--", "-il", "--disable-updatecheck", assembly];
        ProcessResult result = await Processes.RunAsync(Processes.DotNet, arguments, toolRoot);
        if (result.ExitCode != 0)
        {
            log.WriteLine($"ilspycmd did not run ({result.Tail(2).Trim()}); running dotnet tool restore");
            ProcessResult restore = await Processes.RunAsync(Processes.DotNet, ["tool", "restore"], toolRoot);
            result = (restore.ExitCode == 0 ? await Processes.RunAsync(Processes.DotNet, arguments, toolRoot) : restore).OrThrow("ilspycmd (pinned in .config/dotnet-tools.json)");
        }

        return IlListing.Parse(result.Output, Path.GetFileNameWithoutExtension(assembly));
    }

    // Each entry with the listed methods it names (one is right; none or several the caller reports); an every entry becomes an entry per match.
    public IEnumerable<(HotMethod Hot, List<(IlMethod Method, TypeArguments Arguments)> Found)> Find() =>
        Rules.Methods.SelectMany(hot => hot.IsPattern
            ? Context.Listings.SelectMany(l => l.Methods).Where(m => Glob.IsMatch(m.Key.ToString(), hot.Key.ToString()))
                .Select(m => (hot with { Key = m.Key }, new List<(IlMethod, TypeArguments)> { (m, TypeArguments.None) })).DefaultIfEmpty((hot, []))
            : [(hot, Context.Listings.SelectMany(l => l.FindMethods(hot.Key)).ToList())]);

    // The entries pattern picks (all when null); a missing or ambiguous method is an error.
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

// The result of a child process: exit code and everything it printed.
internal sealed record ProcessResult(int ExitCode, string Output, string Error)
{
    public string Tail(int lines = 25) => string.Join('\n', (Output + "\n" + Error).Split('\n', StringSplitOptions.RemoveEmptyEntries).TakeLast(lines));
    public ProcessResult OrThrow(string what) => ExitCode == 0 ? this : throw new CouldNotRunException($"{what} failed:\n{Tail()}");
}

internal static class Processes
{
    // The dotnet host running this tool (so children use the same runtime), else dotnet from PATH.
    public static string DotNet => Environment.ProcessPath is { } path && Path.GetFileNameWithoutExtension(path) == "dotnet" ? path : "dotnet";

    // Runs a process; environment holds NAME=VALUE pairs, a later one replacing an earlier one of the same name.
    public static async Task<ProcessResult> RunAsync(string fileName, IEnumerable<string> arguments, string workingDirectory, IEnumerable<string>? environment = null)
    {
        var start = new ProcessStartInfo(fileName, arguments) { WorkingDirectory = workingDirectory, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string pair in (environment ?? []).Prepend("DOTNET_NOLOGO=1").Prepend("DOTNET_CLI_TELEMETRY_OPTOUT=1"))
            start.Environment[RulesFile.EnvName(pair)] = pair[(pair.IndexOf('=') + 1)..];
        using Process process = Process.Start(start) ?? throw new CouldNotRunException($"could not start {fileName}");
        Task<string> output = process.StandardOutput.ReadToEndAsync(), error = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();
        return new ProcessResult(process.ExitCode, await output, await error);
    }
}
