using Sparrow.Storage;
using Sparrow.Testing;
using static Sparrow.Storage.PostingListFormat;

namespace Sparrow.Tests;

/// <summary>
/// <see cref="UnpackAvx512Vbmi.PassGroups"/>, the reader's walk eight skip records a step, against a walk a record at a
/// time over the same records, read bit by bit; the list ends at a guard page, so a window read past it faults.
/// </summary>
public sealed unsafe class RecordGroupTests
{
    /// <summary>
    /// The walk's state after passing groups from <paramref name="block"/> as PassGroups must (with the blocks with
    /// exceptions in the group it stopped in), and whether a block stopped it.
    /// </summary>
    private static ((int Block, long Bit, int Offset, ulong Start, int ExceptionBlocks) State, bool Stopped) Reference(byte[] list, Layout layout, int block, int offset, ulong start, ulong target)
    {
        long bit = 8L * layout.RecordsStart + (long)block * layout.RecordBits;
        while (block <= layout.LastGroup)
        {
            for (int lane = 0; lane < UnpackAvx512Vbmi.GroupRecords; lane++)
            {
                ulong record = ReadBitByBit(list, bit + (long)lane * layout.RecordBits, layout.RecordBits);
                int code = (int)(record & CodeMask);
                ulong span = layout.SpanBase + (record >> CodeBits);
                bool wraps = span > ulong.MaxValue - start;
                long after = offset + (long)code * (BlockLength / 8);
                // A block stops the group when it holds the target, has exceptions, ends past the maximum or past the list.
                if (wraps || start + span >= target || code >= ExceptionCodes || after > list.Length)
                {
                    int exceptionBlocks = Enumerable.Range(0, UnpackAvx512Vbmi.GroupRecords)
                        .Count(l => (int)(ReadBitByBit(list, bit + (long)l * layout.RecordBits, layout.RecordBits) & CodeMask) >= ExceptionCodes);
                    return ((block + lane, bit + (long)lane * layout.RecordBits, offset, start, exceptionBlocks), true);
                }
                start += span;
                offset = (int)after;
            }
            block += UnpackAvx512Vbmi.GroupRecords;
            bit += (long)UnpackAvx512Vbmi.GroupRecords * layout.RecordBits;
        }
        return ((block, bit, offset, start, 0), false);
    }

    private static ulong ReadBitByBit(byte[] bytes, long bit, int width)
    {
        ulong value = 0;
        for (int i = 0; i < width; i++)
            value |= (ulong)(bytes[(bit + i) / 8] >> (int)((bit + i) % 8) & 1) << i;
        return value;
    }

    private readonly record struct Layout(int RecordsStart, int RecordBits, ulong SpanBase, int LastGroup);

