namespace Sparrow.Formatting.Tests;

/// <summary>
/// The one place that decides a test cannot run on this machine: each member is <see langword="null"/> where the
/// test can run, else the reason its skip shows. A test starts with <see cref="SkipIf"/>.
/// </summary>
internal static class SkipReasons
{
    /// <summary>Ends the running test as skipped, with <paramref name="reason"/>, when there is one.</summary>
    public static void SkipIf(string? reason)
    {
        if (reason is not null)
            Assert.Skip(reason);
    }

    public static string? Avx512Vbmi => System.Runtime.Intrinsics.X86.Avx512Vbmi.IsSupported
        ? null
        : "AVX-512 VBMI is absent on this CPU or disabled (DOTNET_EnableAVX512=0): the Vector512 formatter and the rotated page-crossing path cannot run here.";
}
