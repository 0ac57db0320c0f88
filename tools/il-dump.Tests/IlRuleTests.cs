namespace IlDump.Tests;

/// <summary>Each fixture that breaks an IL rule FAILs it, naming the offending instructions; each well-formed one PASSes.</summary>
public sealed class IlRuleTests(FixturesListing fixtures) : IClassFixture<FixturesListing>
{
    private const string F = "IlDump.Fixtures.";

    public static TheoryData<string, string, bool> Verdicts => new()
    {
        { "Dispatch::WithSwitch(uint8*, uint8*, int32)", "switch>=16", true },
        { "Dispatch::WithIfElseLadder(uint8*, uint8*, int32)", "switch>=16", false },
        { "Dispatch::WithSwitch(uint8*, uint8*, int32)", "switch-cases>=17", true },
        { "Dispatch::WithSharedCases(uint8*, uint8*, int32)", "switch-cases>=17", true },
        { "Dispatch::WithSharedCases(uint8*, uint8*, int32)", "switch>=16", true },
        { "Dispatch::WithMergedLabels(uint8*, uint8*, int32)", "switch>=16", true },
        { "Dispatch::WithMergedLabels(uint8*, uint8*, int32)", "switch-cases>=17", false },
        { "Strides::ConstantOffsets(uint8*, int32)", "load8-const-offsets", true },
        { "Strides::ConstantOffsets(uint8*, int32)", "no-postincrement", true },
        { "Strides::ConstantOffsets(uint8*, int32)", "no-conv-stride", true },
        { "Strides::PostIncrement(uint8*, int32)", "no-postincrement", false },
        { "Strides::PostIncrement(uint8*, int32)", "load8-const-offsets", false },
        { "Strides::LocalStride(uint8*, int32)", "no-conv-stride", false },
        { "Strides::LocalStride(uint8*, int32)", "no-postincrement", true },
        { "Strides::IndexedLoads(uint8*, int32)", "load8-const-offsets", false },
        { "Strides::ByteLoop(uint8*, int32)", "load8-const-offsets", false },
        { "Generic::ThroughStruct(uint8*, int32)", "load8-const-offsets", true },
        { "Generic::ThroughStruct(uint8*, int32)", "no-callvirt", true },
        { "Generic::ThroughStructIndexed(uint8*, int32)", "load8-const-offsets", false },
        { "Generic::ThroughStructIndexed(uint8*, int32)", "no-callvirt", true },
        { "Generic::ThroughClass(uint8*, int32)", "no-callvirt", false },
        { "Allocation::Boxed(int32)", "no-box", false },
        { "Allocation::NewClass(int32)", "no-newobj", false },
        { "Allocation::NewStruct(int64)", "no-newobj", true },
        { "Allocation::WithStringBuilder(System.ReadOnlySpan`1<char>)", "no-stringbuilder", false },
        { "Allocation::WithStringBuilder(System.ReadOnlySpan`1<char>)", "no-newobj", false },
        { "Allocation::VirtualLength(string)", "no-callvirt", false },
        { "Allocation::SpanLength(System.ReadOnlySpan`1<char>)", "no-callvirt", true },
        { "Allocation::NewString(char)", "no-newobj", true },
        { "Tables::FromRvaSpan(int32)", "const-tables", true },
        { "Tables::FromStaticReadonly(int32)", "const-tables", true },
        { "Tables::PerCallArray(int32)", "const-tables", false },
        { "Tables::FromMutableStatic(int32)", "const-tables", false },
        { "Calls::NeverInlined(int32)", "noinlining", true },
        { "Calls::Inlinable(int32)", "noinlining", false },
        { "Calls::CallsAnother(int32)", "inlined-calls", true },
        { "Calls::ThrowsThroughHelper(int32)", "inlined-calls", true },
        { "Calls::CallsPlain(int32)", "inlined-calls", false },
        { "Calls::CallsTiny(int32)", "inlined-calls", true },
        { "Calls::CallsPlainThroughInlinable(int32)", "inlined-calls", false },
    };

    [Theory]
    [MemberData(nameof(Verdicts))]
    public void Rule_verdict(string method, string rule, bool passes)
    {
        Verdict result = Apply(F + method, rule);
        Assert.Equal(passes, result.Passed);
        if (!passes)
            Assert.NotEmpty(result.Summary);
    }

