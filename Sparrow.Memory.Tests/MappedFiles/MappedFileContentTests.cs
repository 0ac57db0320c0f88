namespace Sparrow.Tests;

/// <summary>What is written to a file is what the map reads: the whole file, every end, seeded sub-ranges.</summary>
public sealed class MappedFileContentTests
{
    /// <summary>Empty, one byte, either side of a 4 KiB page, and a few MiB that end inside a page.</summary>
    private static readonly int[] SizeList = [0, 1, 4095, 4096, 4097, 3 * 1024 * 1024 + 123];

    public static TheoryData<int> Sizes => new(SizeList);

    public static TheoryData<int> NonEmptySizes => new(SizeList.Where(size => size > 0));

    [Theory]
    [MemberData(nameof(Sizes))]
    public void WholeFile_ReadsBackAsWritten(int size)
    {
        using var mapped = new MappedBytes(size, seed: size);
        var (bytes, map) = mapped;

        Assert.Equal(size, map.Length);
        Assert.True(map.AsSpan(0, size).SequenceEqual(bytes));
        Assert.True(map.Cast<byte>(0, size).SequenceEqual(bytes));
        Assert.True(map.AsSpan(size, 0).IsEmpty);
    }

    [Theory]
    [MemberData(nameof(NonEmptySizes))]
    public void BothEnds_ReadTheFirstAndLastBytes(int size)
    {
        using var mapped = new MappedBytes(size, seed: size + 1);
        var (bytes, map) = mapped;

        Assert.Equal(bytes[0], map.Read<byte>(0));
        Assert.Equal(bytes[^1], map.Read<byte>(size - 1));
        Assert.Equal(bytes[^1], map.AsSpan(size - 1, 1)[0]);
        int tail = Math.Min(size, 64);
        Assert.True(map.AsSpan(size - tail, tail).SequenceEqual(bytes.AsSpan(size - tail)));
        Assert.True(map.AsSpan(0, tail).SequenceEqual(bytes.AsSpan(0, tail)));
    }

    [Theory]
    [MemberData(nameof(Sizes))]
    public void RandomRanges_MatchTheSameSlicesOfTheBytes(int size)
    {
        using var mapped = new MappedBytes(size, seed: size + 2);
        var (bytes, map) = mapped;

        var random = new Random(size + 3);
        for (int i = 0; i < 2000; i++)
        {
            int offset = random.Next(size + 1);
            int length = random.Next(Math.Min(size - offset, i % 2 == 0 ? 64 : 65536) + 1);
            if (!map.AsSpan(offset, length).SequenceEqual(bytes.AsSpan(offset, length)))
                Assert.Fail($"size {size}: AsSpan({offset}, {length}) differs from the file's bytes.");
        }
    }

    [Fact]
    public void WillNeed_OverAnyRange_LeavesTheContentsAsTheyAre()
    {
        const int size = 3 * 4096 + 5;
        using var mapped = new MappedBytes(size, seed: 4);
        var (bytes, map) = mapped;

        // Unaligned starts, a range inside one page, the whole file, an empty range at the end.
        foreach ((long offset, long length) in new (long, long)[] { (0, size), (1, 10), (4095, 2), (4097, size - 4097), (size, 0), (size - 1, 1) })
            map.WillNeed(offset, length);
        Assert.True(map.AsSpan(0, size).SequenceEqual(bytes));
    }

    [Fact]
    public void ManyThreads_ReadTheSameMapAtOnce()
    {
        const int size = 1 << 20;
        using var mapped = new MappedBytes(size, seed: 5);
        var (bytes, map) = mapped;

        Parallel.For(0, 8, thread =>
        {
            var random = new Random(thread);
            for (int i = 0; i < 1000; i++)
            {
                int offset = random.Next(size - sizeof(long));
                if (map.Read<long>(offset) != BitConverter.ToInt64(bytes, offset))
                    Assert.Fail($"thread {thread}: Read<long>({offset}) differs from the file's bytes.");
            }
        });
    }
}
