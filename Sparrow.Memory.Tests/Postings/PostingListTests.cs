using System.Buffers;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>Round trips through <see cref="PostingList"/> on every path, against the values encoded.</summary>
public sealed class PostingListTests
{
    /// <summary>Decodes <paramref name="encoded"/> on <paramref name="path"/> into both widths and checks both against <paramref name="values"/>.</summary>
    private static void AssertDecodes(PostingPath path, byte[] encoded, ulong[] values, string shape)
    {
        Assert.Equal(values.Length, PostingList.GetCount(encoded));
        var wide = new ulong[values.Length];
        Assert.Equal(OperationStatus.Done, path.Decode64(encoded, wide, out int written));
        Assert.Equal(values.Length, written);
        Assert.True(values.AsSpan().SequenceEqual(wide), $"{path} {shape}: 64-bit decode differs");

        var narrow = new uint[values.Length];
        OperationStatus status = path.Decode32(encoded, narrow, out written);
        if (values.Length > 0 && values[^1] > uint.MaxValue)
            Assert.Equal(OperationStatus.InvalidData, status);
        else
        {
            Assert.Equal(OperationStatus.Done, status);
            Assert.Equal(values.Length, written);
            Assert.True(values.Select(v => (uint)v).SequenceEqual(narrow), $"{path} {shape}: 32-bit decode differs");
        }
        if (values.Length > 0)
        {
            Assert.Equal(OperationStatus.DestinationTooSmall, path.Decode64(encoded, new ulong[values.Length - 1], out written));
            Assert.Equal(0, written);
        }
    }

    /// <summary>
    /// The lists of every count up to 600 (every 7th past 260 under emulation), each encoded once for all the paths'
    /// rows; a list of 32-bit values encodes to the same bytes as the same values in 64 bits.
    /// </summary>
    private static readonly Lazy<(string Shape, ulong[] Values, byte[] Encoded)[]> EveryCount = new(() =>
    {
        var lists = new List<(string, ulong[], byte[])>();
        int step = PostingData.Emulated ? 7 : 1;
        for (int count = 0; count <= 600; count += count < 260 ? 1 : step)
        {
            foreach ((string shape, ulong[] values) in PostingData.Shapes(count, count))
            {
                byte[] encoded = PostingData.Encode(values);
                if (values.Length == 0 || values[^1] <= uint.MaxValue)
                    Assert.Equal(encoded, PostingData.Encode(PostingData.ToUInt32(values)));
                lists.Add(($"{shape}, {values.Length} values", values, encoded));
            }
        }
        return [.. lists];
    });

    [Theory]
    [MemberData(nameof(PostingPaths.Names), MemberType = typeof(PostingPaths))]
    public void RoundTripsEveryCountUpTo600(string name)
    {
        PostingPath path = PostingPaths.Named(name);
        foreach ((string shape, ulong[] values, byte[] encoded) in EveryCount.Value)
            AssertDecodes(path, encoded, values, shape);
    }

    [Theory]
    [MemberData(nameof(PostingPaths.Names), MemberType = typeof(PostingPaths))]
    public void RoundTripsGapsOfEveryWidth(string name)
    {
        PostingPath path = PostingPaths.Named(name);
        var random = new Random(64);
        for (int bits = 1; bits <= 64; bits++)
        {
            int count = PostingData.Emulated ? 300 : 1000;
            ulong[] wide = PostingData.Build(count, (ulong)random.Next(100), ulong.MaxValue, () => PostingData.GapOfWidth(random, bits));
            AssertDecodes(path, PostingData.Encode(wide), wide, $"64-bit gaps of {bits} bits");
            ulong[] below = PostingData.Build(count, 0, ulong.MaxValue, () => PostingData.GapBelow(random, bits));
            AssertDecodes(path, PostingData.Encode(below), below, $"64-bit gaps below 2^{bits}");
            if (bits <= 32)
            {
                ulong[] narrow = PostingData.Build(count, (ulong)random.Next(100), uint.MaxValue, () => PostingData.GapOfWidth(random, bits));
                byte[] encoded = PostingData.Encode(PostingData.ToUInt32(narrow));
                AssertDecodes(path, encoded, narrow, $"32-bit gaps of {bits} bits");
            }
        }
    }

