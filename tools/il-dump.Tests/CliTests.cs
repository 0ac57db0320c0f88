namespace IlDump.Tests;

/// <summary>The commands end to end: exit codes 0 (pass), 1 (a rule failed, named) and 2 (could not run).</summary>
public sealed class CliTests(FixturesListing fixtures) : IClassFixture<FixturesListing>, IDisposable
{
    private readonly List<string> _temporary = [];

    public void Dispose()
    {
        foreach (string directory in _temporary)
            Directory.Delete(directory, recursive: true);
    }

    private string TemporaryDirectory()
    {
        string directory = Directory.CreateTempSubdirectory("il-dump-test-").FullName;
        _temporary.Add(directory);
        return directory;
    }

    [Fact]
    public async Task Check_on_the_fixtures_fails_with_exit_1_naming_the_rule()
    {
        (int exit, string output, _) = await RunAsync("check", "--rules", FixturesRules(out _));
        Assert.Equal(1, exit);
        Assert.Matches(@"FAIL  IlDump\.Fixtures\.Dispatch::WithIfElseLadder\(uint8\*, uint8\*, int32\)\s+switch>=16", output);
        Assert.Contains("PASS  IlDump.Fixtures.Dispatch::WithSwitch(uint8*, uint8*, int32)", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Asm_on_the_fixtures_fails_with_exit_1_naming_the_rule()
    {
        (int exit, string output, _) = await RunAsync("asm", "--rules", FixturesRules(out string directory), "--out", directory,
            "--method", "Calls::");
        if (!AsmRunner.IsSupported)
        {
            Assert.Equal(0, exit);
            Assert.Contains("skipped", output, StringComparison.Ordinal);
            return;
        }

        Assert.Equal(1, exit);
        Assert.Matches(@"FAIL  IlDump\.Fixtures\.Calls::IndexWithBoundsCheck\(uint8\[\], int32\)\s+no-rngchk", output);
        Assert.Matches(@"FAIL  IlDump\.Fixtures\.Calls::NeverInlined\(int32\)\s+inlined", output);
        Assert.True(File.Exists(Path.Combine(directory, "asm", "IlDump.Fixtures.Calls.NeverInlined(int32).caller.asm")));
        Assert.Matches(@"FAIL  IlDump\.Fixtures\.Calls::NeverInlinedGeneric<int32>\(int32\)\s+inlined", output);
        Assert.True(File.Exists(Path.Combine(directory, "asm", "IlDump.Fixtures.Calls.NeverInlinedGeneric[int32](int32).asm")));
        Assert.EndsWith("4 passed, 4 failed, 0 skipped", output.TrimEnd(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Entries_of_one_method_run_with_their_env_and_skip_what_the_JIT_lacks()
    {
        if (!AsmRunner.IsSupported)
            return;
        (int exit, string output, _) = await RunAsync("asm", "--rules", FixturesRules(out string directory), "--out", directory, "--method", "Masked::");
        Assert.Equal(1, exit);
        Assert.Matches(@"SKIP  IlDump\.Fixtures\.Masked::MaskedLoad\(uint8\*, int32\) \[DOTNET_EnableAVX512=0\]\s+masked-loads\s+this JIT lacks Avx512BW\.VL \(with DOTNET_EnableAVX512=0\)", output);
        Assert.Matches(@"FAIL  IlDump\.Fixtures\.Masked::LoadFirst\(uint8\*, int32\) \[DOTNET_EnableAVX512=0\]\s+masked-loads", output);
        Assert.Matches(@"\d+ passed, 3 failed, [1-9]\d* skipped\s*$", output);
        string[] files = Directory.GetFiles(Path.Combine(directory, "asm"), "IlDump.Fixtures.Masked.LoadFirst*").Select(Path.GetFileName).ToArray()!;
        Assert.Contains("IlDump.Fixtures.Masked.LoadFirst(uint8Ptr,int32).DOTNET_EnableAVX512=0.asm", files);
    }

    [Fact]
    public async Task Dump_with_asm_and_env_prints_the_code_of_the_path_that_env_selects()
    {
        if (!AsmRunner.IsSupported)
            return;
        string rules = WriteRules($"assembly {fixtures.AssemblyPath}\nIlDump.Fixtures.Masked::LoadFirst(uint8*, int32)  asm: masked-loads\n");
        (int exit, string output, _) = await RunAsync("dump", "--rules", rules, "--out", TemporaryDirectory(), "--asm", "--env", "DOTNET_EnableAVX512=0");
        Assert.Equal(0, exit);
        Assert.Contains("; ===== IlDump.Fixtures.Masked.LoadFirst(uint8Ptr,int32).DOTNET_EnableAVX512=0", output, StringComparison.Ordinal);
        Assert.Contains("IL_0000: call bool [System.Runtime.Intrinsics]System.Runtime.Intrinsics.X86.Avx512BW/VL::get_IsSupported()", output, StringComparison.Ordinal);
        Assert.DoesNotContain("{k1}", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_method_missing_from_the_assembly_cannot_run_with_exit_2()
    {
        string rules = WriteRules($"assembly {fixtures.AssemblyPath}\nIlDump.Fixtures.Dispatch::WithSwitch(uint8*, uint8*, int64)  il: switch>=16\n");
        (int exit, _, string error) = await RunAsync("check", "--rules", rules);
        Assert.Equal(2, exit);
        Assert.Contains("method not found: IlDump.Fixtures.Dispatch::WithSwitch(uint8*, uint8*, int64)", error, StringComparison.Ordinal);
        Assert.Contains("IlDump.Fixtures.Dispatch::WithSwitch(uint8*, uint8*, int32)", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task An_unknown_rule_or_a_missing_assembly_cannot_run_with_exit_2()
    {
        string unknownRule = WriteRules($"assembly {fixtures.AssemblyPath}\nIlDump.Fixtures.Dispatch::WithSwitch(uint8*, uint8*, int32)  il: no-goto\n");
        (int exit, _, string error) = await RunAsync("check", "--rules", unknownRule);
        Assert.Equal(2, exit);
        Assert.Contains("unknown rule 'no-goto'", error, StringComparison.Ordinal);

        string missing = WriteRules("assembly does/not/exist.dll\nA::B()  il: no-box\n");
        (exit, _, error) = await RunAsync("check", "--rules", missing);
        Assert.Equal(2, exit);
        Assert.Contains("assembly not found", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Help_exits_0_and_a_bad_command_line_exits_2_saying_why()
    {
        (int exit, string output, _) = await RunAsync("--help");
        Assert.Equal(0, exit);
        Assert.StartsWith("usage: il-dump", output, StringComparison.Ordinal);
        (string[] Args, string Message)[] wrong =
        [
            ([], "no command"), (["frobnicate"], "unknown command 'frobnicate'"),
            (["asm", "--env", "X"], "--env X: expected NAME=VALUE"), (["check", "--rules"], "--rules needs a value"),
        ];
        foreach ((string[] args, string message) in wrong)
        {
            (exit, _, string error) = await RunAsync(args);
            Assert.Equal(2, exit);
            Assert.StartsWith($"il-dump: {message}\nusage: il-dump", error.ReplaceLineEndings("\n"), StringComparison.Ordinal);
        }
    }

    [Fact]
    public async Task List_filters_by_a_part_of_the_key_or_a_glob()
    {
        string rules = WriteRules($"assembly {fixtures.AssemblyPath}\nIlDump.Fixtures.Calls::Inlinable(int32)  il: no-box\n");
        (_, string part, _) = await RunAsync("list", "--rules", rules, "--method", "Alpha::Pick(int");
        (_, string glob, _) = await RunAsync("list", "--rules", rules, "--method", "*.Alpha::Pick(int*)");
        string[] expected = ["IlDump.Fixtures.Parsing.Alpha::Pick(int32)", "IlDump.Fixtures.Parsing.Alpha::Pick(int64)"];
        Assert.Equal(expected, part.Split('\n', StringSplitOptions.TrimEntries).Where(l => l.Contains("::", StringComparison.Ordinal)));
        Assert.Equal(expected, glob.Split('\n', StringSplitOptions.TrimEntries).Where(l => l.Contains("::", StringComparison.Ordinal)));
    }

    [Fact]
    public async Task Dump_writes_one_file_per_method_with_the_signature_in_its_name()
    {
        string directory = TemporaryDirectory();
        string rules = WriteRules($"assembly {fixtures.AssemblyPath}\n" +
            "IlDump.Fixtures.Parsing.Alpha::Pick(int32)  il: no-box\n" +
            "IlDump.Fixtures.Parsing.Alpha::Pick(int64)  il: no-box\n" +
            "IlDump.Fixtures.Parsing.Alpha/Inner::Pick(int32)  il: no-box\n");
        (int exit, string output, _) = await RunAsync("dump", "--rules", rules, "--out", directory);
        Assert.Equal(0, exit);
        string[] files = Directory.GetFiles(Path.Combine(directory, "il")).Select(Path.GetFileName).ToArray()!;
        Assert.Equal(
            ["IlDump.Fixtures.Parsing.Alpha+Inner.Pick(int32).il", "IlDump.Fixtures.Parsing.Alpha.Pick(int32).il", "IlDump.Fixtures.Parsing.Alpha.Pick(int64).il"],
            files.Order(StringComparer.Ordinal));
        Assert.Contains("IL_0001: ldc.i4.4", output, StringComparison.Ordinal);
    }

    private string FixturesRules(out string directory)
    {
        directory = TemporaryDirectory();
        string text = File.ReadAllText(fixtures.Rules.Path)
            .Replace("assembly tools/il-dump.Fixtures/il-dump.Fixtures.csproj", $"assembly {fixtures.AssemblyPath}", StringComparison.Ordinal);
        Assert.Contains(fixtures.AssemblyPath, text, StringComparison.Ordinal);
        return WriteRules(text);
    }

    private string WriteRules(string text)
    {
        string path = Path.Combine(TemporaryDirectory(), "test.rules");
        File.WriteAllText(path, text);
        return path;
    }

    private static async Task<(int Exit, string Output, string Error)> RunAsync(params string[] args)
    {
        var output = new StringWriter();
        var error = new StringWriter();
        int exit = await Cli.RunAsync(args, output, error);
        return (exit, output.ToString(), error.ToString());
    }
}
