using System.Runtime.InteropServices;

namespace IlDump;

/// <summary>
/// The machine code of one entry of the rules file (and, for the inlining rule, of its sample caller), or, when the
/// JIT lacks an instruction set the entry requires, which ones (<paramref name="Lacking"/>) and no code.
/// </summary>
internal sealed record AsmResult(Resolved Method, AsmListing? Asm, AsmListing? Caller, string? Lacking)
{
    /// <summary>The artifact files: <c>&lt;stem&gt;.asm</c>, and <c>&lt;stem&gt;.caller.asm</c> for the sample caller.</summary>
    public IEnumerable<(string Stem, string Text)> Files()
    {
        if (Asm is not null)
            yield return (Method.Hot.FileStem, Asm.Text);
        if (Caller is not null)
            yield return (Method.Hot.FileStem + ".caller", Caller.Text);
    }
}

/// <summary>
/// Gets the JIT's machine code for hot methods: one child process per entry (this tool's hidden <c>jit-child</c>
/// command) with DOTNET_TieredCompilation=0, DOTNET_JitDisasm=&lt;Type:Method&gt;, DOTNET_JitDisasmDiffable=1 (handles
/// and addresses printed as constants, so revisions diff cleanly), DOTNET_JitStdOutFile, and the entry's env:.
/// </summary>
internal static class AsmRunner
{
    public static bool IsSupported => RuntimeInformation.ProcessArchitecture == Architecture.X64;

    public static async Task<List<AsmResult>> CompileAsync(IReadOnlyList<Resolved> methods, IReadOnlyList<string> assemblies, string workingDirectory)
    {
        var results = new AsmResult[methods.Count];
        await Parallel.ForEachAsync(Enumerable.Range(0, methods.Count), new ParallelOptions { MaxDegreeOfParallelism = Environment.ProcessorCount },
            async (i, _) =>
            {
                HotMethod hot = methods[i].Hot;
                (AsmListing? asm, string? lacking) = await JitAsync(hot, caller: false, assemblies, workingDirectory);
                AsmListing? caller = asm is not null && hot.AsmRules.Any(rule => rule.Name == "inlined")
                    ? (await JitAsync(hot, caller: true, assemblies, workingDirectory)).Asm
                    : null;
                results[i] = new AsmResult(methods[i], asm, caller, lacking);
            });
        return [.. results];
    }

    private static async Task<(AsmListing? Asm, string? Lacking)> JitAsync(HotMethod hot, bool caller, IReadOnlyList<string> assemblies, string workingDirectory)
    {
        string jitName = caller ? $"{JitChild.CallerType}:{JitChild.CallerName(hot.Key.Name)}" : hot.Key.JitName;
        string output = Path.Combine(Path.GetTempPath(), $"il-dump-{Guid.NewGuid():N}.asm");
        try
        {
            var environment = new Dictionary<string, string>
            {
                ["DOTNET_TieredCompilation"] = "0",
                ["DOTNET_JitDisasm"] = jitName,
                ["DOTNET_JitDisasmDiffable"] = "1",
                ["DOTNET_JitStdOutFile"] = output,
            };
            foreach (string pair in hot.Env)
                environment[RulesFile.EnvName(pair)] = pair[(pair.IndexOf('=') + 1)..];
            string self = typeof(JitChild).Assembly.Location;
            string[] arguments = ["exec", "--runtimeconfig", Path.ChangeExtension(self, ".runtimeconfig.json"), self, JitChild.Command,
                caller ? "caller" : "method", string.Join(',', hot.Requires), hot.Key.ToString(), .. assemblies];
            ProcessResult result = await Processes.RunAsync(Processes.DotNet, arguments, workingDirectory, environment);
            if (result.ExitCode == JitChild.LacksIsa)
                return (null, result.Output.Trim());
            result.OrThrow($"the JIT child for {hot.Display}");
            string text = File.Exists(output) ? await File.ReadAllTextAsync(output) : "";
            string? section = Sections(text).LastOrDefault(s => s.Header.Contains($" {jitName}(", StringComparison.Ordinal)).Text;
            return section is null
                ? throw new CouldNotRunException($"the JIT printed no code for {jitName} (DOTNET_JitDisasm={jitName})")
                : (new AsmListing(section), null);
        }
        finally
        {
            File.Delete(output);
        }
    }

    private const string ListingHeader = "; Assembly listing for method ";

    /// <summary>The JIT's output cut at each method's header: (header line, whole listing).</summary>
    private static IEnumerable<(string Header, string Text)> Sections(string text) =>
        text.Split(ListingHeader).Skip(1).Select(s => (ListingHeader + s[..s.IndexOf('\n')], ListingHeader + s.TrimEnd() + "\n"));
}
