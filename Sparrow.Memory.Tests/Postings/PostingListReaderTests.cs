using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary><see cref="PostingListReader"/>'s Read and SkipTo against a plain cursor over the values.</summary>
public sealed class PostingListReaderTests
{
    private static IEnumerable<ulong[]> Lists()
    {
        var random = new Random(11);
        foreach (int count in new[] { 0, 1, 2, 127, 128, 129, 130, 256, 257, 1000, 5000 })
        {
            yield return PostingData.Build(count, 0, ulong.MaxValue, () => 1);
            yield return PostingData.Build(count, 10, ulong.MaxValue, PostingData.WithOutliers(random, 9, 40, 0.02));
            // Outliers whose blocks still span less than 2^32: the reader buffers them as 32-bit offsets, exceptions and all.
            yield return PostingData.Build(count, 10, ulong.MaxValue, PostingData.WithOutliers(random, 8, 20, 0.01));
            yield return PostingData.EndingAt(ulong.MaxValue, count, () => PostingData.GapBelow(random, 16));
            // Spans so far apart that a skip record exceeds 57 bits: SkipTo reads it field by field, not in one load.
            yield return PostingData.Build(count, 0, ulong.MaxValue, PostingData.WithOutliers(random, 2, 54, 0.05));
        }
    }

    [Fact]
    public void ReadGivesEveryValueWithAnyBufferSize()
    {
        foreach (ulong[] values in Lists())
        {
            byte[] encoded = PostingData.Encode(values);
            foreach (int size in new[] { 1, 7, 128, 129, 1000, 100_000 })
            {
                var reader = new PostingListReader(encoded);
                Assert.Equal(values.Length, reader.Count);
                var buffer = new ulong[size];
                var read = new List<ulong>();
                int n;
                while ((n = reader.Read(buffer)) > 0)
                {
                    Assert.True(StopsWhereAllowed(values.Length, read.Count, size, n), $"Read of {size} at {read.Count} of {values.Length} gave {n}.");
                    read.AddRange(buffer.AsSpan(0, n));
                }
                Assert.Equal(values, read);
                Assert.Equal(0, reader.Read(buffer));
            }
        }
    }

    [Fact]
    public void SkipToMatchesAPlainCursorInterleavedWithRead()
    {
        var random = new Random(5);
        foreach (ulong[] values in Lists())
        {
            byte[] encoded = PostingData.Encode(values);
            for (int round = 0; round < (PostingData.Emulated ? 3 : 20); round++)
            {
                var reader = new PostingListReader(encoded);
                int cursor = 0;
                var buffer = new ulong[200];
                for (int step = 0; step < 40; step++)
                {
                    if (random.Next(3) == 0)
                    {
                        int size = 1 + random.Next(random.Next(2) == 0 ? 5 : 200);
                        int n = reader.Read(buffer.AsSpan(0, size));
                        Assert.True(StopsWhereAllowed(values.Length, cursor, size, n), $"Read of {size} at {cursor} of {values.Length} gave {n}.");
                        Assert.True(values.AsSpan(cursor, n).SequenceEqual(buffer.AsSpan(0, n)));
                        cursor += n;
                        continue;
                    }
                    ulong target = Target(random, values, cursor);
                    int found = cursor;
                    while (found < values.Length && values[found] < target)
                        found++;
                    Assert.Equal(found < values.Length, reader.SkipTo(target));
                    cursor = found;
                    if (cursor == values.Length)
                        Assert.Equal(0, reader.Read(buffer));
                }
            }
        }
    }

    [Fact]
    public void SkipToFarAheadMatchesAPlainCursor()
    {
        // Lists of hundreds of blocks and targets tens of blocks apart or more: with VBMI the walk passes skip records
        // eight at a time there, stopping at blocks with exceptions (rare or frequent) and at the end of its groups.
        var random = new Random(17);
        ulong[][] lists =
        [
            PostingData.Build(60_000, 0, ulong.MaxValue, () => 1),
            PostingData.Build(60_000, 5, ulong.MaxValue, () => PostingData.GapBelow(random, 8)),
            PostingData.Build(60_000, 5, ulong.MaxValue, PostingData.WithOutliers(random, 8, 20, 0.0005)),
            PostingData.Build(60_000, 5, ulong.MaxValue, PostingData.WithOutliers(random, 8, 20, 0.02)),
            PostingData.EndingAt(ulong.MaxValue, 60_000, () => PostingData.GapBelow(random, 40)),
        ];
        var buffer = new ulong[3];
        foreach (ulong[] values in lists)
        {
            byte[] encoded = PostingData.Encode(values);
            for (int round = 0; round < (PostingData.Emulated ? 2 : 10); round++)
            {
                var reader = new PostingListReader(encoded);
                int cursor = 0;
                while (true)
                {
                    int at = cursor + random.Next(random.Next(2) == 0 ? 3000 : 30_000);
                    ulong target = at >= values.Length ? values[^1] + (ulong)random.Next(2) : values[at] - (ulong)random.Next(2);
                    int found = cursor;
                    while (found < values.Length && values[found] < target)
                        found++;
                    Assert.Equal(found < values.Length, reader.SkipTo(target));
                    if (found == values.Length)
                        break;
                    int n = reader.Read(buffer);
                    Assert.True(values.AsSpan(found, n).SequenceEqual(buffer.AsSpan(0, n)), $"SkipTo({target}) read from another place than {found}.");
                    cursor = found + n;
                }
            }
        }
    }

