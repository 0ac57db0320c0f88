using System.Runtime.InteropServices;

namespace IlDump;

/// <summary>The machine code of one hot method (and, for the inlining rule, of its sample caller).</summary>
internal sealed record AsmResult(Resolved Method, string JitName, AsmListing Asm, AsmListing? Caller);

/// <summary>
/// Gets the JIT's machine code for hot methods: one child process per method (this tool's hidden
/// <c>jit-child</c> command) with DOTNET_TieredCompilation=0, DOTNET_JitDisasm=&lt;Type:Method&gt;,
/// DOTNET_JitDisasmDiffable=1 (handles and addresses printed as constants, so revisions diff cleanly) and
/// DOTNET_JitStdOutFile.
/// </summary>
internal static class AsmRunner
{
    public static bool IsSupported => RuntimeInformation.ProcessArchitecture == Architecture.X64;

    public static string JitName(IlMethod method) => $"{method.TypeName.Replace('/', '+')}:{method.Name}";

    public static async Task<List<AsmResult>> CompileAsync(IReadOnlyList<Resolved> methods, IReadOnlyList<string> assemblies, string workingDirectory)
    {
        var results = new AsmResult[methods.Count];
        await Parallel.ForEachAsync(Enumerable.Range(0, methods.Count), new ParallelOptions { MaxDegreeOfParallelism = Environment.ProcessorCount },
            async (i, _) =>
            {
                Resolved r = methods[i];
                string jitName = JitName(r.Method);
                AsmListing asm = await JitAsync(r.Method.Key, jitName, caller: false, assemblies, workingDirectory);
                AsmListing? caller = r.Hot.AsmRules.Any(rule => rule.Name == "inlined")
                    ? await JitAsync(r.Method.Key, $"{JitChild.CallerType}:{JitChild.CallerName(r.Method.Name)}", caller: true, assemblies, workingDirectory)
                    : null;
                results[i] = new AsmResult(r, jitName, asm, caller);
            });
        return [.. results];
    }

    private static async Task<AsmListing> JitAsync(string key, string jitName, bool caller, IReadOnlyList<string> assemblies, string workingDirectory)
    {
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
            string self = typeof(JitChild).Assembly.Location;
            string[] arguments = ["exec", "--runtimeconfig", Path.ChangeExtension(self, ".runtimeconfig.json"), self, JitChild.Command,
                .. caller ? new[] { "--caller" } : [], key, .. assemblies];
            ProcessResult result = await Processes.RunAsync(Processes.DotNet, arguments, workingDirectory, environment);
            if (result.ExitCode != 0)
                throw new CouldNotRunException($"JIT child failed for {key}:\n{result.Tail()}");
            string text = File.Exists(output) ? await File.ReadAllTextAsync(output) : "";
            string? section = Sections(text).LastOrDefault(s => s.Header.Contains($" {jitName}(", StringComparison.Ordinal)).Text;
            return section is null
                ? throw new CouldNotRunException($"the JIT printed no code for {jitName} (DOTNET_JitDisasm={jitName})")
                : new AsmListing(section);
        }
        finally
        {
            File.Delete(output);
        }
    }

    private const string ListingHeader = "; Assembly listing for method ";

    private static IEnumerable<(string Header, string Text)> Sections(string text)
    {
        int start = text.IndexOf(ListingHeader, StringComparison.Ordinal);
        while (start >= 0)
        {
            int next = text.IndexOf(ListingHeader, start + 1, StringComparison.Ordinal);
            string section = next < 0 ? text[start..] : text[start..next];
            yield return (section[..section.IndexOf('\n')], section.TrimEnd() + "\n");
            start = next;
        }
    }
}
