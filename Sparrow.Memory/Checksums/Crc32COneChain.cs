using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics.X86;

namespace Sparrow;

/// <summary>
/// The smallest-input path of <see cref="Crc32C"/>: one chain of crc32 instructions (SSE4.2), 8 bytes each, then
/// 4, 2 and 1 for the last bytes, so nothing past the input is read. Also the tail of the other x64 paths.
/// </summary>
internal static unsafe class Crc32COneChain
{
    /// <summary>Whether this path can run: the 64-bit crc32 instruction.</summary>
    public static bool IsSupported => Sse42.X64.IsSupported;

    /// <summary>Advances the CRC register <paramref name="state"/> (not inverted) over <paramref name="length"/> bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Append(uint state, byte* source, nuint length)
    {
        if (length >= sizeof(ulong))
        {
            // PERF: the chain starts from zero with the register XORed into the first word (the same crc32), so the
            // loop's register is only ever a crc32 result: started from the widened argument, the JIT re-extends it
            // (mov r32, r32) before every crc32, a cycle added to each link of the dependency chain.
            ulong wide = Sse42.X64.Crc32(0, Unsafe.ReadUnaligned<ulong>(source) ^ state);
            for (length -= sizeof(ulong), source += sizeof(ulong); length >= sizeof(ulong); length -= sizeof(ulong), source += sizeof(ulong))
                wide = Sse42.X64.Crc32(wide, Unsafe.ReadUnaligned<ulong>(source));
            state = (uint)wide;
        }

        // PERF: the last 0..7 bytes as at most three exact-width steps; a CRC cannot take an overlapping load
        // (a byte counted twice changes it), and a byte loop would be up to seven dependent steps.
        if ((length & sizeof(uint)) != 0)
        {
            state = Sse42.Crc32(state, Unsafe.ReadUnaligned<uint>(source));
            source += sizeof(uint);
        }

        if ((length & sizeof(ushort)) != 0)
        {
            state = Sse42.Crc32(state, Unsafe.ReadUnaligned<ushort>(source));
            source += sizeof(ushort);
        }

        if ((length & 1) != 0)
            state = Sse42.Crc32(state, *source);
        return state;
    }

    /// <summary>The register after 16 bytes that are the 128-bit value <c>(low, high)</c>, starting from zero.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint OfTwoWords(ulong low, ulong high) => (uint)Sse42.X64.Crc32(Sse42.X64.Crc32(0, low), high);
}