    [Theory]
    [MemberData(nameof(PostingPaths.Names), MemberType = typeof(PostingPaths))]
    public void RoundTripsOutliersAndExtremes(string name)
    {
        PostingPath path = PostingPaths.Named(name);
        var random = new Random(7);
        int count = PostingData.Emulated ? 3000 : 20_000;
        (string, ulong[])[] lists =
        [
            ("1% outliers of 24 bits over 8", PostingData.Build(count, 0, uint.MaxValue, PostingData.WithOutliers(random, 8, 24, 0.01))),
            ("5% outliers of 31 bits over 4", PostingData.Build(count, 0, uint.MaxValue, PostingData.WithOutliers(random, 4, 31, 0.05))),
            ("outliers that make 32-bit deltas", PostingData.Build(count, 0, ulong.MaxValue, PostingData.WithOutliers(random, 20, 33, 0.02))),
            ("outliers of 63 bits", PostingData.Build(count, 0, ulong.MaxValue, PostingData.WithOutliers(random, 12, 52, 0.001))),
            ("dense ending at uint.MaxValue", PostingData.EndingAt(uint.MaxValue, count, () => 1)),
            ("dense ending at ulong.MaxValue", PostingData.EndingAt(ulong.MaxValue, count, () => 1)),
            ("0 and ulong.MaxValue", [0, ulong.MaxValue]),
            ("one value, ulong.MaxValue", [ulong.MaxValue]),
            ("one value, 0", [0]),
            ("gaps of 2^25..2^32 in 32 bits", PostingData.Build(count, 0, uint.MaxValue, () => PostingData.GapOfWidth(random, 25 + random.Next(8)))),
            ("crossing 2^32 in a full block", PostingData.Build(count, uint.MaxValue - 1000, ulong.MaxValue, () => PostingData.GapBelow(random, 6))),
            ("every width by block", PostingData.Build(count, 0, ulong.MaxValue, () => PostingData.GapBelow(random, 1 + random.Next(40)))),
        ];
        foreach ((string shape, ulong[] values) in lists)
            AssertDecodes(path, PostingData.Encode(values), values, shape);
    }

    /// <summary>
    /// Full blocks of low widths 0, 1, 8 and 24 with 1 to 6 exceptions each (the common outlier blocks), at the block's
    /// first and last positions and between, with high parts of 1, 6 and up to 40 bits (in 32 bits while the values fit).
    /// </summary>
    [Theory]
    [MemberData(nameof(PostingPaths.Names), MemberType = typeof(PostingPaths))]
    public void RoundTripsBlocksWithAFewExceptions(string name)
    {
        PostingPath path = PostingPaths.Named(name);
        var random = new Random(4);
        foreach (int width in new[] { 0, 1, 8, 24 })
        {
            foreach (int highBits in new[] { 1, 6, 40 - width })
            {
                for (int exceptions = 1; exceptions <= 6; exceptions++)
                {
                    int blocks = PostingData.Emulated ? 2 : 6;
                    var values = new ulong[1 + blocks * PostingListFormat.BlockLength];
                    values[0] = (ulong)random.Next(1000);
                    for (int block = 0; block < blocks; block++)
                    {
                        var positions = new HashSet<int> { block % 2 == 0 ? 0 : PostingListFormat.BlockLength - 1 };
                        while (positions.Count < exceptions)
                            positions.Add(random.Next(PostingListFormat.BlockLength));
                        for (int j = 0; j < PostingListFormat.BlockLength; j++)
                        {
                            int i = 1 + block * PostingListFormat.BlockLength + j;
                            ulong delta = width == 0 ? 0 : (ulong)random.NextInt64(1L << width);
                            if (positions.Contains(j))
                                delta |= (1 + (ulong)random.NextInt64((1L << highBits) - 1)) << width;
                            values[i] = values[i - 1] + delta + 1;
                        }
                    }
                    AssertDecodes(path, PostingData.Encode(values), values, $"{exceptions} exceptions of {highBits} bits over {width}");
                }
            }
        }
    }

    /// <summary>A million values (50,000 under emulation) with rare outliers, encoded once for all the paths' rows.</summary>
    private static readonly Lazy<(ulong[] Values, byte[] Encoded)> Large = new(() =>
    {
        ulong[] values = PostingData.Build(PostingData.Emulated ? 50_000 : 1_000_000, 3, ulong.MaxValue, PostingData.WithOutliers(new Random(1_000_000), 11, 20, 0.003));
        return (values, PostingData.Encode(values));
    });

    [Theory]
    [MemberData(nameof(PostingPaths.Names), MemberType = typeof(PostingPaths))]
    public void RoundTripsALargeList(string name) =>
        AssertDecodes(PostingPaths.Named(name), Large.Value.Encoded, Large.Value.Values, "a large list");

    [Fact]
    public void AListAbove32BitsIsInvalidDataIn32Bits()
    {
        foreach (ulong[] values in new ulong[][] { [(ulong)uint.MaxValue + 1], [1, (ulong)uint.MaxValue + 1], [.. Enumerable.Range(0, 300).Select(i => (ulong)uint.MaxValue - 200 + (ulong)i)] })
        {
            foreach (PostingPath path in PostingPaths.Runnable)
                Assert.Equal(OperationStatus.InvalidData, path.Decode32(PostingData.Encode(values), new uint[values.Length], out _));
        }
    }

