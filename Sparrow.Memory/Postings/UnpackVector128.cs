using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// The 128-bit path of the block decoder (SSE2, AdvSimd, or any accelerated 128-bit vectors): one 16-byte row of the
/// vertical layout is one word of each lane, so the four consecutive deltas of a field come out of one or two rows
/// with one shift each and a mask. Each width has its own straight-line kernel (<see cref="WidthSwitch"/>): all 32
/// fields written out, their rows and shifts constants, the branch on whether a field crosses a word folded away.
/// </summary>
internal readonly struct UnpackVector128 : IPostingUnpack
{
    public static bool IsSupported => Vector128.IsHardwareAccelerated;

    public static void Unpack(ref byte packed, int width, ref uint deltas) =>
        WidthSwitch.Run<UnpackKernel>(width, ref packed, ref Unsafe.As<uint, byte>(ref deltas), 0);

    public static uint Decode(ref byte packed, int width, uint start, ref uint values) =>
        (uint)WidthSwitch.Run<NarrowKernel>(width, ref packed, ref Unsafe.As<uint, byte>(ref values), start);

    public static uint Decode(ref byte packed, int width, ulong start, ref ulong values) =>
        (uint)WidthSwitch.Run<WideKernel>(width, ref packed, ref Unsafe.As<ulong, byte>(ref values), start);

    public static ulong DecodePair(ref byte packed, int width, uint start, ref uint values) =>
        WidthSwitch.Run<BlockPairs.InTurn<NarrowKernel, uint>>(width, ref packed, ref Unsafe.As<uint, byte>(ref values), start);

    public static ulong DecodePair(ref byte packed, int width, ulong start, ref ulong values) =>
        WidthSwitch.Run<BlockPairs.InTurn<WideKernel, ulong>>(width, ref packed, ref Unsafe.As<ulong, byte>(ref values), start);

    /// <summary>Field <paramref name="field"/> of the four lanes: deltas 4 × field .. 4 × field + 3.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Field<TWidth>(ref byte packed, int field) where TWidth : struct, IBitWidth
    {
        int width = TWidth.Value;
        if (width == 0)
            return Vector128<uint>.Zero;
        int bit = field * width;
        int shift = bit & 31;
        ref byte row = ref Unsafe.Add(ref packed, (bit >> 5) * Vector128<byte>.Count);
        Vector128<uint> value = Vector128.LoadUnsafe(ref row).AsUInt32() >>> shift;
        if (shift + width > 32)
            value |= Vector128.LoadUnsafe(ref row, (nuint)Vector128<byte>.Count).AsUInt32() << (32 - shift);
        return width == 32 ? value : value & Vector128.Create((1u << width) - 1);
    }

    /// <summary>Four values: the field's deltas plus one, scanned, on top of the last value before them.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Step<TWidth>(ref byte packed, int field, Vector128<uint> sum, ref uint values) where TWidth : struct, IBitWidth
    {
        sum = Broadcast3(sum) + Scan(Field<TWidth>(ref packed, field) + Vector128<uint>.One);
        sum.StoreUnsafe(ref values, (nuint)(field * 4));
        return sum;
    }

    /// <summary>As <see cref="Step{TWidth}(ref byte, int, Vector128{uint}, ref uint)"/>, the 32-bit sums widened onto <paramref name="first"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Step<TWidth>(ref byte packed, int field, Vector128<uint> sum, Vector128<ulong> first, ref ulong values) where TWidth : struct, IBitWidth
    {
        sum = Broadcast3(sum) + Scan(Field<TWidth>(ref packed, field) + Vector128<uint>.One);
        (Vector128<ulong> low, Vector128<ulong> high) = Vector128.Widen(sum);
        (first + low).StoreUnsafe(ref values, (nuint)(field * 4));
        (first + high).StoreUnsafe(ref values, (nuint)(field * 4 + 2));
        return sum;
    }

    private readonly struct UnpackKernel : IWidthKernel
    {
        // PERF: compiled on its own, its steps inlined; inlined into a caller's switch, the caller's inlining budget
        // ran out before the steps and left them as calls (the reader's block decoder did).
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ulong Run<TWidth>(ref byte packed, ref byte output, ulong start) where TWidth : struct, IBitWidth
        {
            ref uint deltas = ref Unsafe.As<byte, uint>(ref output);
            Field<TWidth>(ref packed, 0).StoreUnsafe(ref deltas, 0);
            Field<TWidth>(ref packed, 1).StoreUnsafe(ref deltas, 4);
            Field<TWidth>(ref packed, 2).StoreUnsafe(ref deltas, 8);
            Field<TWidth>(ref packed, 3).StoreUnsafe(ref deltas, 12);
            Field<TWidth>(ref packed, 4).StoreUnsafe(ref deltas, 16);
            Field<TWidth>(ref packed, 5).StoreUnsafe(ref deltas, 20);
            Field<TWidth>(ref packed, 6).StoreUnsafe(ref deltas, 24);
            Field<TWidth>(ref packed, 7).StoreUnsafe(ref deltas, 28);
            Field<TWidth>(ref packed, 8).StoreUnsafe(ref deltas, 32);
            Field<TWidth>(ref packed, 9).StoreUnsafe(ref deltas, 36);
            Field<TWidth>(ref packed, 10).StoreUnsafe(ref deltas, 40);
            Field<TWidth>(ref packed, 11).StoreUnsafe(ref deltas, 44);
            Field<TWidth>(ref packed, 12).StoreUnsafe(ref deltas, 48);
            Field<TWidth>(ref packed, 13).StoreUnsafe(ref deltas, 52);
            Field<TWidth>(ref packed, 14).StoreUnsafe(ref deltas, 56);
            Field<TWidth>(ref packed, 15).StoreUnsafe(ref deltas, 60);
            Field<TWidth>(ref packed, 16).StoreUnsafe(ref deltas, 64);
            Field<TWidth>(ref packed, 17).StoreUnsafe(ref deltas, 68);
            Field<TWidth>(ref packed, 18).StoreUnsafe(ref deltas, 72);
            Field<TWidth>(ref packed, 19).StoreUnsafe(ref deltas, 76);
            Field<TWidth>(ref packed, 20).StoreUnsafe(ref deltas, 80);
            Field<TWidth>(ref packed, 21).StoreUnsafe(ref deltas, 84);
            Field<TWidth>(ref packed, 22).StoreUnsafe(ref deltas, 88);
            Field<TWidth>(ref packed, 23).StoreUnsafe(ref deltas, 92);
            Field<TWidth>(ref packed, 24).StoreUnsafe(ref deltas, 96);
            Field<TWidth>(ref packed, 25).StoreUnsafe(ref deltas, 100);
            Field<TWidth>(ref packed, 26).StoreUnsafe(ref deltas, 104);
            Field<TWidth>(ref packed, 27).StoreUnsafe(ref deltas, 108);
            Field<TWidth>(ref packed, 28).StoreUnsafe(ref deltas, 112);
            Field<TWidth>(ref packed, 29).StoreUnsafe(ref deltas, 116);
            Field<TWidth>(ref packed, 30).StoreUnsafe(ref deltas, 120);
            Field<TWidth>(ref packed, 31).StoreUnsafe(ref deltas, 124);
            return 0;
        }
    }

    private readonly struct NarrowKernel : IWidthKernel
    {
        // PERF: compiled on its own, its steps inlined; inlined into a caller's switch, the caller's inlining budget
        // ran out before the steps and left them as calls (the reader's block decoder did).
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ulong Run<TWidth>(ref byte packed, ref byte output, ulong start) where TWidth : struct, IBitWidth
        {
            ref uint values = ref Unsafe.As<byte, uint>(ref output);
            Vector128<uint> sum = Vector128.Create((uint)start);
            sum = Step<TWidth>(ref packed, 0, sum, ref values);
            sum = Step<TWidth>(ref packed, 1, sum, ref values);
            sum = Step<TWidth>(ref packed, 2, sum, ref values);
            sum = Step<TWidth>(ref packed, 3, sum, ref values);
            sum = Step<TWidth>(ref packed, 4, sum, ref values);
            sum = Step<TWidth>(ref packed, 5, sum, ref values);
            sum = Step<TWidth>(ref packed, 6, sum, ref values);
            sum = Step<TWidth>(ref packed, 7, sum, ref values);
            sum = Step<TWidth>(ref packed, 8, sum, ref values);
            sum = Step<TWidth>(ref packed, 9, sum, ref values);
            sum = Step<TWidth>(ref packed, 10, sum, ref values);
            sum = Step<TWidth>(ref packed, 11, sum, ref values);
            sum = Step<TWidth>(ref packed, 12, sum, ref values);
            sum = Step<TWidth>(ref packed, 13, sum, ref values);
            sum = Step<TWidth>(ref packed, 14, sum, ref values);
            sum = Step<TWidth>(ref packed, 15, sum, ref values);
            sum = Step<TWidth>(ref packed, 16, sum, ref values);
            sum = Step<TWidth>(ref packed, 17, sum, ref values);
            sum = Step<TWidth>(ref packed, 18, sum, ref values);
            sum = Step<TWidth>(ref packed, 19, sum, ref values);
            sum = Step<TWidth>(ref packed, 20, sum, ref values);
            sum = Step<TWidth>(ref packed, 21, sum, ref values);
            sum = Step<TWidth>(ref packed, 22, sum, ref values);
            sum = Step<TWidth>(ref packed, 23, sum, ref values);
            sum = Step<TWidth>(ref packed, 24, sum, ref values);
            sum = Step<TWidth>(ref packed, 25, sum, ref values);
            sum = Step<TWidth>(ref packed, 26, sum, ref values);
            sum = Step<TWidth>(ref packed, 27, sum, ref values);
            sum = Step<TWidth>(ref packed, 28, sum, ref values);
            sum = Step<TWidth>(ref packed, 29, sum, ref values);
            sum = Step<TWidth>(ref packed, 30, sum, ref values);
            sum = Step<TWidth>(ref packed, 31, sum, ref values);
            return sum.GetElement(3) - (uint)start;
        }
    }

    private readonly struct WideKernel : IWidthKernel
    {
        // PERF: compiled on its own, its steps inlined; inlined into a caller's switch, the caller's inlining budget
        // ran out before the steps and left them as calls (the reader's block decoder did).
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ulong Run<TWidth>(ref byte packed, ref byte output, ulong start) where TWidth : struct, IBitWidth
        {
            ref ulong values = ref Unsafe.As<byte, ulong>(ref output);
            Vector128<ulong> first = Vector128.Create(start);
            Vector128<uint> sum = Vector128<uint>.Zero;
            sum = Step<TWidth>(ref packed, 0, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 1, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 2, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 3, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 4, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 5, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 6, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 7, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 8, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 9, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 10, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 11, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 12, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 13, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 14, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 15, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 16, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 17, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 18, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 19, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 20, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 21, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 22, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 23, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 24, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 25, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 26, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 27, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 28, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 29, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 30, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 31, sum, first, ref values);
            return sum.GetElement(3);
        }
    }

    // PERF: inlined into the block decoder's loop over the exceptions, a call per exception is not.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void AddRange(ref uint values, int from, int to, uint amount) => AddRange<uint, int>(ref values, from, to, amount);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void AddRange(ref ulong values, int from, int to, ulong amount) => AddRange<ulong, long>(ref values, from, to, amount);

    /// <summary>
    /// Adds <paramref name="amount"/> to values [<paramref name="from"/>, <paramref name="to"/>); the range's masks compare
    /// lane indexes of <typeparamref name="TIndex"/>, the signed integer of <typeparamref name="T"/>'s width.
    /// </summary>
    // PERF: as UnpackAvx512.AddRange: only the range's first and last vectors are masked, the ones between add to every lane.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void AddRange<T, TIndex>(ref T values, int from, int to, T amount)
        where T : unmanaged, IBinaryInteger<T>
        where TIndex : unmanaged, IBinaryInteger<TIndex>
    {
        Vector128<T> add = Vector128.Create(amount);
        int i = from & -Vector128<T>.Count;
        Vector128<TIndex> index = Vector128<TIndex>.Indices + Vector128.Create(TIndex.CreateTruncating(i));
        Vector128<T> inside = (Vector128.GreaterThanOrEqual(index, Vector128.Create(TIndex.CreateTruncating(from))) & Vector128.LessThan(index, Vector128.Create(TIndex.CreateTruncating(to)))).As<TIndex, T>();
        (Vector128.LoadUnsafe(ref values, (nuint)i) + (inside & add)).StoreUnsafe(ref values, (nuint)i);
        for (i += Vector128<T>.Count; i + Vector128<T>.Count <= to; i += Vector128<T>.Count)
            (Vector128.LoadUnsafe(ref values, (nuint)i) + add).StoreUnsafe(ref values, (nuint)i);
        if (i < to)
        {
            inside = Vector128.LessThan(Vector128<TIndex>.Indices + Vector128.Create(TIndex.CreateTruncating(i)), Vector128.Create(TIndex.CreateTruncating(to))).As<TIndex, T>();
            (Vector128.LoadUnsafe(ref values, (nuint)i) + (inside & add)).StoreUnsafe(ref values, (nuint)i);
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

    public static void Widen(ref uint relative, ulong start, ref ulong values, int count)
    {
        if (count < Vector128<uint>.Count)
        {
            UnpackScalar.Widen(ref relative, start, ref values, count);
            return;
        }
        Vector128<ulong> first = Vector128.Create(start);
        int last = count - Vector128<uint>.Count;
        for (int i = 0; i < last; i += Vector128<uint>.Count)
            WidenFour(ref relative, first, ref values, i);
        // PERF: the last four in one step that overlaps the one before it, not a scalar tail.
        WidenFour(ref relative, first, ref values, last);
    }

    /// <summary>Four 32-bit offsets at <paramref name="index"/> widened onto <paramref name="first"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WidenFour(ref uint relative, Vector128<ulong> first, ref ulong values, int index)
    {
        Vector128<uint> four = Vector128.LoadUnsafe(ref relative, (nuint)index);
        (first + Vector128.WidenLower(four)).StoreUnsafe(ref values, (nuint)index);
        (first + Vector128.WidenUpper(four)).StoreUnsafe(ref values, (nuint)index + 2);
    }
}
