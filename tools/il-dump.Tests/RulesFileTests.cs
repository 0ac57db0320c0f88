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

    [Theory]
    [InlineData("Ns.Type::Load(uint8*)  frobnicate il: no-box", "'frobnicate' is outside an il:, asm:, allow:, env:, requires: or twin: section")]
    [InlineData("Ns.Type::Load(uint8*)", "has no rules")]
    [InlineData("Ns.Type::Load  il: no-box", "expected 'assembly <project>', 'define <name> ...' or '[every] Type::Method(param types)'")]
    [InlineData("    il: no-box", "rules without a method above them")]
    [InlineData("Ns.Type::Load(uint8*)  il: switch", "write the switch rule as switch>=N")]
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
