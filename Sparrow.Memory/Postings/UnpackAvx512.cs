using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow;

/// <summary>
/// The AVX-512 path of the block decoder: four fields of the vertical layout per step (sixteen consecutive deltas),
/// their rows side by side in one 512-bit vector, shifted per lane (vpsrlvd, vpsllvd: a count of 32 or more clears a
/// lane, so a field that ends in its word needs no branch); the prefix sum runs over sixteen lanes.
/// </summary>
internal readonly struct UnpackAvx512 : IPostingUnpack
{
    public static bool IsSupported => Avx512F.IsSupported && Vector512.IsHardwareAccelerated;

    public static void Unpack(ref byte packed, int width, ref uint deltas)
    {
        // Width 0 has no bytes to load: every delta is 0.
        if (width == 0)
        {
            for (int i = 0; i < PostingListFormat.BlockLength; i += Vector512<uint>.Count)
                Vector512<uint>.Zero.StoreUnsafe(ref deltas, (nuint)i);
            return;
        }
        Vector512<uint> mask = Vector512.Create(width == 32 ? uint.MaxValue : (1u << width) - 1);
        int lastRow = width - 1;
        for (int field = 0; field < 32; field += 4)
        {
            int bit0 = field * width, bit1 = bit0 + width, bit2 = bit1 + width, bit3 = bit2 + width;
            int row0 = bit0 >> 5, row1 = bit1 >> 5, row2 = bit2 >> 5, row3 = bit3 >> 5;
            Vector512<uint> low = Vector512.Create(
                Vector256.Create(Row(ref packed, row0), Row(ref packed, row1)),
                Vector256.Create(Row(ref packed, row2), Row(ref packed, row3)));
            // The next rows are only used by a field that crosses into them; clamped so they never lie past the block.
            Vector512<uint> high = Vector512.Create(
                Vector256.Create(Row(ref packed, Math.Min(row0 + 1, lastRow)), Row(ref packed, Math.Min(row1 + 1, lastRow))),
                Vector256.Create(Row(ref packed, Math.Min(row2 + 1, lastRow)), Row(ref packed, Math.Min(row3 + 1, lastRow))));
            Vector512<uint> right = Vector512.Create(
                Vector256.Create(Vector128.Create((uint)(bit0 & 31)), Vector128.Create((uint)(bit1 & 31))),
                Vector256.Create(Vector128.Create((uint)(bit2 & 31)), Vector128.Create((uint)(bit3 & 31))));
            Vector512<uint> value = Avx512F.ShiftRightLogicalVariable(low, right)
                | Avx512F.ShiftLeftLogicalVariable(high, Vector512.Create(32u) - right);
            (value & mask).StoreUnsafe(ref deltas, (nuint)(field * 4));
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Row(ref byte packed, int row) =>
        Vector128.LoadUnsafe(ref Unsafe.Add(ref packed, row * Vector128<byte>.Count)).AsUInt32();

    public static void Decode(ref byte packed, int width, uint start, ref uint values)
    {
        Unsafe.SkipInit(out BlockOfUInt32 deltas);
        Unpack(ref packed, width, ref deltas[0]);
        PrefixSum(ref deltas[0], start, ref values);
    }

    public static void Decode(ref byte packed, int width, ulong start, ref ulong values)
    {
        Unsafe.SkipInit(out BlockOfUInt32 deltas);
        Unpack(ref packed, width, ref deltas[0]);
        PrefixSum(ref deltas[0], start, ref values);
    }

    public static void PrefixSum(ref uint deltas, uint start, ref uint values)
    {
        Vector512<uint> sum = Vector512.Create(start);
        for (int i = 0; i < PostingListFormat.BlockLength; i += 16)
        {
            sum = Broadcast15(sum) + Scan(Vector512.LoadUnsafe(ref deltas, (nuint)i) + Vector512<uint>.One);
            sum.StoreUnsafe(ref values, (nuint)i);
        }
    }

    public static void PrefixSum(ref uint deltas, ulong start, ref ulong values)
    {
        Vector512<uint> sum = Vector512<uint>.Zero;
        Vector512<ulong> first = Vector512.Create(start);
        for (int i = 0; i < PostingListFormat.BlockLength; i += 16)
        {
            sum = Broadcast15(sum) + Scan(Vector512.LoadUnsafe(ref deltas, (nuint)i) + Vector512<uint>.One);
            (first + Avx512F.ConvertToVector512UInt64(sum.GetLower())).StoreUnsafe(ref values, (nuint)i);
            (first + Avx512F.ConvertToVector512UInt64(sum.GetUpper())).StoreUnsafe(ref values, (nuint)i + 8);
        }
    }

    /// <summary>
    /// The inclusive prefix sum of the sixteen lanes: two shift-and-add steps in each 128-bit quarter, then each
    /// quarter's total carried up.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<uint> Scan(Vector512<uint> x)
    {
        x += Avx512BW.ShiftLeftLogical128BitLane(x.AsByte(), 4).AsUInt32();
        x += Avx512BW.ShiftLeftLogical128BitLane(x.AsByte(), 8).AsUInt32();
        Vector512<uint> totals = Avx512F.Shuffle(x, 0xFF);
        // The quarters' totals scanned the same way (up one quarter, then two: valignd against zero), then moved up
        // one more quarter, so each quarter adds the totals of those below it.
        totals += Avx512F.AlignRight32(totals, Vector512<uint>.Zero, 12);
        totals += Avx512F.AlignRight32(totals, Vector512<uint>.Zero, 8);
        return x + Avx512F.AlignRight32(totals, Vector512<uint>.Zero, 12);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<uint> Broadcast15(Vector512<uint> x) => Avx512F.PermuteVar16x32(x, Vector512.Create(15u));
}
