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
    public static TheoryData<string, string, bool> Verdicts => new()
    {
        { "Dispatch::WithSwitch(uint8*, uint8*, int32)", "jump-table", true },
        { "Dispatch::WithSwitch(uint8*, uint8*, int32)", "no-calls", true },
        { "Dispatch::WithIfElseLadder(uint8*, uint8*, int32)", "jump-table", false },
        { "Calls::IndexWithBoundsCheck(uint8[], int32)", "no-rngchk", false },
        { "Calls::IndexWithoutBoundsCheck(uint8[], int32)", "no-rngchk", true },
        { "Tables::FromRvaSpan(int32)", "no-rngchk", true },
        { "Tables::FromStaticReadonly(int32)", "no-calls", true },
        { "Calls::Inlinable(int32)", "inlined", true },
        { "Calls::NeverInlined(int32)", "inlined", false },
        { "Calls::CallsAnother(int32)", "no-calls", false },
        { "Calls::ThrowsThroughHelper(int32)", "no-calls", true },
        { "Allocation::NewClass(int32)", "no-calls", false },
    };

    [Theory]
    [MemberData(nameof(Verdicts))]
    public void Rule_verdict(string method, string rule, bool passes)
    {
        if (!AsmRunner.IsSupported)
        {
            Assert.Empty(fixtures.Compiled);
            return;
        }

        AsmResult compiled = Assert.Single(fixtures.Compiled, c => c.Method.Hot.Key == "IlDump.Fixtures." + method);
        RuleRef rule_ = Assert.Single(compiled.Method.Hot.AsmRules, r => r.ToString() == rule);
        RuleResult result = AsmRules.Apply(rule_, compiled.Method.Hot, compiled.JitName, compiled.Asm, compiled.Caller);
        Assert.Equal(passes, result.Passed);
        if (passes)
            return;

        string expected = rule switch
        {
            "no-rngchk" => "CORINFO_HELP_RNGCHKFAIL",
            "inlined" => "IlDump.Fixtures.Calls:NeverInlined(",
            "no-calls" => method.StartsWith("Allocation", StringComparison.Ordinal) ? "CORINFO_HELP_NEWSFAST" : "NeverInlined",
            _ => "j",
        };
        Assert.Contains(result.Lines, l => l.Contains(expected, StringComparison.Ordinal));
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
        Assert.Null(AsmRules.ManagedMethod("CORINFO_HELP_NEWSFAST"));
    }
}
