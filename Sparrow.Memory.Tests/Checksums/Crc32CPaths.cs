using System.Runtime.Intrinsics.X86;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>A path's entry: advances a CRC register (not inverted) over <c>length</c> bytes.</summary>
internal unsafe delegate uint Crc32CFunction(uint state, byte* source, nuint length);

/// <summary>A way into the CRC-32C register update: the dispatcher, or one path's class called directly.</summary>
/// <param name="MinLength">The shortest input the path takes (a folding path needs one whole vector).</param>
/// <param name="SkipReason">Why the path cannot run here; null when it can.</param>
internal sealed record Crc32CPath(string Name, Crc32CFunction Function, int MinLength, string? SkipReason)
{
    public override string ToString() => Name;
}

/// <summary>Every CRC-32C path, so each is proven on a machine whose dispatcher never reaches it.</summary>
internal static unsafe class Crc32CPaths
{
    public static readonly Crc32CPath[] All =
    [
        new("Crc32C.Update", (state, source, length) => Crc32C.Update(state, ref *source, length), 0, null),
        new("Crc32CTable", Crc32CTable.Update, 0, null),
        new("Crc32COneChain", (state, source, length) => Crc32COneChain.Update(state, ref *source, length), 0, SkipReasons.Lacking(Crc32COneChain.IsSupported, "the 64-bit crc32 instruction (SSE4.2, x64)")),
        new("Crc32CThreeChains", Crc32CThreeChains.Update, 0, SkipReasons.Lacking(Crc32CThreeChains.IsSupported, "the crc32 instruction and PCLMULQDQ")),
        new("Crc32CThreeChains (ref)", (state, source, length) => Crc32CThreeChains.Update(state, ref *source, length), 0, SkipReasons.Lacking(Crc32CThreeChains.IsSupported, "the crc32 instruction and PCLMULQDQ")),
        new("Crc32COneChainArm64", (state, source, length) => Crc32COneChainArm64.Update(state, ref *source, length), 0, SkipReasons.Lacking(Crc32COneChainArm64.IsSupported, "the ARM64 CRC32 extension")),
        new("Crc32CThreeChainsArm64", Crc32CThreeChainsArm64.Update, 0, SkipReasons.Lacking(Crc32CThreeChainsArm64.IsSupported, "the ARM64 CRC32 extension and PMULL (Arm.Aes)")),
        new("Crc32CFold128", Crc32CFold128.Update, 16, SkipReasons.Lacking(Crc32CFold128.IsSupported, "PCLMULQDQ and the crc32 instruction")),
        new("Crc32CFold256", Crc32CFold256.Update, 32, SkipReasons.Lacking(Crc32CFold256.IsSupported, "256-bit VPCLMULQDQ (Pclmulqdq.V256) and AVX2")),
        new("Crc32CFold512", Crc32CFold512.Update, 64, SkipReasons.Lacking(Crc32CFold512.IsSupported, "512-bit VPCLMULQDQ with AVX-512 (Pclmulqdq.V512)")),
        new("Crc32CFold512 (ref)", (state, source, length) => Crc32CFold512.Update(state, ref *source, length), 64, SkipReasons.Lacking(Crc32CFold512.IsSupported, "512-bit VPCLMULQDQ with AVX-512 (Pclmulqdq.V512)")),
    ];

    public static TheoryData<string> Names => new(All.Select(p => new TheoryDataRow<string>(p.Name) { Skip = p.SkipReason }));

    public static Crc32CPath Named(string name) => All.Single(p => p.Name == name);
}