    [Fact]
    public void PassesWhatAWalkARecordAtATimePasses()
    {
        SkipReasons.SkipIf(SkipReasons.Lacking(UnpackAvx512Vbmi.IsSupported, "AVX-512 VBMI"));
        var random = new Random(41);
        int passedGroups = 0, stops = 0;
        for (int round = 0; round < 3000; round++)
        {
            int spanWidth = random.Next(4) switch { 0 => random.Next(0, 51), _ => random.Next(8, 20) };
            int recordBits = CodeBits + spanWidth, recordsStart = random.Next(0, 24), blockCount = random.Next(2, 120);
            ulong spanBase = random.Next(8) switch
            {
                0 => ulong.MaxValue / 8 - (ulong)random.NextInt64(0, 1L << 20),
                1 => (ulong)random.NextInt64(),
                _ => (ulong)random.Next(0, 1 << 16),
            };
            // The records, then the blocks' bytes: short enough that some offsets run past the list.
            int recordBytes = (int)RecordBytes(blockCount, spanWidth);
            byte[] list = new byte[recordsStart + recordBytes + random.Next(0, blockCount * 40)];
            random.NextBytes(list.AsSpan(0, recordsStart));
            var records = new PostingListEncoder.BitWriter(list.AsSpan(recordsStart, recordBytes));
            for (int b = 0; b < blockCount; b++)
            {
                int code = random.Next(20) switch { 0 => random.Next(ExceptionCodes, 128), 1 => random.Next(0, ExceptionCodes), _ => random.Next(0, 9) };
                ulong field = spanWidth == 0 ? 0 : (ulong)random.NextInt64() & ((1UL << spanWidth) - 1);
                records.Write((uint)code | field << CodeBits, recordBits);
            }
            records.Flush();
            var layout = new Layout(recordsStart, recordBits, spanBase, UnpackAvx512Vbmi.LastGroup(blockCount, recordsStart, recordBits, spanBase, list.Length));

            using var memory = new GuardedMemory(list.Length);
            byte* at = memory.EndingAtGuard(list.Length);
            list.CopyTo(new Span<byte>(at, list.Length));
            for (int walk = 0; walk < 8; walk++)
            {
                int block = random.Next(0, blockCount), offset = random.Next(0, list.Length + 1);
                ulong start = random.Next(4) == 0 ? ulong.MaxValue - (ulong)random.NextInt64(0, 1L << 40) : (ulong)random.NextInt64(0, 1L << 40);
                ulong target = random.Next(3) == 0 ? ulong.MaxValue : start + (ulong)random.NextInt64(0, 1L << 24);
                var state = new RecordWalk
                {
                    Encoded = ref *at, Length = list.Length, RecordBits = recordBits, SpanBase = spanBase, LastGroup = layout.LastGroup,
                    Block = block, Bit = 8L * recordsStart + (long)block * recordBits, Offset = offset, Start = start,
                };
                UnpackAvx512Vbmi.PassGroups(ref state, target);
                var (expected, stopped) = Reference(list, layout, block, offset, start, target);
                Assert.Equal(expected, (state.Block, state.Bit, state.Offset, state.Start, state.ExceptionBlocks));
                passedGroups += (state.Block - block) / UnpackAvx512Vbmi.GroupRecords;
                stops += stopped ? 1 : 0;
            }
        }
        // Both ways out were taken many times: whole groups passed, and groups stopped within.
        Assert.True(passedGroups > 1000 && stops > 1000, $"{passedGroups} groups passed, {stops} stops");
    }

    [Fact]
    public void LastGroupKeepsTheWindowInsideTheListAndTheSpansWithin64Bits()
    {
        // A window of 64 bytes from the group's first record: the list must hold it.
        Assert.Equal(-1, UnpackAvx512Vbmi.LastGroup(100, 0, 20, 0, 63));
        Assert.Equal(0, UnpackAvx512Vbmi.LastGroup(100, 0, 20, 0, 64));
        Assert.Equal(1, UnpackAvx512Vbmi.LastGroup(100, 0, 20, 0, 67));
        Assert.Equal(-1, UnpackAvx512Vbmi.LastGroup(100, 4, 20, 0, 67));
        // Eight records of blocks before the last one.
        Assert.Equal(-1, UnpackAvx512Vbmi.LastGroup(8, 0, 20, 0, 10_000));
        Assert.Equal(0, UnpackAvx512Vbmi.LastGroup(9, 0, 20, 0, 10_000));
        // Eight spans of base plus field that could pass 2^64 added up, or records of more than 57 bits: no groups.
        Assert.Equal(-1, UnpackAvx512Vbmi.LastGroup(100, 0, 20, ulong.MaxValue / 8, 10_000));
        Assert.Equal(-1, UnpackAvx512Vbmi.LastGroup(100, 0, 20, ulong.MaxValue / 2, 10_000));
        Assert.Equal(91, UnpackAvx512Vbmi.LastGroup(100, 0, 20, ulong.MaxValue / 8 - (1UL << 13), 10_000));
        Assert.Equal(-1, UnpackAvx512Vbmi.LastGroup(100, 0, 58, 0, 10_000));
    }
}