    [Fact]
    public void Every_fixtures_rule_line_gives_the_verdict_the_fixture_was_written_for()
    {
        // Well-formed fixtures pass everything listed for them; every broken fixture fails something.
        string[] broken = ["WithIfElseLadder", "WithMergedLabels", "PostIncrement", "LocalStride", "IndexedLoads", "ByteLoop", "Boxed", "NewClass",
            "WithStringBuilder", "VirtualLength", "PerCallArray", "FromMutableStatic", "ThroughStructIndexed", "ThroughClass", "CallsPlain", "CallsPlainThroughInlinable"];
        foreach (HotMethod hot in fixtures.Rules.Methods.Where(m => m.IlRules.Count > 0))
        {
            IlMethod method = fixtures.Method(hot.Key.ToString());
            List<Verdict> results = hot.IlRules.Select(r => IlRules.Apply(r, new Resolved(hot, method, TypeArguments.None), fixtures.Inspector.Context)).ToList();
            if (broken.Contains(method.Key.Name))
                Assert.Contains(results, r => !r.Passed);
            else
                Assert.All(results, r => Assert.True(r.Passed, $"{hot.Key}: {r.Summary}"));
        }
    }

    [Fact]
    public void A_ladder_fails_with_its_branches_and_a_short_switch_is_not_enough()
    {
        Verdict ladder = Apply(F + "Dispatch::WithIfElseLadder(uint8*, uint8*, int32)", "switch>=16");
        Assert.Contains("no switch instruction", ladder.Summary, StringComparison.Ordinal);
        Assert.Contains(ladder.Lines, l => l.Contains("bne.un", StringComparison.Ordinal));

        Verdict tooFew = Apply(F + "Dispatch::WithSwitch(uint8*, uint8*, int32)", "switch>=18");
        Assert.False(tooFew.Passed);
        Assert.Contains("17 targets", tooFew.Summary, StringComparison.Ordinal);
    }

    [Fact]
    public void Merged_case_labels_count_as_one_target()
    {
        Verdict merged = Apply(F + "Dispatch::WithMergedLabels(uint8*, uint8*, int32)", "switch-cases>=17");
        Assert.Contains("largest switch has 4 distinct targets", merged.Summary, StringComparison.Ordinal);
        Assert.Contains(merged.Lines, l => l.Contains("switch", StringComparison.Ordinal));
        Assert.Equal("switch with 17 distinct targets", Apply(F + "Dispatch::WithSharedCases(uint8*, uint8*, int32)", "switch-cases>=17").Summary);
    }

    [Fact]
    public void Offending_lines_are_the_instructions_that_break_the_rule()
    {
        Verdict postIncrement = Apply(F + "Strides::PostIncrement(uint8*, int32)", "no-postincrement");
        Assert.Contains(postIncrement.Lines, l => l.EndsWith(": dup", StringComparison.Ordinal));
        Assert.Contains(postIncrement.Lines, l => l.Contains("stloc", StringComparison.Ordinal));

        Verdict stride = Apply(F + "Strides::LocalStride(uint8*, int32)", "no-conv-stride");
        Assert.Contains(stride.Lines, l => l.EndsWith(": conv.i", StringComparison.Ordinal));

        Verdict box = Apply(F + "Allocation::Boxed(int32)", "no-box");
        Assert.Equal("IL_0001: box [System.Runtime]System.Int32", Assert.Single(box.Lines));

        Verdict table = Apply(F + "Tables::PerCallArray(int32)", "const-tables");
        Assert.Contains(table.Lines, l => l.Contains("newarr", StringComparison.Ordinal) && l.Contains("built per call", StringComparison.Ordinal));

        Verdict newObj = Apply(F + "Allocation::NewClass(int32)", "no-newobj");
        Assert.Contains("allocates a IlDump.Fixtures.Allocation/Reference", Assert.Single(newObj.Lines), StringComparison.Ordinal);
    }

    [Fact]
    public void A_result_string_needs_an_allowance()
    {
        IlMethod method = fixtures.Method(F + "Allocation::NewString(char)");
        var bare = new HotMethod(method.Key, 0, [new RuleRef("no-newobj", null)], [], [], [], []);
        Assert.False(IlRules.Apply(bare.IlRules[0], new Resolved(bare, method, TypeArguments.None), fixtures.Inspector.Context).Passed);
        Assert.True(Apply(F + "Allocation::NewString(char)", "no-newobj").Passed);
    }

    private Verdict Apply(string key, string rule)
    {
        HotMethod listed = fixtures.Hot(key);
        RulesFile parsed = RulesFile.Parse($"{key} il: {rule}", "inline.rules", fixtures.Root);
        HotMethod hot = parsed.Methods[0] with { Allowances = listed.Allowances };
        return IlRules.Apply(hot.IlRules[0], new Resolved(hot, fixtures.Method(key), TypeArguments.None), fixtures.Inspector.Context);
    }
}
