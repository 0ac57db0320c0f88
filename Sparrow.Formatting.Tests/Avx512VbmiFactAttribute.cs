using System.Runtime.Intrinsics.X86;

namespace Sparrow.Formatting.Tests;

/// <summary>
/// A fact for a path that needs AVX-512 VBMI; decided when the test is discovered, so a machine without it (or with
/// DOTNET_EnableAVX512=0) reports the test skipped with the reason (xunit 2 has no skip from inside a running test).
/// </summary>
public sealed class Avx512VbmiFactAttribute : FactAttribute
{
    public Avx512VbmiFactAttribute() =>
        Skip = Avx512Vbmi.IsSupported ? null : "AVX-512 VBMI is absent on this CPU or disabled (DOTNET_EnableAVX512=0): the Vector512 formatter and the rotated page-crossing path cannot run here.";
}
