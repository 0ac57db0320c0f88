using System.Runtime.Intrinsics.X86;

namespace IlDump.Tests;

/// <summary>The fixtures' machine code, compiled once per test run (x64 only; elsewhere the command says it skips).</summary>
public sealed class FixturesAsm
{
    public FixturesAsm()
    {
        Listing = new FixturesListing();
        if (!AsmRunner.IsSupported)
            return;
        List<Resolved> methods = Listing.Inspector.Resolve().Where(r => r.Hot.AsmRules.Count > 0).ToList();
        Compiled = AsmRunner.CompileAsync(methods, Listing.Inspector.AssemblyPaths, Listing.Root).GetAwaiter().GetResult();
    }

    public FixturesListing Listing { get; }

    internal List<AsmResult> Compiled { get; } = [];
}

public sealed class AsmRuleTests(FixturesAsm fixtures) : IClassFixture<FixturesAsm>
{
    private const string NoAvx512 = " [DOTNET_EnableAVX512=0]";
    private const string Arm64 = " [linux-arm64]";


    /// <summary>Entries as results name them (key, then env), and the verdict: PASS, FAIL, SKIP, or AVX512 (PASS where the JIT has AVX-512BW/VL, else SKIP).</summary>
    public static TheoryData<string, string, string> Verdicts => new()
    {
        { "Dispatch::WithSwitch(uint8*, uint8*, int32)", "jump-table", "PASS" },
        { "Dispatch::WithSwitch(uint8*, uint8*, int32)", "no-calls", "PASS" },
        { "Dispatch::WithIfElseLadder(uint8*, uint8*, int32)", "jump-table", "FAIL" },
        { "Dispatch::WithIfElseLadder(uint8*, uint8*, int32)", "jump-table-targets<=4", "FAIL" },
        { "Dispatch::WithSharedCases(uint8*, uint8*, int32)", "jump-table", "PASS" },
        { "Dispatch::WithSharedCases(uint8*, uint8*, int32)", "jump-table-targets<=4", "PASS" },
        { "Dispatch::WithMergedLabels(uint8*, uint8*, int32)", "jump-table-targets<=4", "PASS" },
        { "Dispatch::WithSharedCases(uint8*, uint8*, int32)" + Arm64, "jump-table", "ARM64" },
        { "Dispatch::WithSharedCases(uint8*, uint8*, int32)" + Arm64, "jump-table-targets<=4", "ARM64" },
        { "Dispatch::WithIfElseLadder(uint8*, uint8*, int32)" + Arm64, "jump-table", "FAILARM64" },
        { "Dispatch::WithIfElseLadder(uint8*, uint8*, int32)" + Arm64, "jump-table-targets<=4", "FAILARM64" },
        { "Calls::IndexWithBoundsCheck(uint8[], int32)", "no-rngchk", "FAIL" },
        { "Calls::IndexWithoutBoundsCheck(uint8[], int32)", "no-rngchk", "PASS" },
        { "Tables::FromRvaSpan(int32)", "no-rngchk", "PASS" },
        { "Tables::FromStaticReadonly(int32)", "no-calls", "PASS" },
        { "Calls::Inlinable(int32)", "inlined", "PASS" },
        { "Calls::NeverInlined(int32)", "inlined", "FAIL" },
        { "Calls::CallsAnother(int32)", "no-calls", "FAIL" },
        { "Calls::ThrowsThroughHelper(int32)", "no-calls", "PASS" },
        { "Calls::InlinableGeneric<int32>(int32)", "inlined", "PASS" },
        { "Calls::NeverInlinedGeneric<int32>(int32)", "inlined", "FAIL" },
        { "Allocation::NewClass(int32)", "no-calls", "FAIL" },
        { "Masked::MaskedLoad(uint8*, int32)", "masked-loads", "AVX512" },
        { "Masked::MaskedLoad(uint8*, int32)" + NoAvx512, "masked-loads", "SKIP" },
        { "Masked::PlainLoad(uint8*, int32)", "masked-loads", "FAIL" },
        { "Masked::MaskedStore(uint8*, int32, System.Runtime.Intrinsics.Vector256`1<uint8>)", "masked-stores", "AVX512" },
        { "Masked::BlendedStore(uint8*, int32, System.Runtime.Intrinsics.Vector256`1<uint8>)", "masked-stores", "FAIL" },
        { "Masked::LoadFirst(uint8*, int32)", "masked-loads", "AVX512" },
        { "Masked::LoadFirst(uint8*, int32)" + NoAvx512, "masked-loads", "FAIL" },
        { "Masked::LoadFirst(uint8*, int32)" + NoAvx512, "no-calls", "PASS" },
        { "Carryless::Multiply(uint64, uint64)", "clmul", "PASS" },
        { "Carryless::Xor(uint64, uint64)", "clmul", "FAIL" },
        { "Compress::ToRegisterThenStore(uint32*, System.Runtime.Intrinsics.Vector512`1<uint32>, uint32)", "no-memory-compress", "AVX512F" },
        { "Compress::ToMemory(uint32*, System.Runtime.Intrinsics.Vector512`1<uint32>, uint32)", "no-memory-compress", "FAIL512F" },
    };

