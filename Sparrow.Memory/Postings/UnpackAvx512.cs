using System.Diagnostics.CodeAnalysis;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Groups = (System.Runtime.Intrinsics.Vector512<uint>, System.Runtime.Intrinsics.Vector512<uint>, System.Runtime.Intrinsics.Vector512<uint>, System.Runtime.Intrinsics.Vector512<uint>,
    System.Runtime.Intrinsics.Vector512<uint>, System.Runtime.Intrinsics.Vector512<uint>, System.Runtime.Intrinsics.Vector512<uint>, System.Runtime.Intrinsics.Vector512<uint>);

namespace Sparrow.Storage;

/// <summary>
/// The AVX-512 path of the block decoder: four fields of the vertical layout per group (sixteen consecutive deltas),
/// gathered into one 512-bit vector (<see cref="RowShuffle"/>: one load and one quarter shuffle of their rows, shifted per
/// lane; <see cref="UnpackAvx512Vbmi"/> brings a byte-permute gather); the prefix sum runs over sixteen lanes, the block's
/// eight groups side by side. Each width has its own straight-line kernel (<see cref="WidthSwitch"/>): rows, shuffles and
/// shift vectors are constants.
/// </summary>
internal readonly struct UnpackAvx512 : IPostingUnpack
{
    /// <summary>How the kernels get a group's sixteen fields (deltas 16 × group .. + 15) into the sixteen lanes.</summary>
    internal interface IFieldGather
    {
        static abstract Vector512<uint> Fields<TWidth>(ref byte packed, int group) where TWidth : struct, IBitWidth;
    }

    public static bool IsSupported => Avx512F.IsSupported && Avx512BW.IsSupported && Vector512.IsHardwareAccelerated;

    public static void Unpack(ref byte packed, int width, ref uint deltas) =>
        WidthSwitch.Run<UnpackKernel>(width, ref packed, ref Unsafe.As<uint, byte>(ref deltas), 0);

    public static uint Decode(ref byte packed, int width, uint start, ref uint values) =>
        (uint)WidthSwitch.Run<NarrowKernel>(width, ref packed, ref Unsafe.As<uint, byte>(ref values), start);

    public static uint Decode(ref byte packed, int width, ulong start, ref ulong values) =>
        (uint)WidthSwitch.Run<WideKernel>(width, ref packed, ref Unsafe.As<ulong, byte>(ref values), start);

    // PERF: no kernels of two blocks on this path: with the row-shuffle gather, a pair's inlinees ran past the JIT's
    // inlining budget, and the kernel was left with calls.
    public static ulong DecodePair(ref byte packed, int width, uint start, ref uint values) =>
        WidthSwitch.Run<BlockPairs.InTurn<NarrowKernel, uint>>(width, ref packed, ref Unsafe.As<uint, byte>(ref values), start);

    public static ulong DecodePair(ref byte packed, int width, ulong start, ref ulong values) =>
        WidthSwitch.Run<BlockPairs.InTurn<WideKernel, ulong>>(width, ref packed, ref Unsafe.As<ulong, byte>(ref values), start);

    /// <summary>
    /// The fields of a group gathered from its rows: one load and one quarter shuffle (vshufi32x4) of the rows they lie
    /// in, shifted per lane (vpsrlvd, and vpsllvd for a field that continues in its lane's next word), then masked.
    /// </summary>
    internal readonly struct RowShuffle : IFieldGather
    {
        /// <summary>Fields 4 × <paramref name="group"/> .. + 3 of the four lanes: deltas 16 × group .. + 15, each row shifted per lane.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector512<uint> Fields<TWidth>(ref byte packed, int group) where TWidth : struct, IBitWidth
        {
            int width = TWidth.Value;
            if (width == 0)
                return Vector512<uint>.Zero;
            int bit0 = 4 * group * width, bit1 = bit0 + width, bit2 = bit1 + width, bit3 = bit2 + width;
            uint s0 = (uint)(bit0 & 31), s1 = (uint)(bit1 & 31), s2 = (uint)(bit2 & 31), s3 = (uint)(bit3 & 31);
            int a = bit0 >> 5, b = bit1 >> 5, c = bit2 >> 5, d = bit3 >> 5;
            Vector512<uint> value = Avx512F.ShiftRightLogicalVariable(Rows<TWidth>(ref packed, a, b, c, d),
                Vector512.Create(s0, s0, s0, s0, s1, s1, s1, s1, s2, s2, s2, s2, s3, s3, s3, s3));
            // A field that does not end in its word continues in the lane's next word (vpsllvd clears a lane shifted by 32,
            // and the bits of a field that did end land above the mask).
            if (s0 + width > 32 || s1 + width > 32 || s2 + width > 32 || s3 + width > 32)
            {
                int last = width - 1;
                uint t0 = 32 - s0, t1 = 32 - s1, t2 = 32 - s2, t3 = 32 - s3;
                value |= Avx512F.ShiftLeftLogicalVariable(
                    Rows<TWidth>(ref packed, Math.Min(a + 1, last), Math.Min(b + 1, last), Math.Min(c + 1, last), Math.Min(d + 1, last)),
                    Vector512.Create(t0, t0, t0, t0, t1, t1, t1, t1, t2, t2, t2, t2, t3, t3, t3, t3));
            }
            return width == 32 ? value : value & Vector512.Create((1u << width) - 1);
        }

        /// <summary>
        /// Rows <paramref name="a"/> ≤ <paramref name="b"/> ≤ <paramref name="c"/> ≤ <paramref name="d"/> (at most 3 apart, all
        /// constants) as the four quarters: one row load and one quarter shuffle when they are one row, else one 64-byte load of a window of four
        /// rows inside the block and one quarter shuffle (vshufi32x4).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector512<uint> Rows<TWidth>(ref byte packed, int a, int b, int c, int d) where TWidth : struct, IBitWidth
        {
            if (a == d)
            {
                // PERF: one load and one vshufi32x4; Vector512.Create of a Vector128 compiles to four inserts.
                Vector512<uint> row = Row(ref packed, a).ToVector256Unsafe().ToVector512Unsafe();
                return Avx512F.Shuffle4x128(row, row, 0);
            }
            int width = TWidth.Value;
            if (width >= 4)
            {
                int window = Math.Min(a, width - 4);
                Vector512<uint> rows = Vector512.LoadUnsafe(ref Unsafe.Add(ref packed, window * Vector128<byte>.Count)).AsUInt32();
    #pragma warning disable CA1857 // A constant once the kernel is compiled for its width: every argument above is one.
                return Avx512F.Shuffle4x128(rows, rows, (byte)((a - window) | (b - window) << 2 | (c - window) << 4 | (d - window) << 6));
    #pragma warning restore CA1857
            }
            return Vector512.Create(Vector256.Create(Row(ref packed, a), Row(ref packed, b)), Vector256.Create(Row(ref packed, c), Row(ref packed, d)));
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<uint> Row(ref byte packed, int row) =>
            Vector128.LoadUnsafe(ref Unsafe.Add(ref packed, row * Vector128<byte>.Count)).AsUInt32();
    }

    /// <summary>The block's eight groups (deltas 16 × group .. + 15): each group's fields plus one.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Groups Fields<TGather, TWidth>(ref byte packed)
        where TGather : struct, IFieldGather
        where TWidth : struct, IBitWidth
    {
        Vector512<uint> one = Vector512<uint>.One;
        return (TGather.Fields<TWidth>(ref packed, 0) + one, TGather.Fields<TWidth>(ref packed, 1) + one, TGather.Fields<TWidth>(ref packed, 2) + one, TGather.Fields<TWidth>(ref packed, 3) + one,
            TGather.Fields<TWidth>(ref packed, 4) + one, TGather.Fields<TWidth>(ref packed, 5) + one, TGather.Fields<TWidth>(ref packed, 6) + one, TGather.Fields<TWidth>(ref packed, 7) + one);
    }

    /// <summary>One <see cref="ScanStep"/> of each of the eight groups.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Groups ScanRound(Groups s, [ConstantExpected] byte alignment) =>
        (ScanStep(s.Item1, alignment), ScanStep(s.Item2, alignment), ScanStep(s.Item3, alignment), ScanStep(s.Item4, alignment),
         ScanStep(s.Item5, alignment), ScanStep(s.Item6, alignment), ScanStep(s.Item7, alignment), ScanStep(s.Item8, alignment));

    /// <summary>The block's eight groups, each group's fields plus one scanned over its sixteen lanes.</summary>
    // PERF: the eight scans interleaved, each step of one beside the same step of the others: eight independent chains in
    // program order, so the scheduler holds work that is ready; one group after another, each step waited on the one
    // before it (a block took a tenth longer with four groups interleaved, a quarter longer with none, on the Zen 5 this
    // was measured on).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Groups Scans<TGather, TWidth>(ref byte packed)
        where TGather : struct, IFieldGather
        where TWidth : struct, IBitWidth
    {
        Groups s = Fields<TGather, TWidth>(ref packed);
        return ScanRound(ScanRound(ScanRound(ScanRound(s, 15), 14), 12), 8);
    }

    /// <summary>Two consecutive blocks' groups scanned, as <see cref="Scans"/> does one block's.</summary>
    // PERF: the two blocks' rounds interleaved in program order, sixteen chains: a block decoded alone fills the scheduler
    // with chains waiting on their latency before the next block's work reaches it (at 16 bits, with the byte-permute
    // gather, two blocks a call decoded about a seventh faster than one).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static (Groups First, Groups Second) PairScans<TGather, TWidth>(ref byte packed)
        where TGather : struct, IFieldGather
        where TWidth : struct, IBitWidth
    {
        Groups a = Fields<TGather, TWidth>(ref packed), b = Fields<TGather, TWidth>(ref Unsafe.Add(ref packed, PostingListFormat.BlockLength / 8 * TWidth.Value));
        (a, b) = (ScanRound(a, 15), ScanRound(b, 15));
        (a, b) = (ScanRound(a, 14), ScanRound(b, 14));
        (a, b) = (ScanRound(a, 12), ScanRound(b, 12));
        return (ScanRound(a, 8), ScanRound(b, 8));
    }

    /// <summary>
    /// One step of a prefix sum over the sixteen lanes: each lane plus the lane 16 - <paramref name="alignment"/> below it
    /// (valignd's immediate, against zero). Steps of 15, 14, 12 and 8 add the lanes 1, 2, 4 and 8 below.
    /// </summary>
    // PERF: valignd against zero moves lanes across the whole vector, so four shuffles and four adds do what an
    // in-quarter scan and a carry of the quarters' totals did in six shuffles and five adds.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector512<uint> ScanStep(Vector512<uint> sums, [ConstantExpected] byte alignment) =>
        sums + Avx512F.AlignRight32(sums, Vector512<uint>.Zero, alignment);

    /// <summary>A group's 16 values on top of <paramref name="carry"/> stored; returns the carry past them.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<uint> Store(Vector512<uint> scanned, Vector512<uint> carry, ref uint values, int group)
    {
        (carry + scanned).StoreUnsafe(ref values, (nuint)(group * 16));
        return Carry(carry, scanned);
    }

    /// <summary>As the 32-bit store, the sums widened onto <paramref name="first"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<uint> Store(Vector512<uint> scanned, Vector512<uint> carry, Vector512<ulong> first, ref ulong values, int group)
    {
        StoreWide(carry + scanned, first, ref values, group * 16);
        return Carry(carry, scanned);
    }

    /// <summary>The carry past a step: the one before it plus the step's total.</summary>
    // PERF: the total is broadcast from the scan alone, so the chain from step to step is one add, not a permute and an add.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<uint> Carry(Vector512<uint> carry, Vector512<uint> scanned) =>
        carry + Avx512F.PermuteVar16x32(scanned, Vector512.Create(15u));

    /// <summary>Sixteen 32-bit sums widened onto <paramref name="first"/> and stored at <paramref name="values"/>[<paramref name="index"/>..].</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void StoreWide(Vector512<uint> sums, Vector512<ulong> first, ref ulong values, int index)
    {
        (first + Avx512F.ConvertToVector512UInt64(sums.GetLower())).StoreUnsafe(ref values, (nuint)index);
        (first + Avx512F.ConvertToVector512UInt64(sums.GetUpper())).StoreUnsafe(ref values, (nuint)index + 8);
    }

    private readonly struct UnpackKernel : IWidthKernel
    {
        // PERF: compiled on its own, its steps inlined; inlined into a caller's switch, the caller's inlining budget
        // ran out before the steps and left them as calls (the reader's block decoder did).
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ulong Run<TWidth>(ref byte packed, ref byte output, ulong start) where TWidth : struct, IBitWidth
        {
            ref uint deltas = ref Unsafe.As<byte, uint>(ref output);
            RowShuffle.Fields<TWidth>(ref packed, 0).StoreUnsafe(ref deltas, 0);
            RowShuffle.Fields<TWidth>(ref packed, 1).StoreUnsafe(ref deltas, 16);
            RowShuffle.Fields<TWidth>(ref packed, 2).StoreUnsafe(ref deltas, 32);
            RowShuffle.Fields<TWidth>(ref packed, 3).StoreUnsafe(ref deltas, 48);
            RowShuffle.Fields<TWidth>(ref packed, 4).StoreUnsafe(ref deltas, 64);
            RowShuffle.Fields<TWidth>(ref packed, 5).StoreUnsafe(ref deltas, 80);
            RowShuffle.Fields<TWidth>(ref packed, 6).StoreUnsafe(ref deltas, 96);
            RowShuffle.Fields<TWidth>(ref packed, 7).StoreUnsafe(ref deltas, 112);
            return 0;
        }
    }

    /// <summary>A block's scanned groups on top of <paramref name="carry"/> stored; returns the carry past them.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<uint> Store(Groups scanned, Vector512<uint> carry, ref uint values)
    {
        carry = Store(scanned.Item1, carry, ref values, 0);
        carry = Store(scanned.Item2, carry, ref values, 1);
        carry = Store(scanned.Item3, carry, ref values, 2);
        carry = Store(scanned.Item4, carry, ref values, 3);
        carry = Store(scanned.Item5, carry, ref values, 4);
        carry = Store(scanned.Item6, carry, ref values, 5);
        carry = Store(scanned.Item7, carry, ref values, 6);
        return Store(scanned.Item8, carry, ref values, 7);
    }

    /// <summary>As the 32-bit store, the sums widened onto <paramref name="first"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<uint> Store(Groups scanned, Vector512<uint> carry, Vector512<ulong> first, ref ulong values)
    {
        carry = Store(scanned.Item1, carry, first, ref values, 0);
        carry = Store(scanned.Item2, carry, first, ref values, 1);
        carry = Store(scanned.Item3, carry, first, ref values, 2);
        carry = Store(scanned.Item4, carry, first, ref values, 3);
        carry = Store(scanned.Item5, carry, first, ref values, 4);
        carry = Store(scanned.Item6, carry, first, ref values, 5);
        carry = Store(scanned.Item7, carry, first, ref values, 6);
        return Store(scanned.Item8, carry, first, ref values, 7);
    }

    /// <summary>A block decoded into 32-bit values, its fields gathered by <typeparamref name="TGather"/>: the body of a 16-lane narrow kernel.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static uint DecodeNarrow<TGather, TWidth>(ref byte packed, ref uint values, uint start)
        where TGather : struct, IFieldGather
        where TWidth : struct, IBitWidth =>
        Store(Scans<TGather, TWidth>(ref packed), Vector512.Create(start), ref values).ToScalar() - start;

    /// <summary>A block decoded into 64-bit values, its fields gathered by <typeparamref name="TGather"/>: the body of a 16-lane wide kernel.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static uint DecodeWide<TGather, TWidth>(ref byte packed, ref ulong values, ulong start)
        where TGather : struct, IFieldGather
        where TWidth : struct, IBitWidth =>
        Store(Scans<TGather, TWidth>(ref packed), Vector512<uint>.Zero, Vector512.Create(start), ref values).ToScalar();

    /// <summary>Two consecutive blocks decoded into 32-bit values, the second from the first's last value: the body of a 16-lane narrow pair kernel.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong DecodeNarrowPair<TGather, TWidth>(ref byte packed, ref uint values, uint start)
        where TGather : struct, IFieldGather
        where TWidth : struct, IBitWidth
    {
        (Groups first, Groups second) = PairScans<TGather, TWidth>(ref packed);
        // The carry vectors hold the running total in every lane: the second block starts from the first's in a register.
        Vector512<uint> middle = Store(first, Vector512.Create(start), ref values);
        Vector512<uint> end = Store(second, middle, ref Unsafe.Add(ref values, PostingListFormat.BlockLength));
        return BlockPairs.Sums(middle.ToScalar() - start, end.ToScalar() - middle.ToScalar());
    }

    /// <summary>Two consecutive blocks decoded into 64-bit values, the second from the first's last value: the body of a 16-lane wide pair kernel.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong DecodeWidePair<TGather, TWidth>(ref byte packed, ref ulong values, ulong start)
        where TGather : struct, IFieldGather
        where TWidth : struct, IBitWidth
    {
        (Groups first, Groups second) = PairScans<TGather, TWidth>(ref packed);
        Vector512<ulong> wideStart = Vector512.Create(start);
        Vector512<uint> firstSum = Store(first, Vector512<uint>.Zero, wideStart, ref values);
        // The first block's sum is in every lane: its low eight lanes widened are the second block's start, in a register.
        Vector512<ulong> secondStart = wideStart + Avx512F.ConvertToVector512UInt64(firstSum.GetLower());
        Vector512<uint> secondSum = Store(second, Vector512<uint>.Zero, secondStart, ref Unsafe.Add(ref values, PostingListFormat.BlockLength));
        return BlockPairs.Sums(firstSum.ToScalar(), secondSum.ToScalar());
    }

    private readonly struct NarrowKernel : IWidthKernel
    {
        // PERF: compiled on its own, its steps inlined; inlined into a caller's switch, the caller's inlining budget
        // ran out before the steps and left them as calls (the reader's block decoder did).
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ulong Run<TWidth>(ref byte packed, ref byte output, ulong start) where TWidth : struct, IBitWidth => DecodeNarrow<RowShuffle, TWidth>(ref packed, ref Unsafe.As<byte, uint>(ref output), (uint)start);
    }

    private readonly struct WideKernel : IWidthKernel
    {
        // PERF: compiled on its own, as NarrowKernel is.
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ulong Run<TWidth>(ref byte packed, ref byte output, ulong start) where TWidth : struct, IBitWidth => DecodeWide<RowShuffle, TWidth>(ref packed, ref Unsafe.As<byte, ulong>(ref output), start);
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
    // PERF: the block's own vectors (the ones the kernels just stored, so each load is forwarded from its store). Only the
    // range's first and last are partial, the lanes outside it masked off the amount (signed compares, which every
    // instruction set has); the vectors between add to every lane, a load, an add and a store each: the range usually
    // runs on to the block's end.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void AddRange<T, TIndex>(ref T values, int from, int to, T amount)
        where T : unmanaged, IBinaryInteger<T>
        where TIndex : unmanaged, IBinaryInteger<TIndex>
    {
        Vector512<T> add = Vector512.Create(amount);
        int i = from & -Vector512<T>.Count;
        Vector512<TIndex> index = Vector512<TIndex>.Indices + Vector512.Create(TIndex.CreateTruncating(i));
        Vector512<T> inside = (Vector512.GreaterThanOrEqual(index, Vector512.Create(TIndex.CreateTruncating(from))) & Vector512.LessThan(index, Vector512.Create(TIndex.CreateTruncating(to)))).As<TIndex, T>();
        (Vector512.LoadUnsafe(ref values, (nuint)i) + (inside & add)).StoreUnsafe(ref values, (nuint)i);
        for (i += Vector512<T>.Count; i + Vector512<T>.Count <= to; i += Vector512<T>.Count)
            (Vector512.LoadUnsafe(ref values, (nuint)i) + add).StoreUnsafe(ref values, (nuint)i);
        if (i < to)
        {
            inside = Vector512.LessThan(Vector512<TIndex>.Indices + Vector512.Create(TIndex.CreateTruncating(i)), Vector512.Create(TIndex.CreateTruncating(to))).As<TIndex, T>();
            (Vector512.LoadUnsafe(ref values, (nuint)i) + (inside & add)).StoreUnsafe(ref values, (nuint)i);
        }
    }

    public static void Widen(ref uint relative, ulong start, ref ulong values, int count)
    {
        if (count < Vector512<ulong>.Count)
        {
            UnpackScalar.Widen(ref relative, start, ref values, count);
            return;
        }
        Vector512<ulong> first = Vector512.Create(start);
        int last = count - Vector512<ulong>.Count;
        for (int i = 0; i < last; i += Vector512<ulong>.Count)
            (first + Avx512F.ConvertToVector512UInt64(Vector256.LoadUnsafe(ref relative, (nuint)i))).StoreUnsafe(ref values, (nuint)i);
        // PERF: the last eight in one step that overlaps the one before it, not a scalar tail.
        (first + Avx512F.ConvertToVector512UInt64(Vector256.LoadUnsafe(ref relative, (nuint)last))).StoreUnsafe(ref values, (nuint)last);
    }
}
