using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using static Sparrow.Storage.PostingListFormat;

namespace Sparrow.Storage;

internal readonly partial struct UnpackAvx512Vbmi
{
    /// <summary>Skip records <see cref="PassGroups"/> reads a step: one 64-bit lane each.</summary>
    public const int GroupRecords = 8;

    /// <summary>
    /// Passes, eight skip records a step, the blocks from <paramref name="walk"/>'s on while they end below
    /// <paramref name="target"/>, have no exceptions and lie inside the list, up to its <see cref="RecordWalk.LastGroup"/>
    /// group: it stops at the group holding a block that does not, having passed the blocks before that one, and the caller
    /// walks on a record at a time (which finds a malformed block and names it). It counts the blocks with exceptions in
    /// that group into <see cref="RecordWalk.ExceptionBlocks"/>.
    /// </summary>
    // PERF: the eight records' bytes gathered by one byte permute of a 64-byte window, their spans and lengths added up by
    // three shift-and-add steps, and one branch for the eight: a record at a time took about three times as long.
    public static void PassGroups(ref RecordWalk walk, ulong target)
    {
        int block = walk.Block, lastGroup = walk.LastGroup, recordBits = walk.RecordBits;
        if (block > lastGroup)
            return;
        long bit = walk.Bit;
        ref byte window = ref Unsafe.Add(ref walk.Encoded, (nint)(bit >> 3));
        // A group's eight records start at the same bit of their window, eight records (a whole number of bytes) after the
        // group before it's: record i at bit (bit & 7) + i × recordBits, its 8 bytes gathered into lane i and shifted.
        Vector512<ulong> positions = Vector512.Create((ulong)(bit & 7)) + Vector512<ulong>.Indices * (ulong)recordBits;
        Vector512<byte> gather = Avx512Vbmi.PermuteVar64x8((positions >> 3).AsByte(), LaneFirstBytes) + ByteInLane;
        Vector512<ulong> shifts = positions & Vector512.Create(7UL), recordMask = Vector512.Create((1UL << recordBits) - 1);
        Vector512<ulong> spanBase = Vector512.Create(walk.SpanBase), targets = Vector512.Create(target);
        Vector512<ulong> lastOffset = Vector512.Create((ulong)walk.Length), widestCode = Vector512.Create((ulong)(ExceptionCodes - 1));
        Vector512<ulong> start = Vector512.Create(walk.Start), offset = Vector512.Create((ulong)walk.Offset);
        for (; block <= lastGroup; block += GroupRecords, window = ref Unsafe.Add(ref window, recordBits))
        {
            Vector512<ulong> records = Avx512F.ShiftRightLogicalVariable(Avx512Vbmi.PermuteVar64x8(Vector512.LoadUnsafe(ref window), gather).AsUInt64(), shifts) & recordMask;
            Vector512<ulong> codes = records & Vector512.Create((ulong)CodeMask);
            Vector512<ulong> spans = (records >> CodeBits) + spanBase, lengths = codes * (BlockLength / 8);
            Vector512<ulong> ends = start + InclusiveSums(spans), offsets = offset + InclusiveSums(lengths);
            // Eight spans fit 64 bits (LastGroup), so an end past the maximum wrapped below start.
            Vector512<ulong> exceptions = Vector512.GreaterThan(codes, widestCode);
            ulong stops = (Vector512.GreaterThanOrEqual(ends, targets) | exceptions | Vector512.LessThan(ends, start)
                | Vector512.GreaterThan(offsets, lastOffset)).ExtractMostSignificantBits();
            if (stops != 0)
            {
                walk.ExceptionBlocks = BitOperations.PopCount(exceptions.ExtractMostSignificantBits());
                // The blocks before the first that stops pass: the sums before its lane.
                uint passed = (uint)BitOperations.TrailingZeroCount(stops);
                Vector512<ulong> lane = Vector512.Create((ulong)passed);
                start = Avx512F.PermuteVar8x64(ends - spans, lane);
                offset = Avx512F.PermuteVar8x64(offsets - lengths, lane);
                block += (int)passed;
                break;
            }
            start = Avx512F.PermuteVar8x64(ends, Vector512.Create(7UL));
            offset = Avx512F.PermuteVar8x64(offsets, Vector512.Create(7UL));
        }
        walk.Bit += (long)(block - walk.Block) * recordBits;
        walk.Block = block;
        walk.Start = start.ToScalar();
        walk.Offset = (int)offset.ToScalar();
    }

    /// <summary>
    /// The last block <see cref="PassGroups"/> may start a group at in a list of <paramref name="blockCount"/> blocks whose
    /// records of <paramref name="recordBits"/> bits start at byte <paramref name="recordsStart"/> of its
    /// <paramref name="length"/> bytes (-1 for none): the group's blocks come before the last, its 64-byte window lies inside
    /// the list, and eight spans (base plus field) fit 64 bits added up.
    /// </summary>
    public static int LastGroup(int blockCount, int recordsStart, int recordBits, ulong spanBase, int length)
    {
        const ulong widestSpan = ulong.MaxValue / GroupRecords;
        if (!RecordsLoadWhole(recordBits, length) || spanBase > widestSpan || ((1UL << recordBits) - 1) >> CodeBits > widestSpan - spanBase)
            return -1;
        // Block b's window starts at byte (8 × recordsStart + b × recordBits) / 8; the eighth record's 8 bytes end within
        // its 64 (at most 7 + 7 × 57 bits in, 58 bytes).
        long windowBits = 8L * (length - Vector512<byte>.Count - recordsStart) + 7;
        if (windowBits < 0)
            return -1;
        return (int)Math.Min(blockCount - 1 - GroupRecords, windowBits / recordBits);
    }

    /// <summary>Lane i: the sum of lanes 0..i.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<ulong> InclusiveSums(Vector512<ulong> x)
    {
        // valignq of (x, zero) by 7, 6 and 4 lanes moves x up by 1, 2 and 4 lanes, zeros shifted in.
        x += Avx512F.AlignRight64(x, Vector512<ulong>.Zero, 7);
        x += Avx512F.AlignRight64(x, Vector512<ulong>.Zero, 6);
        return x + Avx512F.AlignRight64(x, Vector512<ulong>.Zero, 4);
    }

    /// <summary>Byte j of 64-bit lane i: 8i, the lane's first byte (each lane's byte index copied across its bytes).</summary>
    private static Vector512<byte> LaneFirstBytes
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Vector512.Create(
            (byte)0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8, 8, 8, 16, 16, 16, 16, 16, 16, 16, 16, 24, 24, 24, 24, 24, 24, 24, 24,
            32, 32, 32, 32, 32, 32, 32, 32, 40, 40, 40, 40, 40, 40, 40, 40, 48, 48, 48, 48, 48, 48, 48, 48, 56, 56, 56, 56, 56, 56, 56, 56);
    }

    /// <summary>Byte j of 64-bit lane i: j.</summary>
    private static Vector512<byte> ByteInLane => Vector512.Create(0x0706050403020100UL).AsByte();
}
