using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// The smallest-input path of <see cref="Crc32C"/> on x64: one chain of SSE4.2 crc32 instructions
/// (<see cref="Crc32CChains.One{TCrc}"/>), up to the length the folding or three chains pay from; also the folding
/// paths' last step (<see cref="OfTwoWords"/>).
/// </summary>
internal static unsafe class Crc32COneChain
{
    /// <summary>Whether this path can run: the 64-bit crc32 instruction.</summary>
    public static bool IsSupported
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Sse42.X64.IsSupported;
    }

    /// <summary>Advances the raw CRC register <paramref name="register"/> (not inverted) over <paramref name="length"/> bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Update(uint register, ref byte source, nuint length) =>
        Crc32CChains.One<X64Crc32CInstructions>(register, ref source, length);

    /// <summary>The register after 16 bytes that are the 128-bit value <c>(low, high)</c>, starting from zero.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint OfTwoWords(ulong low, ulong high) => (uint)Sse42.X64.Crc32(Sse42.X64.Crc32(0, low), high);
}
