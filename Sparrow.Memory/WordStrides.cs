using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace Sparrow;

/// <summary>
/// The scalar path for inputs of at least <see cref="Block"/> bytes: 8-byte word strides, two words per
/// iteration. <see cref="Memory"/> takes it where no 256-bit vectors are hardware-accelerated; the tests
/// call it directly, so it is proven on every machine.
/// </summary>
internal static unsafe class WordStrides
{
    /// <summary>Bytes per loop iteration: two 8-byte words.</summary>
    public const int Block = 2 * sizeof(ulong);

    /// <summary>Compares <paramref name="size"/> (at least <see cref="Block"/>) bytes with the contract of <see cref="Memory.Compare(byte*, byte*, int)"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Compare(byte* p1, byte* p2, nuint size)
    {
        Debug.Assert(size >= Block);

        // PERF: the bases advance once per iteration and the words are read at constant offsets from
        // them; the last 1..16 bytes are a block ending exactly at the last byte (overlapping bytes already
        // compared equal), so no load crosses the end and no byte loop finishes the job.
        byte* last1 = p1 + (size - Block);
        byte* last2 = p2 + (size - Block);
        while (p1 < last1)
        {
            int result = CompareBlock(p1, p2);
            if (result != 0)
                return result;
            p1 += Block;
            p2 += Block;
        }

        return CompareBlock(last1, last2);
    }

    /// <summary>Tests <paramref name="size"/> (at least <see cref="Block"/>) bytes for equality.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool Equal(byte* p1, byte* p2, nuint size)
    {
        Debug.Assert(size >= Block);

        byte* last1 = p1 + (size - Block);
        byte* last2 = p2 + (size - Block);
        while (p1 < last1)
        {
            if (!EqualBlock(p1, p2))
                return false;
            p1 += Block;
            p2 += Block;
        }

        return EqualBlock(last1, last2);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int CompareBlock(byte* p1, byte* p2)
    {
        ulong a0 = Words.Load64(p1);
        ulong b0 = Words.Load64(p2);
        ulong a1 = Words.Load64(p1 + sizeof(ulong));
        ulong b1 = Words.Load64(p2 + sizeof(ulong));

        // PERF: one branch per 16 bytes on the (common) equal path; the differing word is picked without one.
        if (((a0 ^ b0) | (a1 ^ b1)) == 0)
            return 0;
        return a0 != b0 ? Words.ByteDifference(a0, b0) : Words.ByteDifference(a1, b1);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool EqualBlock(byte* p1, byte* p2) =>
        ((Words.Load64(p1) ^ Words.Load64(p2)) | (Words.Load64(p1 + sizeof(ulong)) ^ Words.Load64(p2 + sizeof(ulong)))) == 0;
}
