namespace IlDump.Tests;

/// <summary>The rules file's sections, as entries carry them into every command.</summary>
public sealed class RulesFileTests
{
    private const string Text = """
        assembly Some/Project.csproj
        Ns.Type::Load(uint8*, int32)  requires: Avx512BW.VL Avx2  asm: masked-loads   # the AVX-512 path
        Ns.Type::Load(uint8*,int32)
            env: DOTNET_EnableAVX512=0 DOTNET_EnableAVX2=0
            asm: no-calls
        """;

    [Fact]
    public void Env_and_requires_sections_belong_to_their_entry_and_name_its_results_and_files()
    {
        RulesFile rules = RulesFile.Parse(Text, "test.rules", "/");
        Assert.Equal(["Some/Project.csproj"], rules.Projects);
        (HotMethod avx512, HotMethod portable) = (rules.Methods[0], rules.Methods[1]);
        Assert.Equal(avx512.Key, portable.Key);
        Assert.Equal(["Avx512BW.VL", "Avx2"], avx512.Requires);
        Assert.Empty(avx512.Env);
        Assert.Equal(["DOTNET_EnableAVX512=0", "DOTNET_EnableAVX2=0"], portable.Env);
        Assert.Equal("Ns.Type::Load(uint8*, int32)", avx512.Display);
        Assert.Equal("Ns.Type::Load(uint8*, int32) [DOTNET_EnableAVX512=0 DOTNET_EnableAVX2=0]", portable.Display);
        Assert.Equal("Ns.Type.Load(uint8Ptr,int32).DOTNET_EnableAVX512=0.DOTNET_EnableAVX2=0", portable.FileStem);
    }

    [Fact]
    public void Env_from_the_command_line_is_added_to_every_entry_and_wins_over_the_same_name()
    {
        RulesFile rules = RulesFile.Parse(Text, "test.rules", "/").WithEnv(["DOTNET_EnableAVX2=1", "DOTNET_JitStressModeNames=X"]);
        Assert.Equal(["DOTNET_EnableAVX2=1", "DOTNET_JitStressModeNames=X"], rules.Methods[0].Env);
        Assert.Equal(["DOTNET_EnableAVX512=0", "DOTNET_EnableAVX2=1", "DOTNET_JitStressModeNames=X"], rules.Methods[1].Env);
    }

    private const string LongForm = """
        assembly Some/Project.csproj
        Ns.Type::Load(uint8*, int32)
            il: no-box no-newobj no-callvirt switch>=16
            requires: Avx512BW.VL
            asm: masked-loads no-rngchk no-calls
            allow: call=Ns.Type:Cold*
        Ns.Type::Load(uint8*, int32)
            env: DOTNET_EnableAVX512=0
            asm: jump-table no-rngchk no-calls
        """;

    private const string ShortForm = """
        assembly Some/Project.csproj
        define lean       il: no-box no-newobj no-callvirt
        define fast       asm: no-rngchk no-calls
        define operation  @lean il: switch>=16 @fast
        define portable   twin: DOTNET_EnableAVX512=0 asm: jump-table @fast
        Ns.Type::Load(uint8*, int32)  @operation requires: Avx512BW.VL asm: masked-loads no-calls allow: call=Ns.Type:Cold* @portable
        """;

    [Fact]
    public void Rule_sets_and_twins_mean_what_the_long_form_says()
    {
        static string Describe(HotMethod m) => $"{m.Display} | il {string.Join(' ', m.IlRules.Select(r => r.ToString()).Order())} | asm "
            + $"{string.Join(' ', m.AsmRules.Select(r => r.ToString()).Order())} | requires {string.Join(' ', m.Requires)} | allow {string.Join(' ', m.Allowances)}";
        string[] expected = [.. RulesFile.Parse(LongForm, "long.rules", "/").Methods.Select(Describe)];
        Assert.Equal(2, expected.Length);
        Assert.Equal(expected, RulesFile.Parse(ShortForm, "short.rules", "/").Methods.Select(Describe));
        // no-calls named by the entry and by @fast is one rule, not two rows.
        Assert.Single(RulesFile.Parse(ShortForm, "short.rules", "/").Methods[0].AsmRules, r => r.Name == "no-calls");
    }