    [Theory]
    [MemberData(nameof(Verdicts))]
    public void Rule_verdict(string entry, string rule, string expected)
    {
        if (!AsmRunner.IsSupported)
        {
            Assert.Empty(fixtures.Compiled);
            return;
        }

        AsmResult compiled = Assert.Single(fixtures.Compiled, c => c.Method.Hot.Display == "IlDump.Fixtures." + entry);
        Verdict result = AsmRules.Apply(Assert.Single(compiled.Method.Hot.AsmRules, r => r.ToString() == rule), compiled);
        string outcome = expected switch
        {
            "AVX512" => Avx512BW.VL.IsSupported ? "PASS" : "SKIP",
            "AVX512F" => Avx512F.IsSupported ? "PASS" : "SKIP",
            "FAIL512F" => Avx512F.IsSupported ? "FAIL" : "SKIP",
            "ARM64" => Arm64Jit.HasEmulator ? "PASS" : "SKIP",
            "FAILARM64" => Arm64Jit.HasEmulator ? "FAIL" : "SKIP",
            _ => expected,
        };
        Assert.Equal(outcome, result.Outcome.ToString().ToUpperInvariant());
        string? shown = (outcome, rule) switch
        {
            ("FAIL", "no-rngchk") => "CORINFO_HELP_RNGCHKFAIL",
            ("FAIL", "inlined") => entry.Contains("Generic", StringComparison.Ordinal) ? "IlDump.Fixtures.Calls:NeverInlinedGeneric[int](" : "IlDump.Fixtures.Calls:NeverInlined(",
            ("FAIL", "no-calls") => entry.StartsWith("Allocation", StringComparison.Ordinal) ? "CORINFO_HELP_NEWSFAST" : "NeverInlined",
            ("FAIL", "masked-loads") => "ymmword ptr [rsi]",
            ("FAIL", "masked-stores") => "vmovups  ymmword ptr [rdi]",
            ("FAIL", "clmul") => null,
            ("FAIL", "no-memory-compress") => "vpcompressd zmmword ptr [rdi]",
            // The ladder's arm64 compare-and-branch: b.hi written bhi, and cbz/cbnz.
            ("FAIL", _) when entry.EndsWith(Arm64, StringComparison.Ordinal) => "compare-and-branch instead:",
            ("FAIL", _) => "j",
            _ => null,
        };
        if (shown is not null)
            Assert.Contains(result.Lines, l => l.Contains(shown, StringComparison.Ordinal));
        if (outcome == "FAIL" && entry.EndsWith(Arm64, StringComparison.Ordinal))
            Assert.Contains(result.Lines, l => System.Text.RegularExpressions.Regex.IsMatch(l, @"^(b(ls|hi|lo|hs|lt|le|gt|ge|eq|ne)|cbn?z)\s"));
        if (outcome == "SKIP" && entry.EndsWith(Arm64, StringComparison.Ordinal))
            Assert.StartsWith("no qemu-aarch64-static on PATH", result.Summary, StringComparison.Ordinal);
        else if (outcome == "SKIP" && rule == "no-memory-compress")
            Assert.Equal("this JIT lacks Avx512F", result.Summary);
        else if (outcome == "SKIP")
            Assert.Equal("this JIT lacks Avx512BW.VL" + (entry.EndsWith(NoAvx512, StringComparison.Ordinal) ? " (with DOTNET_EnableAVX512=0)" : ""), result.Summary);
        if (outcome == "PASS" && rule == "masked-loads")
            Assert.Matches(@"vmovdqu8 ymm\d+ \{k\d\}\{z\}, ymmword ptr \[rsi\]", result.Summary);
        if (outcome == "FAIL" && rule == "clmul")
            Assert.StartsWith("no carry-less multiply", result.Summary, StringComparison.Ordinal);
        if (outcome == "PASS" && rule == "clmul")
            Assert.Contains("pclmul", result.Summary, StringComparison.Ordinal);
        if (outcome == "PASS" && rule == "no-memory-compress")
            Assert.Equal("no compress to memory; 1 into a register", result.Summary);
        if (outcome == "PASS" && rule == "masked-stores")
            Assert.Matches(@"vmovdqu8 ymmword ptr \[rdi\] \{k\d\}, ymm\d+", result.Summary);
    }

    [Fact]
    public void A_body_per_case_is_a_table_of_as_many_blocks()
    {
        if (!AsmRunner.IsSupported)
            return;
        AsmResult compiled = Assert.Single(fixtures.Compiled, c => c.Method.Hot.Display == "IlDump.Fixtures.Dispatch::WithSwitch(uint8*, uint8*, int32)");
        Verdict result = AsmRules.Apply(new RuleRef("jump-table-targets", 4, "<="), compiled);
        Assert.False(result.Passed);
        Assert.Matches(@"^17 table entries to \d+ distinct blocks \(at most 4\)$", result.Summary);
    }

    [Fact]
    public void Call_targets_are_read_from_the_disassembly()
    {
        Assert.Equal("Sparrow.Formatting.Etag:ThrowInvalidEtag",
            AsmRules.ManagedMethod("[Sparrow.Formatting.Etag:ThrowInvalidEtag[char](System.ReadOnlySpan`1[char]):Sparrow.Formatting.Etag]"));
        Assert.Equal("System.String:.ctor", AsmRules.ManagedMethod("System.String:.ctor(ptr,int,int):this"));
        Assert.Null(AsmRules.ManagedMethod("rax"));
        Assert.Equal("System.Buffers.SpanAction`2:Invoke",
            AsmRules.ManagedMethod("[r14+0x18]System.Buffers.SpanAction`2[char,Sparrow.Formatting.Etag]:Invoke(System.Span`1[char],Sparrow.Formatting.Etag):this"));
        Assert.Equal("Ns.Holder`1:Pick",
            AsmRules.ManagedMethod("[Ns.Holder`1[System.ValueTuple`2[int,System.Span`1[ubyte]]]:Pick[System.Nullable`1[int]](int):int]"));
        Assert.Null(AsmRules.ManagedMethod("CORINFO_HELP_NEWSFAST"));
    }
}