    [Fact]
    public void ReadAfterSkipToGivesTheRestOfTheTargetsBlock()
    {
        ulong[] values = PostingData.Build(1000, 3, ulong.MaxValue, PostingData.WithOutliers(new Random(8), 9, 40, 0.02));
        byte[] encoded = PostingData.Encode(values);
        var buffer = new ulong[PostingListFormat.BlockLength];
        for (int i = 0; i < values.Length; i += 37)
        {
            var reader = new PostingListReader(encoded);
            Assert.True(reader.SkipTo(values[i]));
            int blockEnd = i == 0 ? 1 : Math.Min(values.Length, 1 + (i - 1 + PostingListFormat.BlockLength) / PostingListFormat.BlockLength * PostingListFormat.BlockLength);
            // Only the shorter last block can fit beside the rest of another.
            int last = values.Length - blockEnd, expected = blockEnd - i + (last <= buffer.Length - (blockEnd - i) ? last : 0);
            Assert.Equal((i, expected), (i, reader.Read(buffer)));
            Assert.True(values.AsSpan(i, expected).SequenceEqual(buffer.AsSpan(0, expected)));
        }
    }

    /// <summary>
    /// Whether a Read of <paramref name="size"/> at <paramref name="cursor"/> may write <paramref name="n"/> values:
    /// all it can (the buffer's length or the rest of the list), or fewer but at least one, ending where a block ends
    /// (the first value, then every 128 deltas) and leaving room for less than the next block.
    /// </summary>
    private static bool StopsWhereAllowed(int count, int cursor, int size, int n)
    {
        if (n == Math.Min(size, count - cursor))
            return true;
        int end = cursor + n;
        bool atBlockEnd = end == 1 || (end - 1) % PostingListFormat.BlockLength == 0;
        int nextBlock = Math.Min(PostingListFormat.BlockLength, count - end);
        return n > 0 && n < size && atBlockEnd && size - n < nextBlock;
    }

    /// <summary>A target behind, on, between or past the values, near the cursor or far ahead.</summary>
    private static ulong Target(Random random, ulong[] values, int cursor)
    {
        if (values.Length == 0)
            return (ulong)random.Next();
        int at = Math.Min(values.Length - 1, cursor + random.Next(random.Next(2) == 0 ? 20 : 2000) - 5);
        at = Math.Max(0, at);
        return random.Next(6) switch
        {
            0 => 0,
            1 => ulong.MaxValue,
            2 => values[at],
            3 => values[at] + 1,
            4 => values[at] - (values[at] > 0 ? 1UL : 0),
            _ => values[at] / 2,
        };
    }

    [Fact]
    public void AMalformedHeaderOrBlockThrowsAFormatExceptionNamingTheOffset()
    {
        Assert.Throws<FormatException>(() => new PostingListReader([2, 0]));
        Assert.Throws<FormatException>(() => new PostingListReader([1, 1]));
        Assert.Throws<FormatException>(() => new PostingListReader([1, 0, 0]));
        ulong[] values = [.. Enumerable.Range(0, 1000).Select(i => (ulong)i * 3)];
        byte[] encoded = PostingData.Encode(values);
        byte[] truncated = encoded[..^1];
        FormatException e = Assert.Throws<FormatException>(() =>
        {
            var reader = new PostingListReader(truncated);
            var buffer = new ulong[64];
            while (reader.Read(buffer) > 0)
            {
            }
        });
        Assert.Contains("offset", e.Message);
    }

    [Fact]
    public void AMalformedBlockReadIntoTheCallersBufferIsNamedByItsOwnOffset()
    {
        // Gaps of 100: every block 7 bits a delta, 112 bytes; Read(300) decodes two blocks a call straight into the buffer.
        ulong[] values = [.. Enumerable.Range(0, 1000).Select(i => 5 + 100UL * (ulong)i)];
        byte[] encoded = PostingData.Encode(values);
        Assert.True(PostingListFormat.TryReadHeader(encoded, out PostingListFormat.Header header));
        foreach (int block in new[] { 0, 1, 2, 3 })
        {
            byte[] corrupted = (byte[])encoded.Clone();
            int offset = header.BlocksStart + block * 7 * (PostingListFormat.BlockLength / 8);
            corrupted[offset + 50] ^= 0x10;
            FormatException e = Assert.Throws<FormatException>(() =>
            {
                var reader = new PostingListReader(corrupted);
                var buffer = new ulong[300];
                while (reader.Read(buffer) > 0)
                {
                }
            });
            Assert.Contains($"offset {offset} ", e.Message);
        }
    }

    [Fact]
    public void ReadAndSkipToAllocateNothing()
    {
        ulong[] values = PostingData.Build(100_000, 1, ulong.MaxValue, PostingData.WithOutliers(new Random(2), 10, 30, 0.01));
        byte[] encoded = PostingData.Encode(values);
        var buffer = new ulong[128];
        Walk(encoded, values, buffer);
        long before = GC.GetAllocatedBytesForCurrentThread();
        long sum = Walk(encoded, values, buffer);
        Assert.Equal(before, GC.GetAllocatedBytesForCurrentThread());
        Assert.NotEqual(0, sum);

        static long Walk(byte[] encoded, ulong[] values, ulong[] buffer)
        {
            var reader = new PostingListReader(encoded);
            long sum = 0;
            for (int i = 0; i < values.Length; i += 997)
            {
                if (reader.SkipTo(values[i]))
                    sum += reader.Read(buffer.AsSpan(0, 5));
            }
            return sum;
        }
    }
}
