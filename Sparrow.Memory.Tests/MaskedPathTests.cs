using Xunit.Abstractions;

namespace Sparrow.Tests;

/// <summary>Says whether this run proved the AVX-512 masked path, so a machine without it cannot pass silently.</summary>
public sealed class MaskedPathTests(ITestOutputHelper output)
{
    [Fact]
    public void MaskedPath_IsAmongThePathsTested_WhereTheCpuHasAvx512()
    {
        bool listed = Paths.Compare.Any(p => p.Name.StartsWith("MaskedVector", StringComparison.Ordinal))
            && Paths.Equal.Any(p => p.Name.StartsWith("MaskedVector", StringComparison.Ordinal));
        Assert.Equal(MaskedVector.IsSupported, listed);
        output.WriteLine(MaskedVector.IsSupported
            ? "AVX-512BW/VL present: the masked path is called directly by every path test."
            : "AVX-512BW/VL absent: the masked path cannot run on this CPU and is not tested here.");
    }
}
