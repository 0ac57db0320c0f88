using System.Diagnostics.CodeAnalysis;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// The AVX2 path of the block decoder: two fields of the vertical layout per step (eight consecutive deltas), their
/// rows side by side in one 256-bit vector (one load, or one broadcast when both are one row), shifted per lane
/// (vpsrlvd, vpsllvd). Each width has its own straight-line kernel (<see cref="WidthSwitch"/>): rows and shift
/// vectors are constants.
/// </summary>
internal readonly struct UnpackAvx2 : IPostingUnpack
{
    public static bool IsSupported => Avx2.IsSupported;

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

    /// <summary>Fields 2 × <paramref name="group"/> and + 1 of the four lanes: deltas 8 × group .. + 7, each row shifted per lane.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> Fields<TWidth>(ref byte packed, int group) where TWidth : struct, IBitWidth
    {
        int width = TWidth.Value;
        if (width == 0)
            return Vector256<uint>.Zero;
        int bit0 = 2 * group * width, bit1 = bit0 + width;
        uint s0 = (uint)(bit0 & 31), s1 = (uint)(bit1 & 31);
        int a = bit0 >> 5, b = bit1 >> 5;
        Vector256<uint> value = Avx2.ShiftRightLogicalVariable(Rows(ref packed, a, b), Vector256.Create(s0, s0, s0, s0, s1, s1, s1, s1));
        // A field that does not end in its word continues in the lane's next word (vpsllvd clears a lane shifted by 32,
        // and the bits of a field that did end land above the mask).
        if (s0 + width > 32 || s1 + width > 32)
        {
            int last = width - 1;
            uint t0 = 32 - s0, t1 = 32 - s1;
            value |= Avx2.ShiftLeftLogicalVariable(Rows(ref packed, Math.Min(a + 1, last), Math.Min(b + 1, last)),
                Vector256.Create(t0, t0, t0, t0, t1, t1, t1, t1));
        }
        return width == 32 ? value : value & Vector256.Create((1u << width) - 1);
    }

    /// <summary>Rows <paramref name="a"/> and <paramref name="b"/> (equal or adjacent, constants) side by side: one broadcast or one 32-byte load.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> Rows(ref byte packed, int a, int b) =>
        a == b
            ? Vector256.Create(Vector128.LoadUnsafe(ref Unsafe.Add(ref packed, a * Vector128<byte>.Count)).AsUInt32())
            : Vector256.LoadUnsafe(ref Unsafe.Add(ref packed, a * Vector128<byte>.Count)).AsUInt32();

    /// <summary>Groups <paramref name="first"/> .. + 3 (deltas 8 × first .. + 31): each group's fields plus one, scanned over its eight lanes.</summary>
    // PERF: the four scans interleaved, each stage of one beside the same stage of the others (as UnpackAvx512.Scans interleaves
    // its eight): independent chains in program order keep the scheduler supplied (a block a twentieth faster); eight
    // measured no faster, with sixteen registers for them.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static (Vector256<uint>, Vector256<uint>, Vector256<uint>, Vector256<uint>) Scans<TWidth>(ref byte packed, int first) where TWidth : struct, IBitWidth
    {
        Vector256<uint> one = Vector256<uint>.One;
        Vector256<uint> s0 = Fields<TWidth>(ref packed, first) + one, s1 = Fields<TWidth>(ref packed, first + 1) + one;
        Vector256<uint> s2 = Fields<TWidth>(ref packed, first + 2) + one, s3 = Fields<TWidth>(ref packed, first + 3) + one;
        (s0, s1, s2, s3) = (InHalves(s0, 4), InHalves(s1, 4), InHalves(s2, 4), InHalves(s3, 4));
        (s0, s1, s2, s3) = (InHalves(s0, 8), InHalves(s1, 8), InHalves(s2, 8), InHalves(s3, 8));
        return (AcrossHalves(s0), AcrossHalves(s1), AcrossHalves(s2), AcrossHalves(s3));
    }

    /// <summary>A step of the scan within each 128-bit half: each lane plus the one <paramref name="bytes"/> / 4 below it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> InHalves(Vector256<uint> x, [ConstantExpected] byte bytes) => x + Avx2.ShiftLeftLogical128BitLane(x, bytes);

    /// <summary>The last step of the scan: the low half's total added to the high half.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> AcrossHalves(Vector256<uint> x)
    {
        // Lane 3 of each half in all its lanes, then the low half's moved up (the low half zeroed).
        Vector256<uint> totals = Avx2.Shuffle(x, 0xFF);
        return x + Avx2.Permute2x128(totals, totals, 0x08);
    }

    /// <summary>A group's 8 values on top of <paramref name="carry"/> stored; returns the carry past them.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> Store(Vector256<uint> scanned, Vector256<uint> carry, ref uint values, int group)
    {
        (carry + scanned).StoreUnsafe(ref values, (nuint)(group * 8));
        return Carry(carry, scanned);
    }

    /// <summary>As the 32-bit store, the sums widened onto <paramref name="first"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> Store(Vector256<uint> scanned, Vector256<uint> carry, Vector256<ulong> first, ref ulong values, int group)
    {
        StoreWide(carry + scanned, first, ref values, group * 8);
        return Carry(carry, scanned);
    }

    /// <summary>The carry past a step: the one before it plus the step's total.</summary>
    // PERF: the total is broadcast from the scan alone, so the chain from step to step is one add, not a permute and an add.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> Carry(Vector256<uint> carry, Vector256<uint> scanned) =>
        carry + Avx2.PermuteVar8x32(scanned, Vector256.Create(7u));

    /// <summary>Eight 32-bit sums widened onto <paramref name="first"/> and stored at <paramref name="values"/>[<paramref name="index"/>..].</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreWide(Vector256<uint> sums, Vector256<ulong> first, ref ulong values, int index)
    {
        (first + WidenToUInt64(sums.GetLower())).StoreUnsafe(ref values, (nuint)index);
        (first + WidenToUInt64(sums.GetUpper())).StoreUnsafe(ref values, (nuint)index + 4);
    }

    private readonly struct UnpackKernel : IWidthKernel
    {
        // PERF: compiled on its own, its steps inlined; inlined into a caller's switch, the caller's inlining budget
        // ran out before the steps and left them as calls (the reader's block decoder did).
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ulong Run<TWidth>(ref byte packed, ref byte output, ulong start) where TWidth : struct, IBitWidth
        {
            ref uint deltas = ref Unsafe.As<byte, uint>(ref output);
            Fields<TWidth>(ref packed, 0).StoreUnsafe(ref deltas, 0);
            Fields<TWidth>(ref packed, 1).StoreUnsafe(ref deltas, 8);
            Fields<TWidth>(ref packed, 2).StoreUnsafe(ref deltas, 16);
            Fields<TWidth>(ref packed, 3).StoreUnsafe(ref deltas, 24);
            Fields<TWidth>(ref packed, 4).StoreUnsafe(ref deltas, 32);
            Fields<TWidth>(ref packed, 5).StoreUnsafe(ref deltas, 40);
            Fields<TWidth>(ref packed, 6).StoreUnsafe(ref deltas, 48);
            Fields<TWidth>(ref packed, 7).StoreUnsafe(ref deltas, 56);
            Fields<TWidth>(ref packed, 8).StoreUnsafe(ref deltas, 64);
            Fields<TWidth>(ref packed, 9).StoreUnsafe(ref deltas, 72);
            Fields<TWidth>(ref packed, 10).StoreUnsafe(ref deltas, 80);
            Fields<TWidth>(ref packed, 11).StoreUnsafe(ref deltas, 88);
            Fields<TWidth>(ref packed, 12).StoreUnsafe(ref deltas, 96);
            Fields<TWidth>(ref packed, 13).StoreUnsafe(ref deltas, 104);
            Fields<TWidth>(ref packed, 14).StoreUnsafe(ref deltas, 112);
            Fields<TWidth>(ref packed, 15).StoreUnsafe(ref deltas, 120);
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
            Vector256<uint> sum = Vector256.Create((uint)start);
            (Vector256<uint> s0, Vector256<uint> s1, Vector256<uint> s2, Vector256<uint> s3) = Scans<TWidth>(ref packed, 0);
            sum = Store(s0, sum, ref values, 0);
            sum = Store(s1, sum, ref values, 1);
            sum = Store(s2, sum, ref values, 2);
            sum = Store(s3, sum, ref values, 3);
            (s0, s1, s2, s3) = Scans<TWidth>(ref packed, 4);
            sum = Store(s0, sum, ref values, 4);
            sum = Store(s1, sum, ref values, 5);
            sum = Store(s2, sum, ref values, 6);
            sum = Store(s3, sum, ref values, 7);
            (s0, s1, s2, s3) = Scans<TWidth>(ref packed, 8);
            sum = Store(s0, sum, ref values, 8);
            sum = Store(s1, sum, ref values, 9);
            sum = Store(s2, sum, ref values, 10);
            sum = Store(s3, sum, ref values, 11);
            (s0, s1, s2, s3) = Scans<TWidth>(ref packed, 12);
            sum = Store(s0, sum, ref values, 12);
            sum = Store(s1, sum, ref values, 13);
            sum = Store(s2, sum, ref values, 14);
            sum = Store(s3, sum, ref values, 15);
            return sum.ToScalar() - (uint)start;
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
            Vector256<ulong> first = Vector256.Create(start);
            Vector256<uint> sum = Vector256<uint>.Zero;
            (Vector256<uint> s0, Vector256<uint> s1, Vector256<uint> s2, Vector256<uint> s3) = Scans<TWidth>(ref packed, 0);
            sum = Store(s0, sum, first, ref values, 0);
            sum = Store(s1, sum, first, ref values, 1);
            sum = Store(s2, sum, first, ref values, 2);
            sum = Store(s3, sum, first, ref values, 3);
            (s0, s1, s2, s3) = Scans<TWidth>(ref packed, 4);
            sum = Store(s0, sum, first, ref values, 4);
            sum = Store(s1, sum, first, ref values, 5);
            sum = Store(s2, sum, first, ref values, 6);
            sum = Store(s3, sum, first, ref values, 7);
            (s0, s1, s2, s3) = Scans<TWidth>(ref packed, 8);
            sum = Store(s0, sum, first, ref values, 8);
            sum = Store(s1, sum, first, ref values, 9);
            sum = Store(s2, sum, first, ref values, 10);
            sum = Store(s3, sum, first, ref values, 11);
            (s0, s1, s2, s3) = Scans<TWidth>(ref packed, 12);
            sum = Store(s0, sum, first, ref values, 12);
            sum = Store(s1, sum, first, ref values, 13);
            sum = Store(s2, sum, first, ref values, 14);
            sum = Store(s3, sum, first, ref values, 15);
            return sum.ToScalar();
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
        Vector256<T> add = Vector256.Create(amount);
        int i = from & -Vector256<T>.Count;
        Vector256<TIndex> index = Vector256<TIndex>.Indices + Vector256.Create(TIndex.CreateTruncating(i));
        Vector256<T> inside = (Vector256.GreaterThanOrEqual(index, Vector256.Create(TIndex.CreateTruncating(from))) & Vector256.LessThan(index, Vector256.Create(TIndex.CreateTruncating(to)))).As<TIndex, T>();
        (Vector256.LoadUnsafe(ref values, (nuint)i) + (inside & add)).StoreUnsafe(ref values, (nuint)i);
        for (i += Vector256<T>.Count; i + Vector256<T>.Count <= to; i += Vector256<T>.Count)
            (Vector256.LoadUnsafe(ref values, (nuint)i) + add).StoreUnsafe(ref values, (nuint)i);
        if (i < to)
        {
            inside = Vector256.LessThan(Vector256<TIndex>.Indices + Vector256.Create(TIndex.CreateTruncating(i)), Vector256.Create(TIndex.CreateTruncating(to))).As<TIndex, T>();
            (Vector256.LoadUnsafe(ref values, (nuint)i) + (inside & add)).StoreUnsafe(ref values, (nuint)i);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> WidenToUInt64(Vector128<uint> x) => Avx2.ConvertToVector256Int64(x).AsUInt64();

    public static void Widen(ref uint relative, ulong start, ref ulong values, int count)
    {
        if (count < Vector256<ulong>.Count)
        {
            UnpackScalar.Widen(ref relative, start, ref values, count);
            return;
        }
        Vector256<ulong> first = Vector256.Create(start);
        int last = count - Vector256<ulong>.Count;
        for (int i = 0; i < last; i += Vector256<ulong>.Count)
            (first + Avx2.ConvertToVector256Int64(Vector128.LoadUnsafe(ref relative, (nuint)i)).AsUInt64()).StoreUnsafe(ref values, (nuint)i);
        // PERF: the last four in one step that overlaps the one before it, not a scalar tail.
        (first + Avx2.ConvertToVector256Int64(Vector128.LoadUnsafe(ref relative, (nuint)last)).AsUInt64()).StoreUnsafe(ref values, (nuint)last);
    }
}