    [Fact]
    public void Every_entries_are_globs_and_closed_generic_keys_keep_their_type_arguments()
    {
        RulesFile rules = RulesFile.Parse("every Ns.Type::*Parse(*System.IFormatProvider*)  il: no-box\nNs.Type::Read<int64>(int64)  asm: no-calls", "t.rules", "/");
        Assert.True(rules.Methods[0].IsPattern);
        Assert.Equal("Ns.Type::*Parse(*System.IFormatProvider*)", rules.Methods[0].Key.ToString());
        Assert.False(rules.Methods[1].IsPattern);
        Assert.Equal(("Read", "<int64>"), (rules.Methods[1].Key.Name, rules.Methods[1].Key.Generic));
        Assert.Equal("Ns.Type.Read[int64](int64)", rules.Methods[1].FileStem);
    }

    [Fact]
    public void An_arm64_section_is_an_entry_of_its_own_named_by_the_architecture()
    {
        RulesFile rules = RulesFile.Parse("Ns.Type::Load(uint8*, int32)  asm: jump-table no-calls  arm64: jump-table jump-table-targets<=4", "t.rules", "/");
        (HotMethod x64, HotMethod arm64) = (rules.Methods[0], rules.Methods[1]);
        Assert.Equal(x64.Key, arm64.Key);
        Assert.False(x64.Arm64);
        Assert.True(arm64.Arm64);
        Assert.Equal(["jump-table", "no-calls"], x64.AsmRules.Select(r => r.ToString()));
        Assert.Equal(["jump-table", "jump-table-targets<=4"], arm64.AsmRules.Select(r => r.ToString()));
        Assert.Equal("Ns.Type::Load(uint8*, int32) [linux-arm64]", arm64.Display);
        Assert.Equal("Ns.Type.Load(uint8Ptr,int32).arm64", arm64.FileStem);
    }

    [Theory]
    [InlineData("Ns.Type::Load(uint8*)  asm: no-calls arm64: no-calls", "unknown rule 'no-calls' (known: jump-table, jump-table-targets)")]
    [InlineData("Ns.Type::Load(uint8*)  @nope", "no rule set 'nope' defined above")]
    [InlineData("define lean", "write a rule set as 'define <name> <sections and rules>'")]
    [InlineData("define il: no-box", "write a rule set as 'define <name> <sections and rules>'")]
    [InlineData("Ns.Type::Load(uint8*)  asm: no-calls twin: DOTNET_EnableAVX512", "'DOTNET_EnableAVX512' is not NAME=VALUE")]
    [InlineData("Ns.Type::Load(uint8*)  asm: no-calls twin: A=1", "Ns.Type::Load(uint8*) [A=1] has no rules")]
    [InlineData("Ns.Type::Load(uint8*)  env: A=1 asm: no-calls twin: A=1 asm: no-calls", "Ns.Type::Load(uint8*) [A=1] is listed twice")]
    [InlineData("Ns.Type::Load(uint8*)  frobnicate il: no-box", "'frobnicate' is outside an il:, asm:, allow:, env:, requires:, twin: or arm64: section")]
    [InlineData("Ns.Type::Load(uint8*)", "has no rules")]
    [InlineData("Ns.Type::Load  il: no-box", "expected 'assembly <project>', 'define <name> ...' or '[every] Type::Method(param types)'")]
    [InlineData("    il: no-box", "rules without a method above them")]
    [InlineData("Ns.Type::Load(uint8*)  il: switch", "write the rule as switch>=N")]
    [InlineData("Ns.Type::Load(uint8*)  il: switch<=16", "write the rule as switch>=N")]
    [InlineData("Ns.Type::Load(uint8*)  asm: before-first-load", "write the rule as before-first-load<=N")]
    [InlineData("Ns.Type::Load(uint8*)  asm: no-calls>=2", "the rule 'no-calls' takes no number")]
    [InlineData("Ns.Type::Load(uint8*)  requires: Vector512  asm: no-calls", "'Vector512' is not a System.Runtime.Intrinsics.X86 class")]
    [InlineData("Ns.Type::Load(uint8*)  env: DOTNET_EnableAVX512  asm: no-calls", "'DOTNET_EnableAVX512' is not NAME=VALUE")]
    [InlineData("Ns.Type::Load(uint8*)  asm: no-calls\nNs.Type::Load(uint8*)  asm: masked-loads", "Ns.Type::Load(uint8*) is listed twice")]
    public void A_malformed_line_says_where_and_what(string text, string message)
    {
        var e = Assert.Throws<CouldNotRunException>(() => RulesFile.Parse(text, "test.rules", "/"));
        Assert.Contains(message, e.Message, StringComparison.Ordinal);
        Assert.StartsWith("test.rules:", e.Message, StringComparison.Ordinal);
    }
}
