namespace Sparrow.Tests;

/// <summary>
/// Every path gated by an instruction set runs where the CPU reports that set and no runtime switch turns it off,
/// and is skipped only where one of them is missing: a path that stopped running here (a wrong gate, a gate on a set
/// this CPU lacks) fails this test instead of passing as a quiet skip.
/// </summary>
public sealed class InstructionSetTests
{
    [Fact]
    public void EveryGatedPath_RunsExactlyWhereTheCpuAndTheSwitchesAllowIt()
    {
        SkipReasons.SkipIf(SkipReasons.NotLinuxX64);
        CpuReport cpu = CpuReport.Read();
        // Each later x86 set needs the ones before it: the runtime's AVX switch turns off AVX2 and AVX-512 too, and
        // the AVX2 switch turns off its whole level (x86-64-v3), BMI2 with it. The AVX512v2 switch turns off the sets
        // .NET 10 groups after AVX-512 (VBMI and VBMI2 among them) and keeps AVX-512 itself.
        bool avx512 = cpu.Has(["avx512f", "avx512bw", "avx512vl"], "AVX", "AVX2", "AVX512");
        bool avx512Vbmi = avx512 && cpu.Has(["avx512vbmi"], "AVX512v2");
        bool avx512Vbmi2 = avx512 && cpu.Has(["avx512_vbmi2"], "AVX512v2");

        Assert.Equal(avx512, SkipReasons.MaskedVector is null);
        // DOTNET_PreferredVectorBitWidth below 512 makes 512-bit vectors unaccelerated, which the VBMI and VBMI2
        // paths also need.
        if (Environment.GetEnvironmentVariable("DOTNET_PreferredVectorBitWidth") is null)
        {
            Assert.Equal(avx512Vbmi2, VarIntPaths.Decode.Any(p => p.Name == "VarIntAvx512.Decode"));
            Assert.Equal(avx512Vbmi, SkipReasons.KeyWordsVector512 is null);
        }
        Assert.Equal(cpu.Has(["sse2"]), VarIntPaths.Decode.Any(p => p.Name == "VarIntVector128.Decode"));
        Assert.Equal(cpu.Has(["bmi2"], "AVX", "AVX2", "BMI2"), SkipReasons.Bmi2 is null);
    }
}
