using System.Runtime.InteropServices;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// Reads at the very ends of a map that is fenced by inaccessible pages: with a file length that is a page
/// multiple the last byte of the file is the last readable byte, so an accessor that touched one byte more,
/// or a span that reached past the end, would fault the test process.
/// </summary>
public sealed class MappedFileFenceTests
{
    private static readonly int Page = Environment.SystemPageSize;

    /// <summary>One page, two, sixteen, and one that ends inside its last page (the rest reads as zeros, unfenced).</summary>
    private static readonly int[] Sizes = [Page, 2 * Page, 16 * Page, 2 * Page + 100];

    [Fact]
    public void EveryAccessor_AtBothEndsOfEverySize_StaysInsideTheMap()
    {
        SkipReasons.SkipIf(SkipReasons.NotLinux);
        foreach (int size in Sizes)
        {
            byte[] bytes = TempFile.RandomBytes(size, seed: size);
            using var file = TempFile.With(bytes);
            using var fenced = FencedMap.Open(file.Path);
            MappedFile map = fenced.Map;

            for (int n = 0; n <= 64; n++)
            {
                Assert.True(map.AsSpan(size - n, n).SequenceEqual(bytes.AsSpan(size - n)), $"size {size}: the last {n} bytes");
                Assert.True(map.AsSpan(0, n).SequenceEqual(bytes.AsSpan(0, n)), $"size {size}: the first {n} bytes");
            }

            AtBothEnds<byte>(map, bytes);
            AtBothEnds<short>(map, bytes);
            AtBothEnds<int>(map, bytes);
            AtBothEnds<long>(map, bytes);
            AtBothEnds<float>(map, bytes);
            AtBothEnds<double>(map, bytes);
            AtBothEnds<Int128>(map, bytes);
        }
    }

    /// <summary>
    /// Spans of 1..33 values that end at the last byte and start at the first, walked by index, compared by
    /// the BCL's vectorised SequenceEqual and searched to their end by IndexOf; Read of the last and first value.
    /// </summary>
    private static unsafe void AtBothEnds<T>(MappedFile map, byte[] bytes)
        where T : unmanaged, IEquatable<T>
    {
        int size = bytes.Length;
        for (int count = 1; count <= 33 && count * sizeof(T) <= size; count++)
        {
            long last = size - count * sizeof(T);
            foreach (long offset in (long[])[last, 0])
            {
                ReadOnlySpan<T> values = map.Cast<T>(offset, count);
                ReadOnlySpan<T> expected = MemoryMarshal.Cast<byte, T>(bytes.AsSpan((int)offset, count * sizeof(T)));
                for (int i = 0; i < values.Length; i++)
                    Assert.True(SameBits(values[i], expected[i]), $"Cast<{typeof(T).Name}>({offset}, {count})[{i}]");
                Assert.True(MemoryMarshal.AsBytes(values).SequenceEqual(MemoryMarshal.AsBytes(expected)));
                Assert.Equal(expected.IndexOf(default(T)), values.IndexOf(default(T)));
            }
        }

        Assert.True(SameBits(map.Read<T>(0), MemoryMarshal.Read<T>(bytes)), $"Read<{typeof(T).Name}>(0)");
        Assert.True(SameBits(map.Read<T>(size - sizeof(T)), MemoryMarshal.Read<T>(bytes.AsSpan(size - sizeof(T)))), $"Read<{typeof(T).Name}>(last)");
    }

    private static bool SameBits<T>(in T x, in T y)
        where T : unmanaged =>
        MemoryMarshal.AsBytes(new ReadOnlySpan<T>(in x)).SequenceEqual(MemoryMarshal.AsBytes(new ReadOnlySpan<T>(in y)));
}