    [Fact]
    public void EncodeRejectsAValueNotAboveTheOneBefore()
    {
        var destination = new byte[PostingList.GetMaxEncodedLength(300)];
        uint[] values = [.. Enumerable.Range(0, 300).Select(i => (uint)i * 3)];
        values[201] = values[200];
        ArgumentException equal = Assert.Throws<ArgumentException>(() => PostingList.Encode(values, destination));
        Assert.Contains("values[201]", equal.Message);
        ulong[] wide = [5, 4];
        Assert.Contains("values[1]", Assert.Throws<ArgumentException>(() => PostingList.Encode(wide, destination)).Message);
        // Every position against the vector compare's steps, the first bad index named when two are bad.
        for (int bad = 1; bad < 40; bad++)
        {
            ulong[] longs = [.. Enumerable.Range(0, 50).Select(i => 100 + (ulong)i * 10)];
            longs[bad] = longs[bad - 1] - (ulong)(bad % 2);
            if (bad + 5 < longs.Length)
                longs[bad + 5] = 0;
            Assert.StartsWith($"values[{bad}] (", Assert.Throws<ArgumentException>(() => PostingList.Encode(longs, destination)).Message);
            uint[] ints = [.. longs.Select(v => (uint)v)];
            Assert.StartsWith($"values[{bad}] (", Assert.Throws<ArgumentException>(() => PostingList.Encode(ints, destination)).Message);
        }
        Assert.All(destination, b => Assert.Equal(0, b));
    }

    [Fact]
    public void EncodeIntoAShortDestinationThrowsAndWritesNothingPastIt()
    {
        var random = new Random(3);
        foreach (int count in new[] { 0, 1, 2, 129, 1000 })
        {
            ulong[] values = PostingData.Build(count, 5, ulong.MaxValue, () => PostingData.GapBelow(random, 12));
            int length = PostingData.Encode(values).Length;
            using var memory = new Testing.GuardedMemory(length);
            Assert.Throws<ArgumentException>(() => PostingList.Encode(values, memory.AsSpan()[(memory.Capacity - length + 1)..]));
            Assert.Equal(length, PostingList.Encode(values, memory.AsSpan()[(memory.Capacity - length)..]));
        }
    }

    [Fact]
    public void TheMaxEncodedLengthFitsTheWidestLists()
    {
        var random = new Random(9);
        foreach (int count in new[] { 0, 1, 2, 3, 128, 129, 130, 257, 1000 })
        {
            // Gaps of 63 and 64 bits leave room for only two values; lists of random 62-bit gaps are the widest long ones.
            ulong[] values = PostingData.Build(count, 0, ulong.MaxValue, () => (ulong)random.NextInt64(1, 1L << 52));
            var destination = new byte[PostingList.GetMaxEncodedLength(values.Length)];
            int written = PostingList.Encode(values, destination);
            Assert.InRange(written, 0, destination.Length);
        }
        Assert.Throws<ArgumentOutOfRangeException>(() => PostingList.GetMaxEncodedLength(-1));
        Assert.Throws<ArgumentOutOfRangeException>(() => PostingList.GetMaxEncodedLength(int.MaxValue));
    }

    [Fact]
    public void GetCountReadsTheHeaderAndRejectsAMalformedOne()
    {
        Assert.Equal(0, PostingList.GetCount(PostingData.Encode(Array.Empty<ulong>())));
        Assert.Equal(1000, PostingList.GetCount(PostingData.Encode([.. Enumerable.Range(0, 1000).Select(i => (ulong)i)])));
        foreach (byte[] bad in new byte[][] { [], [2, 0], [0], [1], [1, 0x80], [1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F], [1, 0x80, 0x80, 0x80, 0x80, 0x80, 1] })
            Assert.Throws<FormatException>(() => PostingList.GetCount(bad));
    }

    [Fact]
    public void DecodeAllocatesNothing()
    {
        ulong[] values = PostingData.Build(10_000, 1, ulong.MaxValue, PostingData.WithOutliers(new Random(2), 10, 30, 0.01));
        byte[] encoded = PostingData.Encode(values);
        var wide = new ulong[values.Length];
        var narrow = new uint[values.Length];
        PostingList.Decode(encoded, wide, out _);
        PostingList.Decode(encoded, narrow, out _);
        long before = GC.GetAllocatedBytesForCurrentThread();
        PostingList.Decode(encoded, wide, out _);
        PostingList.Decode(encoded, narrow, out _);
        Assert.Equal(before, GC.GetAllocatedBytesForCurrentThread());
    }
}
