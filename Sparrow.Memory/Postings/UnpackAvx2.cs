using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow;

/// <summary>
/// The AVX2 path of the block decoder: two fields of the vertical layout per step (eight consecutive deltas), their
/// rows side by side in one 256-bit vector, shifted per lane (vpsrlvd, vpsllvd: a count of 32 or more clears a
/// lane, so a field that ends in its word needs no branch).
/// </summary>
internal readonly struct UnpackAvx2 : IPostingUnpack
{
    public static bool IsSupported => Avx2.IsSupported;

    public static void Unpack(ref byte packed, int width, ref uint deltas)
    {
        // Width 0 has no bytes to load: every delta is 0.
        if (width == 0)
        {
            for (int i = 0; i < PostingListFormat.BlockLength; i += Vector256<uint>.Count)
                Vector256<uint>.Zero.StoreUnsafe(ref deltas, (nuint)i);
            return;
        }
        Vector256<uint> mask = Vector256.Create(width == 32 ? uint.MaxValue : (1u << width) - 1);
        int lastRow = width - 1;
        for (int field = 0; field < 32; field += 2)
        {
            int bit0 = field * width, bit1 = bit0 + width;
            int row0 = bit0 >> 5, row1 = bit1 >> 5;
            Vector256<uint> low = Vector256.Create(Row(ref packed, row0), Row(ref packed, row1));
            // The next rows are only used by a field that crosses into them; clamped so they never lie past the block.
            Vector256<uint> high = Vector256.Create(Row(ref packed, Math.Min(row0 + 1, lastRow)), Row(ref packed, Math.Min(row1 + 1, lastRow)));
            uint shift0 = (uint)(bit0 & 31), shift1 = (uint)(bit1 & 31);
            Vector256<uint> right = Vector256.Create(Vector128.Create(shift0), Vector128.Create(shift1));
            Vector256<uint> value = Avx2.ShiftRightLogicalVariable(low, right)
                | Avx2.ShiftLeftLogicalVariable(high, Vector256.Create(32u) - right);
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
        Vector256<uint> sum = Vector256.Create(start);
        for (int i = 0; i < PostingListFormat.BlockLength; i += 8)
        {
            sum = Broadcast7(sum) + Scan(Vector256.LoadUnsafe(ref deltas, (nuint)i) + Vector256<uint>.One);
            sum.StoreUnsafe(ref values, (nuint)i);
        }
    }

    public static void PrefixSum(ref uint deltas, ulong start, ref ulong values)
    {
        Vector256<uint> sum = Vector256<uint>.Zero;
        Vector256<ulong> first = Vector256.Create(start);
        for (int i = 0; i < PostingListFormat.BlockLength; i += 8)
        {
            sum = Broadcast7(sum) + Scan(Vector256.LoadUnsafe(ref deltas, (nuint)i) + Vector256<uint>.One);
            (first + Avx2.ConvertToVector256Int64(sum.GetLower()).AsUInt64()).StoreUnsafe(ref values, (nuint)i);
            (first + Avx2.ConvertToVector256Int64(sum.GetUpper()).AsUInt64()).StoreUnsafe(ref values, (nuint)i + 4);
        }
    }

    /// <summary>The inclusive prefix sum of the eight lanes: two shift-and-add steps in each half, then the low half's total into the high half.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> Scan(Vector256<uint> x)
    {
        x += Avx2.ShiftLeftLogical128BitLane(x, 4);
        x += Avx2.ShiftLeftLogical128BitLane(x, 8);
        // Lane 3 of each half in all its lanes, then the low half's moved up (the low half zeroed).
        Vector256<uint> totals = Avx2.Shuffle(x, 0xFF);
        return x + Avx2.Permute2x128(totals, totals, 0x08);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> Broadcast7(Vector256<uint> x) => Avx2.PermuteVar8x32(x, Vector256.Create(7u));
}
