using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Sparrow;

/// <summary>
/// The permutations of the AVX2 and 128-bit partitions, for paths without a compress instruction: for each mask
/// of the lanes above the bound (bit i for lane i), the lanes at most the bound first, in order, then those above.
/// A partition stores the permuted vector at both ends; each end keeps its part.
/// </summary>
internal static class PartitionTables
{
    /// <summary>Vector256 permutations (VPERMD indices) of 8 four-byte lanes: 256 masks of 8 indices.</summary>
    private static readonly uint[] Lanes8Of4 = Dword(8, 1);

    /// <summary>Vector256 permutations (VPERMD indices) of 4 eight-byte lanes, each as two dwords: 16 masks of 8 indices.</summary>
    private static readonly uint[] Lanes4Of8 = Dword(4, 2);

    /// <summary>Vector128 byte shuffles of 4 four-byte lanes: 16 masks of 16 byte indices.</summary>
    private static readonly byte[] Lanes4Of4 = Bytes(4, 4);

    /// <summary>Vector128 byte shuffles of 2 eight-byte lanes: 4 masks of 16 byte indices.</summary>
    private static readonly byte[] Lanes2Of8 = Bytes(2, 8);

    /// <summary>The VPERMD indices that move the lanes at most the bound to the bottom for <paramref name="above"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> Permutation256(int keySize, uint above) =>
        Vector256.LoadUnsafe(ref MemoryMarshal.GetArrayDataReference(keySize == sizeof(uint) ? Lanes8Of4 : Lanes4Of8), (nuint)above * 8);

    /// <summary>The byte shuffle that moves the lanes at most the bound to the bottom for <paramref name="above"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> Shuffle128(int keySize, uint above) =>
        Vector128.LoadUnsafe(ref MemoryMarshal.GetArrayDataReference(keySize == sizeof(uint) ? Lanes4Of4 : Lanes2Of8), (nuint)above * 16);

    private static int[] Order(int lanes, int mask)
    {
        var order = new int[lanes];
        int at = 0;
        for (int lane = 0; lane < lanes; lane++)
            if ((mask >> lane & 1) == 0)
                order[at++] = lane;
        for (int lane = 0; lane < lanes; lane++)
            if ((mask >> lane & 1) != 0)
                order[at++] = lane;
        return order;
    }

    private static uint[] Dword(int lanes, int dwordsPerLane)
    {
        var table = new uint[(1 << lanes) * 8];
        for (int mask = 0; mask < 1 << lanes; mask++)
        {
            int[] order = Order(lanes, mask);
            for (int i = 0; i < lanes; i++)
                for (int d = 0; d < dwordsPerLane; d++)
                    table[mask * 8 + i * dwordsPerLane + d] = (uint)(order[i] * dwordsPerLane + d);
        }
        return table;
    }

    private static byte[] Bytes(int lanes, int bytesPerLane)
    {
        var table = new byte[(1 << lanes) * 16];
        for (int mask = 0; mask < 1 << lanes; mask++)
        {
            int[] order = Order(lanes, mask);
            for (int i = 0; i < lanes; i++)
                for (int b = 0; b < bytesPerLane; b++)
                    table[mask * 16 + i * bytesPerLane + b] = (byte)(order[i] * bytesPerLane + b);
        }
        return table;
    }
}
