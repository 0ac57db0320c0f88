using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// The AVX-512 path of the block decoder: four fields of the vertical layout per step (sixteen consecutive deltas),
/// their rows gathered into one 512-bit vector by one load and one quarter shuffle, shifted per lane (vpsrlvd,
/// vpsllvd); the prefix sum runs over sixteen lanes. Each width has its own straight-line kernel
/// (<see cref="WidthSwitch"/>): rows, shuffles and shift vectors are constants.
/// </summary>
internal readonly struct UnpackAvx512 : IPostingUnpack
{
    public static bool IsSupported => Avx512F.IsSupported && Avx512BW.IsSupported && Vector512.IsHardwareAccelerated;

    public static void Unpack(ref byte packed, int width, ref uint deltas)
    {
        var arguments = new KernelArguments { Packed = ref packed, Narrow = ref deltas };
        if (width == 0)
            UnpackKernel.Run<Bits0>(ref arguments);
        else
            WidthSwitch.Run<UnpackKernel>(width, ref arguments);
    }

    public static void Decode(ref byte packed, int width, uint start, ref uint values)
    {
        var arguments = new KernelArguments { Packed = ref packed, Narrow = ref values, Start = start };
        if (width == 0)
            NarrowKernel.Run<Bits0>(ref arguments);
        else
            WidthSwitch.Run<NarrowKernel>(width, ref arguments);
    }

    public static void Decode(ref byte packed, int width, ulong start, ref ulong values)
    {
        var arguments = new KernelArguments { Packed = ref packed, Wide = ref values, Start = start };
        if (width == 0)
            WideKernel.Run<Bits0>(ref arguments);
        else
            WidthSwitch.Run<WideKernel>(width, ref arguments);
    }

    /// <summary>Fields 4 × <paramref name="group"/> .. + 3 of the four lanes: deltas 16 × group .. + 15, each row shifted per lane.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<uint> Fields<TWidth>(ref byte packed, int group) where TWidth : struct, IBitWidth
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

    /// <summary>
    /// 16 values: the fields' deltas plus one, scanned, on top of <paramref name="carry"/> (the last value before them,
    /// in every lane); returns the carry for the next step.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<uint> Step<TWidth>(ref byte packed, int group, Vector512<uint> carry, ref uint values) where TWidth : struct, IBitWidth
    {
        Vector512<uint> scanned = Scan(Fields<TWidth>(ref packed, group) + Vector512<uint>.One);
        (carry + scanned).StoreUnsafe(ref values, (nuint)(group * 16));
        return Carry(carry, scanned);
    }

    /// <summary>As the 32-bit step, the sums widened onto <paramref name="first"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<uint> Step<TWidth>(ref byte packed, int group, Vector512<uint> carry, Vector512<ulong> first, ref ulong values) where TWidth : struct, IBitWidth
    {
        Vector512<uint> scanned = Scan(Fields<TWidth>(ref packed, group) + Vector512<uint>.One);
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
    private static void StoreWide(Vector512<uint> sums, Vector512<ulong> first, ref ulong values, int index)
    {
        (first + Avx512F.ConvertToVector512UInt64(sums.GetLower())).StoreUnsafe(ref values, (nuint)index);
        (first + Avx512F.ConvertToVector512UInt64(sums.GetUpper())).StoreUnsafe(ref values, (nuint)index + 8);
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
            Fields<TWidth>(ref packed, 1).StoreUnsafe(ref deltas, 16);
            Fields<TWidth>(ref packed, 2).StoreUnsafe(ref deltas, 32);
            Fields<TWidth>(ref packed, 3).StoreUnsafe(ref deltas, 48);
            Fields<TWidth>(ref packed, 4).StoreUnsafe(ref deltas, 64);
            Fields<TWidth>(ref packed, 5).StoreUnsafe(ref deltas, 80);
            Fields<TWidth>(ref packed, 6).StoreUnsafe(ref deltas, 96);
            Fields<TWidth>(ref packed, 7).StoreUnsafe(ref deltas, 112);
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
            Vector512<uint> sum = Vector512.Create((uint)arguments.Start);
            sum = Step<TWidth>(ref packed, 0, sum, ref values);
            sum = Step<TWidth>(ref packed, 1, sum, ref values);
            sum = Step<TWidth>(ref packed, 2, sum, ref values);
            sum = Step<TWidth>(ref packed, 3, sum, ref values);
            sum = Step<TWidth>(ref packed, 4, sum, ref values);
            sum = Step<TWidth>(ref packed, 5, sum, ref values);
            sum = Step<TWidth>(ref packed, 6, sum, ref values);
            sum = Step<TWidth>(ref packed, 7, sum, ref values);
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
            Vector512<ulong> first = Vector512.Create(arguments.Start);
            Vector512<uint> sum = Vector512<uint>.Zero;
            sum = Step<TWidth>(ref packed, 0, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 1, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 2, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 3, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 4, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 5, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 6, sum, first, ref values);
            sum = Step<TWidth>(ref packed, 7, sum, first, ref values);
        }
    }

    public static void PrefixSum(ref uint deltas, uint start, ref uint values)
    {
        Vector512<uint> carry = Vector512.Create(start);
        for (int i = 0; i < PostingListFormat.BlockLength; i += 16)
        {
            Vector512<uint> scanned = Scan(Vector512.LoadUnsafe(ref deltas, (nuint)i) + Vector512<uint>.One);
            (carry + scanned).StoreUnsafe(ref values, (nuint)i);
            carry = Carry(carry, scanned);
        }
    }

    public static void PrefixSum(ref uint deltas, ulong start, ref ulong values)
    {
        Vector512<uint> carry = Vector512<uint>.Zero;
        Vector512<ulong> first = Vector512.Create(start);
        for (int i = 0; i < PostingListFormat.BlockLength; i += 16)
        {
            Vector512<uint> scanned = Scan(Vector512.LoadUnsafe(ref deltas, (nuint)i) + Vector512<uint>.One);
            StoreWide(carry + scanned, first, ref values, i);
            carry = Carry(carry, scanned);
        }
    }

    /// <summary>The inclusive prefix sum of the sixteen lanes: the vector added to itself moved up 1, 2, 4 and 8 lanes.</summary>
    // PERF: valignd against zero moves lanes across the whole vector, so four shuffles and four adds do what an
    // in-quarter scan and a carry of the quarters' totals did in six shuffles and five adds (Zen 4 has two shuffle pipes).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<uint> Scan(Vector512<uint> x)
    {
        x += Avx512F.AlignRight32(x, Vector512<uint>.Zero, 15);
        x += Avx512F.AlignRight32(x, Vector512<uint>.Zero, 14);
        x += Avx512F.AlignRight32(x, Vector512<uint>.Zero, 12);
        return x + Avx512F.AlignRight32(x, Vector512<uint>.Zero, 8);
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
