using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Steps = (System.Runtime.Intrinsics.Vector512<uint>, System.Runtime.Intrinsics.Vector512<uint>, System.Runtime.Intrinsics.Vector512<uint>, System.Runtime.Intrinsics.Vector512<uint>);

namespace Sparrow.Storage;

/// <summary>
/// The AVX-512 path with VBMI: fields gathered by byte permutes (vpermb) of a 64-byte window of rows, the bytes a field lies
/// in into its lane, shifted and masked, each width with its own constant tables. Widths
/// <see cref="MinWidth"/>..<see cref="MaxWidth"/> but 11 are summed 32 deltas at a time in 16-bit lanes; 11 and 13..24 go
/// through <see cref="UnpackAvx512"/>'s 16-lane kernels with <see cref="BytePermute"/> as their gather; every other width,
/// and the other kernels, are <see cref="UnpackAvx512"/>'s.
/// </summary>
/// <remarks>
/// The 16-bit sums: 32-bit lane n holds delta n of the step in its low half and delta n + 16 in its high half, so four
/// shift-and-add steps over the sixteen 32-bit lanes (valignd by 1, 2, 4 and 8 lanes) sum both halves at once: lane n holds
/// the sum of deltas 0..n in its low half and of deltas 16..16 + n in its high half. Neither holds more than sixteen deltas
/// (each plus one, up to 11 bits; at 12 bits the ones are added after), so neither reaches 2^16. The first sixteen values
/// are the carry plus the low halves (a mask); the next sixteen, the carry plus the low halves' total plus the high halves
/// (a shift): no widening shuffles.
/// </remarks>
internal readonly partial struct UnpackAvx512Vbmi : IPostingUnpack
{
    /// <summary>The narrowest width with a kernel here: a 64-byte window of four rows lies inside the block.</summary>
    public const int MinWidth = 4;

    /// <summary>The widest: a field of 12 bits at a bit offset of 0 or 4 fits two bytes, and sixteen of them sum below 2^16.</summary>
    public const int MaxWidth = 12;

    /// <summary>Deltas per step: 32 lanes of 16 bits.</summary>
    private const int StepDeltas = 32;

    /// <summary>Steps per block.</summary>
    private const int Steps = PostingListFormat.BlockLength / StepDeltas;

    /// <summary>Bytes per width and step in <see cref="StepTables"/> (and per width and group in <see cref="GroupTables"/>): 64 gather indexes, then the lanes' shift counts.</summary>
    private const int TableBytes = 128;

    public static bool IsSupported => UnpackAvx512.IsSupported && Avx512Vbmi.IsSupported;

    public static void Unpack(ref byte packed, int width, ref uint deltas) => UnpackAvx512.Unpack(ref packed, width, ref deltas);

    public static uint Decode(ref byte packed, int width, uint start, ref uint values) =>
        WidthSwitch.RunPermuted<NarrowKernel, PermutedNarrowKernel>(width, ref packed, ref Unsafe.As<uint, byte>(ref values), start, out ulong sum)
            ? (uint)sum : UnpackAvx512.Decode(ref packed, width, start, ref values);

    public static uint Decode(ref byte packed, int width, ulong start, ref ulong values) =>
        WidthSwitch.RunPermuted<WideKernel, PermutedWideKernel>(width, ref packed, ref Unsafe.As<ulong, byte>(ref values), start, out ulong sum)
            ? (uint)sum : UnpackAvx512.Decode(ref packed, width, start, ref values);

    public static ulong DecodePair(ref byte packed, int width, uint start, ref uint values) =>
        WidthSwitch.RunPermuted<NarrowPairKernel, PermutedNarrowPairKernel>(width, ref packed, ref Unsafe.As<uint, byte>(ref values), start, out ulong sums)
            ? sums : UnpackAvx512.DecodePair(ref packed, width, start, ref values);

    public static ulong DecodePair(ref byte packed, int width, ulong start, ref ulong values) =>
        WidthSwitch.RunPermuted<WidePairKernel, PermutedWidePairKernel>(width, ref packed, ref Unsafe.As<ulong, byte>(ref values), start, out ulong sums)
            ? sums : UnpackAvx512.DecodePair(ref packed, width, start, ref values);

    public static void AddRange(ref uint values, int from, int to, uint amount) => UnpackAvx512.AddRange(ref values, from, to, amount);

    public static void AddRange(ref ulong values, int from, int to, ulong amount) => UnpackAvx512.AddRange(ref values, from, to, amount);

    public static void Widen(ref uint relative, ulong start, ref ulong values, int count) => UnpackAvx512.Widen(ref relative, start, ref values, count);

    /// <summary>
    /// Per width and step: the gather indexes (byte 2i and 2i + 1 of the window into the two bytes of lane i; for width 8
    /// the second is 64, the zero table) and each lane's shift (the field's bit offset in its first byte).
    /// </summary>
    private static readonly unsafe byte* StepTables = BuildStepTables();

    /// <summary>Zeroed memory for a table of <paramref name="length"/> bytes, on a 64-byte boundary; the tables live as long as the process.</summary>
    // PERF: each of a kernel's table loads is one cache line, not two: on a byte[] (its data 16 bytes into the object) a
    // kernel took up to a seventh longer (two blocks at 12 bits).
    private static unsafe byte* AlignedTable(int length)
    {
        byte* table = (byte*)NativeMemory.AlignedAlloc((nuint)length, (nuint)Vector512<byte>.Count);
        new Span<byte>(table, length).Clear();
        return table;
    }

    private static unsafe byte* BuildStepTables()
    {
        byte* tables = AlignedTable((MaxWidth + 1) * Steps * TableBytes);
        for (int width = MinWidth; width <= MaxWidth; width++)
        {
            for (int step = 0; step < Steps; step++)
            {
                var table = new Span<byte>(tables + TableOffset(width, step), TableBytes);
                int window = Window(width, step);
                for (int lane = 0; lane < StepDeltas; lane++)
                {
                    // 16-bit lane 2n holds delta n of the step, lane 2n + 1 delta n + 16: delta 32 × step + k is field
                    // 8 × step + k / 4 of lane string k % 4, whose byte q is byte q % 4 of word q / 4, at 16 × (q / 4) + 4 × (k % 4).
                    int k = lane / 2 + Vector512<uint>.Count * (lane % 2);
                    int bit = (8 * step + k / 4) * width, first = bit / 8;
                    int Byte(int q) => 16 * (q / 4 - window) + 4 * (k % 4) + q % 4;
                    table[2 * lane] = (byte)Byte(first);
                    table[2 * lane + 1] = (byte)(width == 8 ? Vector512<byte>.Count : bit % 8 + width > 8 ? Byte(first + 1) : Byte(first));
                    table[Vector512<byte>.Count + 2 * lane] = (byte)(bit % 8);
                }
            }
        }
        return tables;
    }

    private static int TableOffset(int width, int step) => (width * Steps + step) * TableBytes;

    /// <summary>
    /// The first of the four rows step <paramref name="step"/> loads: its fields' bytes, which lie in at most four rows,
    /// moved back at the block's end so the window stays inside the block's <paramref name="width"/> rows.
    /// </summary>
    private static int Window(int width, int step) => Math.Min(step * width / 4, width - 4);

    /// <summary>
    /// The 64-byte window of rows from row <paramref name="window"/>, its bytes permuted by the 64 indexes at
    /// <paramref name="table"/>: the bytes each field lies in, into its lane.
    /// </summary>
    // PERF: for fields of whole bytes (<paramref name="wholeBytes"/>) the two-table permute, its second table zero, fills a
    // lane's other bytes: the field needs no shift or mask after it.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<byte> Permute(ref byte packed, int window, ref byte table, bool wholeBytes)
    {
        Vector512<byte> rows = Vector512.LoadUnsafe(ref packed, (nuint)(window * Vector128<byte>.Count));
        Vector512<byte> indexes = Vector512.LoadUnsafe(ref table);
        return wholeBytes ? Avx512Vbmi.PermuteVar64x8x2(rows, indexes, Vector512<byte>.Zero) : Avx512Vbmi.PermuteVar64x8(rows, indexes);
    }

    /// <summary>Deltas 32 × <paramref name="step"/> .. + 31, plus one up to 11 bits: delta n in the low half of 32-bit lane n, delta n + 16 in its high half.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe Vector512<uint> Deltas<TWidth>(ref byte packed, int step) where TWidth : struct, IBitWidth
    {
        int width = TWidth.Value;
        ref byte table = ref Unsafe.AsRef<byte>(StepTables + TableOffset(width, step));
        Vector512<byte> bytes = Permute(ref packed, Window(width, step), ref table, width == 8);
        Vector512<ushort> deltas = width == 8 ? bytes.AsUInt16()
            : Avx512BW.ShiftRightLogicalVariable(bytes.AsUInt16(), Vector512.LoadUnsafe(ref table, (nuint)Vector512<byte>.Count).AsUInt16()) & Vector512.Create((ushort)((1 << width) - 1));
        // Sixteen deltas plus one stay below 2^16 up to 11 bits; at 12 bits the ones are added after the sums.
        return (OnesFirst<TWidth>() ? deltas + Vector512<ushort>.One : deltas).AsUInt32();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool OnesFirst<TWidth>() where TWidth : struct, IBitWidth => TWidth.Value < MaxWidth;

    /// <summary>The block's four steps' deltas.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Steps Deltas<TWidth>(ref byte packed) where TWidth : struct, IBitWidth =>
        (Deltas<TWidth>(ref packed, 0), Deltas<TWidth>(ref packed, 1), Deltas<TWidth>(ref packed, 2), Deltas<TWidth>(ref packed, 3));

    /// <summary>One <see cref="UnpackAvx512.ScanStep"/> of each of the four steps.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Steps ScanRound(Steps s, [ConstantExpected] byte alignment) =>
        (UnpackAvx512.ScanStep(s.Item1, alignment), UnpackAvx512.ScanStep(s.Item2, alignment), UnpackAvx512.ScanStep(s.Item3, alignment), UnpackAvx512.ScanStep(s.Item4, alignment));

    /// <summary>
    /// The four steps' deltas summed: lane n of step k holds the sums of deltas 32k .. 32k + n (low half) and 32k + 16 ..
    /// 32k + 16 + n (high half).
    /// </summary>
    // PERF: the four scans interleaved, as UnpackAvx512.Scans interleaves its groups' (the steps were a fifth faster so).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Steps Scans<TWidth>(ref byte packed) where TWidth : struct, IBitWidth =>
        ScanRound(ScanRound(ScanRound(ScanRound(Deltas<TWidth>(ref packed), 15), 14), 12), 8);

    /// <summary>Two consecutive blocks' steps summed, as <see cref="Scans"/> sums one block's.</summary>
    // PERF: the blocks' rounds interleaved, as UnpackAvx512.PairScans interleaves its blocks' (two blocks a call decoded a
    // fifth faster than one at 12 bits: a block's four chains left the core idle on their latency).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static (Steps First, Steps Second) PairScans<TWidth>(ref byte packed) where TWidth : struct, IBitWidth
    {
        Steps a = Deltas<TWidth>(ref packed), b = Deltas<TWidth>(ref Unsafe.Add(ref packed, PostingListFormat.BlockLength / 8 * TWidth.Value));
        (a, b) = (ScanRound(a, 15), ScanRound(b, 15));
        (a, b) = (ScanRound(a, 14), ScanRound(b, 14));
        (a, b) = (ScanRound(a, 12), ScanRound(b, 12));
        return (ScanRound(a, 8), ScanRound(b, 8));
    }

    /// <summary>
    /// The 32 values of a step on top of <paramref name="carry"/> from its scanned deltas: the low halves' sums, the high
    /// halves' sums plus the low halves' total; and the carry past them.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static (Vector512<uint> First, Vector512<uint> Second, Vector512<uint> Carry) Values<TWidth>(Vector512<uint> sums, Vector512<uint> carry) where TWidth : struct, IBitWidth
    {
        Vector512<uint> mask = Vector512.Create((uint)ushort.MaxValue);
        Vector512<uint> last = Last(sums), lowTotal = last & mask;
        Vector512<uint> low = sums & mask, high = (sums >>> 16) + lowTotal, total = lowTotal + (last >>> 16);
        if (!OnesFirst<TWidth>())
            (low, high, total) = (low + Vector512<uint>.Indices + Vector512<uint>.One, high + Vector512<uint>.Indices + Vector512.Create(17u), total + Vector512.Create(32u));
        return (carry + low, carry + high, carry + total);
    }

    /// <summary>A step's 32 values on top of <paramref name="carry"/> stored; returns the carry past them.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<uint> Store<TWidth>(Vector512<uint> sums, Vector512<uint> carry, ref uint values, int step) where TWidth : struct, IBitWidth
    {
        (Vector512<uint> first, Vector512<uint> second, carry) = Values<TWidth>(sums, carry);
        first.StoreUnsafe(ref values, (nuint)(StepDeltas * step));
        second.StoreUnsafe(ref values, (nuint)(StepDeltas * step + Vector512<uint>.Count));
        return carry;
    }

    /// <summary>As the 32-bit store, the sums widened onto <paramref name="start"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<uint> Store<TWidth>(Vector512<uint> sums, Vector512<uint> carry, Vector512<ulong> start, ref ulong values, int step) where TWidth : struct, IBitWidth
    {
        (Vector512<uint> first, Vector512<uint> second, carry) = Values<TWidth>(sums, carry);
        UnpackAvx512.StoreWide(first, start, ref values, StepDeltas * step);
        UnpackAvx512.StoreWide(second, start, ref values, StepDeltas * step + Vector512<uint>.Count);
        return carry;
    }

    /// <summary>A block's four summed steps on top of <paramref name="carry"/> stored; returns the carry past them.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<uint> Store<TWidth>(Steps sums, Vector512<uint> carry, ref uint values) where TWidth : struct, IBitWidth
    {
        carry = Store<TWidth>(sums.Item1, carry, ref values, 0);
        carry = Store<TWidth>(sums.Item2, carry, ref values, 1);
        carry = Store<TWidth>(sums.Item3, carry, ref values, 2);
        return Store<TWidth>(sums.Item4, carry, ref values, 3);
    }

    /// <summary>As the 32-bit store, the sums widened onto <paramref name="start"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<uint> Store<TWidth>(Steps sums, Vector512<uint> carry, Vector512<ulong> start, ref ulong values) where TWidth : struct, IBitWidth
    {
        carry = Store<TWidth>(sums.Item1, carry, start, ref values, 0);
        carry = Store<TWidth>(sums.Item2, carry, start, ref values, 1);
        carry = Store<TWidth>(sums.Item3, carry, start, ref values, 2);
        return Store<TWidth>(sums.Item4, carry, start, ref values, 3);
    }

    /// <summary>Lane 15 of <paramref name="values"/> in every lane.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<uint> Last(Vector512<uint> values) => Avx512F.PermuteVar16x32(values, Vector512.Create((uint)Vector512<uint>.Count - 1));

    private readonly struct NarrowKernel : IWidthKernel
    {
        // PERF: compiled on its own, its steps inlined, as UnpackAvx512's kernels are.
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ulong Run<TWidth>(ref byte packed, ref byte output, ulong start) where TWidth : struct, IBitWidth =>
            Store<TWidth>(Scans<TWidth>(ref packed), Vector512.Create((uint)start), ref Unsafe.As<byte, uint>(ref output)).ToScalar() - (uint)start;
    }

    private readonly struct WideKernel : IWidthKernel
    {
        // PERF: compiled on its own, its steps inlined, as UnpackAvx512's kernels are.
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ulong Run<TWidth>(ref byte packed, ref byte output, ulong start) where TWidth : struct, IBitWidth =>
            Store<TWidth>(Scans<TWidth>(ref packed), Vector512<uint>.Zero, Vector512.Create(start), ref Unsafe.As<byte, ulong>(ref output)).ToScalar();
    }

    private readonly struct NarrowPairKernel : IWidthKernel
    {
        // PERF: compiled on its own, as NarrowKernel is.
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ulong Run<TWidth>(ref byte packed, ref byte output, ulong start) where TWidth : struct, IBitWidth
        {
            ref uint values = ref Unsafe.As<byte, uint>(ref output);
            (Steps first, Steps second) = PairScans<TWidth>(ref packed);
            // As UnpackAvx512.DecodeNarrowPair: the second block starts from the first's carry, in a register.
            Vector512<uint> middle = Store<TWidth>(first, Vector512.Create((uint)start), ref values);
            Vector512<uint> end = Store<TWidth>(second, middle, ref Unsafe.Add(ref values, PostingListFormat.BlockLength));
            return BlockPairs.Sums(middle.ToScalar() - (uint)start, end.ToScalar() - middle.ToScalar());
        }
    }

    private readonly struct WidePairKernel : IWidthKernel
    {
        // PERF: compiled on its own, as NarrowKernel is.
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ulong Run<TWidth>(ref byte packed, ref byte output, ulong start) where TWidth : struct, IBitWidth
        {
            ref ulong values = ref Unsafe.As<byte, ulong>(ref output);
            (Steps first, Steps second) = PairScans<TWidth>(ref packed);
            Vector512<ulong> wideStart = Vector512.Create(start);
            Vector512<uint> firstSum = Store<TWidth>(first, Vector512<uint>.Zero, wideStart, ref values);
            // As UnpackAvx512.DecodeWidePair: the first block's sum, in every lane, widened onto the start.
            Vector512<ulong> secondStart = wideStart + Avx512F.ConvertToVector512UInt64(firstSum.GetLower());
            Vector512<uint> secondSum = Store<TWidth>(second, Vector512<uint>.Zero, secondStart, ref Unsafe.Add(ref values, PostingListFormat.BlockLength));
            return BlockPairs.Sums(firstSum.ToScalar(), secondSum.ToScalar());
        }
    }
}
