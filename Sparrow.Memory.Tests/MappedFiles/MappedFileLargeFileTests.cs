using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>A sparse file past 4 GiB: offsets beyond 32 bits, values across the 2 and 4 GiB marks, a span of more than 2^31 bytes.</summary>
public sealed class MappedFileLargeFileTests
{
    /// <summary>Past 4 GiB, so offsets need more than 32 bits, and not a multiple of 8, so the tail is unaligned.</summary>
    internal const long Length = (4L << 30) + 4096 + 13;

    /// <summary>Values written over the holes: at the start, across 2 GiB, across 4 GiB, and the last 8 bytes.</summary>
    private static readonly (long Offset, long Value)[] Markers =
    [
        (0, 0x0102030405060708),
        (int.MaxValue - 3, 0x1112131415161718),
        (uint.MaxValue - 3, 0x2122232425262728),
        (Length - 8, 0x3132333435363738),
    ];

    [Fact]
    public void FileLargerThan4GiB_ReadsAtEveryOffset()
    {
        SkipReasons.SkipIf(SkipReasons.LargeSparseFile);
        using var file = TempFile.Sparse(Length);
        using (var writer = new FileStream(file.Path, FileMode.Open, FileAccess.Write))
        {
            foreach ((long offset, long value) in Markers)
            {
                writer.Position = offset;
                writer.Write(BitConverter.GetBytes(value));
            }
        }

        using var map = MappedFile.Open(file.Path);
        Assert.Equal(Length, map.Length);
        foreach ((long offset, long value) in Markers)
        {
            Assert.Equal(value, map.Read<long>(offset));
            Assert.Equal(value, map.Cast<long>(offset, 1)[0]);
            Assert.True(map.AsSpan(offset, 8).SequenceEqual(BitConverter.GetBytes(value)));
        }

        // The holes read as zeros, far from any marker.
        Assert.Equal(0, map.Read<long>(3L << 30));
        Assert.True(map.AsSpan((3L << 30) + 4096, 4096).IndexOfAnyExcept((byte)0) < 0);

        // Every long to the end of the file: 2^29 + 513 values, more than 2^31 bytes.
        int count = (int)(Length / sizeof(long));
        long start = Length - (long)count * sizeof(long);
        ReadOnlySpan<long> all = map.Cast<long>(start, count);
        Assert.Equal(count, all.Length);
        Assert.Equal(Markers[^1].Value, all[^1]);
        Assert.Equal(0, all[count / 2]);

        Assert.Throws<ArgumentOutOfRangeException>(() => map.Cast<long>(start, count + 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => map.Read<long>(Length - 7));
        Assert.Throws<ArgumentOutOfRangeException>(() => map.AsSpan(Length, 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => map.AsSpan(uint.MaxValue, int.MaxValue));
        Assert.True(map.AsSpan(Length, 0).IsEmpty);

        map.WillNeed(uint.MaxValue - 4096, 8192);
        map.WillNeed(0, Length);
        Assert.Equal(Markers[2].Value, map.Read<long>(Markers[2].Offset));
    }
}
