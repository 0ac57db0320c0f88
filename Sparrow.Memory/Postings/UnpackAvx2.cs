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

    public static void Unpack(ref byte packed, int width, ref uint deltas)
    {
        var arguments = new KernelArguments { Packed = ref packed, Narrow = ref deltas };
        if (width == 0)
            UnpackKernel.Run<Bits0>(ref arguments);
        else
            WidthSwitch.Run<UnpackKernel>(width, ref arguments);
    }

    public static uint Decode(ref byte packed, int width, uint start, ref uint values)
    {
        var arguments = new KernelArguments { Packed = ref packed, Narrow = ref values, Start = start };
        if (width == 0)
            NarrowKernel.Run<Bits0>(ref arguments);
        else
            WidthSwitch.Run<NarrowKernel>(width, ref arguments);
        return arguments.Sum;
    }

    public static uint Decode(ref byte packed, int width, ulong start, ref ulong values)
    {
        var arguments = new KernelArguments { Packed = ref packed, Wide = ref values, Start = start };
        if (width == 0)
            WideKernel.Run<Bits0>(ref arguments);
        else
            WidthSwitch.Run<WideKernel>(width, ref arguments);
        return arguments.Sum;
    }

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

    /// <summary>
    /// 8 values: the fields' deltas plus one, scanned, on top of <paramref name="carry"/> (the last value before them,
    /// in every lane); returns the carry for the next step.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> Step<TWidth>(ref byte packed, int group, Vector256<uint> carry, ref uint values) where TWidth : struct, IBitWidth
    {
        Vector256<uint> scanned = Scan(Fields<TWidth>(ref packed, group) + Vector256<uint>.One);
        (carry + scanned).StoreUnsafe(ref values, (nuint)(group * 8));
        return Carry(carry, scanned);
    }

    /// <summary>As the 32-bit step, the sums widened onto <paramref name="first"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> Step<TWidth>(ref byte packed, int group, Vector256<uint> carry, Vector256<ulong> first, ref ulong values) where TWidth : struct, IBitWidth
    {
        Vector256<uint> scanned = Scan(Fields<TWidth>(ref packed, group) + Vector256<uint>.One);
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
        public static void Run<TWidth>(ref KernelArguments arguments) where TWidth : struct, IBitWidth
        {
            ref byte packed = ref arguments.Packed;
            ref uint deltas = ref arguments.Narrow;
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
        }
    }

    private readonly struct NarrowKernel : IWidthKernel
    {
        // PERF: compiled on its own, its steps inlined; inlined into a caller's switch, the caller's inlining budget
        // ran out before the steps and left them as calls (the reader's block decoder did).
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void Run<TWidth>(ref KernelArguments arguments) where TWidth : struct, IBitWidth
        {
            ref byte packed = ref arguments.Packed;
            ref uint values = ref arguments.Narrow;
            Vector256<uint> sum = Vector256.Create((uint)arguments.Start);
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
            arguments.Sum = sum.ToScalar() - (uint)arguments.Start;
        }
    }

    private readonly struct WideKernel : IWidthKernel
    {
        // PERF: compiled on its own, its steps inlined; inlined into a caller's switch, the caller's inlining budget
        // ran out before the steps and left them as calls (the reader's block decoder did).
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void Run<TWidth>(ref KernelArguments arguments) where TWidth : struct, IBitWidth
        {
            ref byte packed = ref arguments.Packed;
            ref ulong values = ref arguments.Wide;
            Vector256<ulong> first = Vector256.Create(arguments.Start);
            Vector256<uint> sum = Vector256<uint>.Zero;
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
            arguments.Sum = sum.ToScalar();
        }
    }

    // PERF: inlined into the block decoder's loop over the exceptions, a call per exception is not.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void AddRange(ref uint values, int from, int to, uint amount)
    {
        // PERF: the block's own vectors (the ones the kernels just stored, so each load is forwarded from its store), the
        // lanes outside [from, to) masked off the amount; signed compares, which every instruction set has.
        Vector256<int> first = Vector256.Create(from), end = Vector256.Create(to);
        Vector256<uint> add = Vector256.Create(amount);
        for (int i = from & -Vector256<uint>.Count; i < to; i += Vector256<uint>.Count)
        {
            Vector256<int> index = Vector256<int>.Indices + Vector256.Create(i);
            Vector256<uint> inside = (Vector256.GreaterThanOrEqual(index, first) & Vector256.LessThan(index, end)).AsUInt32();
            (Vector256.LoadUnsafe(ref values, (nuint)i) + (inside & add)).StoreUnsafe(ref values, (nuint)i);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void AddRange(ref ulong values, int from, int to, ulong amount)
    {
        Vector256<long> first = Vector256.Create((long)from), end = Vector256.Create((long)to);
        Vector256<ulong> add = Vector256.Create(amount);
        for (int i = from & -Vector256<ulong>.Count; i < to; i += Vector256<ulong>.Count)
        {
            Vector256<long> index = Vector256<long>.Indices + Vector256.Create((long)i);
            Vector256<ulong> inside = (Vector256.GreaterThanOrEqual(index, first) & Vector256.LessThan(index, end)).AsUInt64();
            (Vector256.LoadUnsafe(ref values, (nuint)i) + (inside & add)).StoreUnsafe(ref values, (nuint)i);
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
