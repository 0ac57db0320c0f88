using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;

namespace Sparrow;

/// <summary>
/// The 128-bit path of the block decoder (SSE2, AdvSimd, or any accelerated 128-bit vectors): one word row of the
/// vertical layout is one vector, so each step shifts and masks a whole row into four consecutive deltas.
/// </summary>
internal readonly struct UnpackVector128 : IPostingUnpack
{
    public static bool IsSupported => Vector128.IsHardwareAccelerated;

    public static void Unpack(ref byte packed, int width, ref uint deltas)
    {
        // Width 0 has no bytes to load: every delta is 0.
        if (width == 0)
        {
            for (int i = 0; i < PostingListFormat.BlockLength; i += Vector128<uint>.Count)
                Vector128<uint>.Zero.StoreUnsafe(ref deltas, (nuint)i);
            return;
        }
        Vector128<uint> mask = Vector128.Create(width == 32 ? uint.MaxValue : (1u << width) - 1);
        for (int field = 0; field < 32; field++)
        {
            int bit = field * width;
            int shift = bit & 31;
            ref byte row = ref Unsafe.Add(ref packed, (bit >> 5) * Vector128<byte>.Count);
            Vector128<uint> value = Vector128.LoadUnsafe(ref row).AsUInt32() >>> shift;
            // PERF: a branch, not a shift of the next row by 32 - shift: a vector shift masks its count, so a count
            // of 32 would keep the row instead of clearing it (and the next row may lie past the block).
            if (shift + width > 32)
                value |= Vector128.LoadUnsafe(ref Unsafe.Add(ref row, Vector128<byte>.Count)).AsUInt32() << (32 - shift);
            (value & mask).StoreUnsafe(ref deltas, (nuint)(field * 4));
        }
    }

    public static void PrefixSum(ref uint deltas, uint start, ref uint values)
    {
        Vector128<uint> sum = Vector128.Create(start);
        for (int i = 0; i < PostingListFormat.BlockLength; i += 4)
        {
            sum = Broadcast3(sum) + Scan(Vector128.LoadUnsafe(ref deltas, (nuint)i) + Vector128<uint>.One);
            sum.StoreUnsafe(ref values, (nuint)i);
        }
    }

    public static void PrefixSum(ref uint deltas, ulong start, ref ulong values)
    {
        Vector128<uint> sum = Vector128<uint>.Zero;
        Vector128<ulong> first = Vector128.Create(start);
        for (int i = 0; i < PostingListFormat.BlockLength; i += 4)
        {
            sum = Broadcast3(sum) + Scan(Vector128.LoadUnsafe(ref deltas, (nuint)i) + Vector128<uint>.One);
            (Vector128<ulong> low, Vector128<ulong> high) = Vector128.Widen(sum);
            (first + low).StoreUnsafe(ref values, (nuint)i);
            (first + high).StoreUnsafe(ref values, (nuint)i + 2);
        }
    }

    /// <summary>The inclusive prefix sum of the four lanes: two shift-and-add steps (pslldq, ext against zero).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector128<uint> Scan(Vector128<uint> x)
    {
        if (Sse2.IsSupported)
        {
            x += Sse2.ShiftLeftLogical128BitLane(x, 4);
            return x + Sse2.ShiftLeftLogical128BitLane(x, 8);
        }
        if (AdvSimd.IsSupported)
        {
            x += AdvSimd.ExtractVector128(Vector128<uint>.Zero.AsByte(), x.AsByte(), 12).AsUInt32();
            return x + AdvSimd.ExtractVector128(Vector128<uint>.Zero.AsByte(), x.AsByte(), 8).AsUInt32();
        }
        x += Vector128.Create(0, x[0], x[1], x[2]);
        return x + Vector128.Create(0, 0, x[0], x[1]);
    }

    /// <summary>Lane 3 in every lane: the running total carried into the next four.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector128<uint> Broadcast3(Vector128<uint> x) => Vector128.Shuffle(x, Vector128.Create(3u));
}
