using Sparrow.Testing;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>What only Compare promises: the exact byte difference, and key order over keys of different lengths.</summary>
public sealed unsafe class CompareTests
{
    public static TheoryData<string> ComparePaths => Paths.Names(Paths.Compare);

    /// <summary>
    /// Failure mode: subtracting byte-swapped words as signed integers gives the wrong sign when the
    /// differing byte has its high bit set. Here the first difference is followed by bytes that differ the
    /// other way, so only the first differing byte may decide the result.
    /// </summary>
    [Theory]
    [MemberData(nameof(ComparePaths))]
    public void HighBitDifference_HasTheSignOfTheFirstDifferingByte(string name)
    {
        ComparePath path = Paths.Named<ComparePath>(name);
        const int MaxSize = 130;
        using var a = new NativeBuffer(MaxSize);
        using var b = new NativeBuffer(MaxSize);
        var where = new Where("0x80 before the difference, the other sign after it");

        foreach ((byte x, byte y) in Differences.All)
        {
            for (int size = Math.Max(1, path.MinSize); size <= Math.Min(MaxSize, path.MaxSize); size++)
            {
                for (int position = 0; position < size; position++)
                {
                    a.AsSpan()[..size].Fill(0x80);
                    b.AsSpan()[..size].Fill(0x80);
                    a.Pointer[position] = x;
                    b.Pointer[position] = y;
                    a.AsSpan()[(position + 1)..size].Fill(x > y ? (byte)0x00 : (byte)0xFF);
                    b.AsSpan()[(position + 1)..size].Fill(x > y ? (byte)0xFF : (byte)0x00);
                    Expect.Equal(x - y, path.Run(a.Pointer, b.Pointer, size), path, size, where, position);
                }
            }
        }
    }

    /// <summary>
    /// Failure mode: some paths returned only the sign (-1/1) and others the byte difference. Every path,
    /// at every size and position, must return exactly <c>p1[i] - p2[i]</c>, for every difference value.
    /// </summary>
    [Theory]
    [MemberData(nameof(ComparePaths))]
    public void EveryPathAndSize_ReturnsTheExactByteDifference_NotJustTheSign(string name)
    {
        ComparePath path = Paths.Named<ComparePath>(name);
        const int MaxSize = 100;
        using var a = new NativeBuffer(MaxSize);
        using var b = new NativeBuffer(MaxSize);
        a.AsSpan().Fill(0x5A);
        b.AsSpan().Fill(0x5A);
        var where = new Where("0x5A elsewhere");

        for (int size = Math.Max(1, path.MinSize); size <= Math.Min(MaxSize, path.MaxSize); size++)
        {
            // A sparse set of positions per size keeps the 256 x 256 values affordable.
            foreach (int position in (int[])[0, size / 3, size / 2, size - 1])
            {
                for (int x = 0; x < 256; x++)
                {
                    for (int y = 0; y < 256; y += 5)
                    {
                        a.Pointer[position] = (byte)x;
                        b.Pointer[position] = (byte)y;
                        Expect.Equal(x - y, path.Run(a.Pointer, b.Pointer, size), path, size, where, position);
                    }
                }

                a.Pointer[position] = b.Pointer[position] = 0x5A;
            }
        }
    }

    [Fact]
    public void LengthAwareAndSpanOverloads_EqualSequenceCompareTo_InValueAndSign()
    {
        const int MaxSize = 80;
        using var a = new NativeBuffer(600);
        using var b = new NativeBuffer(600);
        var random = new Random(5);
        random.NextBytes(a.AsSpan());

        for (int size1 = 0; size1 <= MaxSize; size1++)
        {
            for (int size2 = 0; size2 <= MaxSize; size2++)
            {
                int common = Math.Min(size1, size2);
                a.AsSpan().CopyTo(b.AsSpan());
                AssertKeyOrder(a.Pointer, size1, b.Pointer, size2);

                if (common == 0)
                    continue;
                int position = random.Next(common);
                b.Pointer[position] = (byte)(a.Pointer[position] + 1 + random.Next(255));
                AssertKeyOrder(a.Pointer, size1, b.Pointer, size2);
            }
        }

        for (int i = 0; i < 2000; i++)
        {
            int size1 = random.Next(600);
            int size2 = random.Next(2) == 0 ? size1 : random.Next(600);
            a.AsSpan().CopyTo(b.AsSpan());
            if (random.Next(2) == 0 && Math.Min(size1, size2) > 0)
                b.Pointer[random.Next(Math.Min(size1, size2))] ^= (byte)(1 + random.Next(255));
            AssertKeyOrder(a.Pointer, size1, b.Pointer, size2);
        }
    }

    private static void AssertKeyOrder(byte* p1, int size1, byte* p2, int size2)
    {
        var x = new ReadOnlySpan<byte>(p1, size1);
        var y = new ReadOnlySpan<byte>(p2, size2);
        int expected = Reference.Compare(p1, size1, p2, size2);

        // .NET 10's SequenceCompareTo returns the byte difference or the length difference too; pin that, so
        // a change in the BCL shows up here rather than as a puzzling mismatch below.
        Expect.KeyOrder(expected, x.SequenceCompareTo(y), "SequenceCompareTo", size1, size2);
        Expect.KeyOrder(expected, Bytes.Compare(p1, size1, p2, size2), "Compare(byte*, int, byte*, int)", size1, size2);
        Expect.KeyOrder(expected, Bytes.Compare(x, y), "Compare(ReadOnlySpan<byte>, ReadOnlySpan<byte>)", size1, size2);
        Expect.KeyOrder(-expected, Bytes.Compare(y, x), "Compare(ReadOnlySpan<byte>, ReadOnlySpan<byte>), swapped", size2, size1);
    }

    /// <summary>Keys of different lengths, each at either edge of its arena: the shorter one is never read past its end.</summary>
    [Fact]
    public void LengthAwareAndSpanOverloads_StayInsideKeysOfDifferentLengths()
    {
        const int MaxSize = 512;
        using var bench = new Bench(MaxSize);
        bench.First.AsSpan().Fill(0x5A);
        bench.Second.AsSpan().Fill(0x5A);
        for (int size1 = 0; size1 <= MaxSize; size1++)
        {
            foreach (int size2 in (int[])[0, size1 - 1, size1, size1 + 1, size1 + 9])
            {
                if (size2 < 0 || size2 > MaxSize)
                    continue;
                foreach ((Edge first, Edge second, string placement) in Bench.Placements)
                {
                    byte* p1 = Bench.At(bench.First, first, size1);
                    byte* p2 = Bench.At(bench.Second, second, size2);
                    var x = new ReadOnlySpan<byte>(p1, size1);
                    var y = new ReadOnlySpan<byte>(p2, size2);
                    Expect.KeyOrder(size1 - size2, Bytes.Compare(p1, size1, p2, size2), "Compare(byte*, int, byte*, int), " + placement, size1, size2);
                    Expect.KeyOrder(size1 - size2, Bytes.Compare(x, y), "Compare(ReadOnlySpan<byte>, ReadOnlySpan<byte>), " + placement, size1, size2);
                    Expect.KeyOrder(size1 == size2 ? 1 : 0, Bytes.SequenceEqual(x, y) ? 1 : 0, "SequenceEqual(ReadOnlySpan<byte>, ReadOnlySpan<byte>), " + placement, size1, size2);
                }
            }
        }
    }

    [Fact]
    public void EmptySpans_CompareByLength()
    {
        byte[] key = [1, 2, 3];
        Assert.Equal(0, Bytes.Compare(ReadOnlySpan<byte>.Empty, ReadOnlySpan<byte>.Empty));
        Assert.Equal(-3, Bytes.Compare(ReadOnlySpan<byte>.Empty, key));
        Assert.Equal(3, Bytes.Compare(key, ReadOnlySpan<byte>.Empty));
        Assert.Equal(key.AsSpan().SequenceCompareTo(ReadOnlySpan<byte>.Empty), Bytes.Compare(key, ReadOnlySpan<byte>.Empty));
    }

    /// <summary>Either length of the length-aware overload negative (both negative: <see cref="EveryPathTests"/>).</summary>
    [Theory]
    [InlineData(-1)]
    [InlineData(-17)]
    [InlineData(int.MinValue)]
    public void LengthAware_EitherSizeNegative_Throws(int size)
    {
        byte value = 0;
        byte* p = &value;
        Assert.Throws<ArgumentOutOfRangeException>(() => Bytes.Compare(p, size, p, 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => Bytes.Compare(p, 1, p, size));
        Assert.Throws<ArgumentOutOfRangeException>(() => Bytes.Compare(p, size, p, 0));
        Assert.Throws<ArgumentOutOfRangeException>(() => Bytes.Compare(p, 0, p, size));
    }

    /// <summary>
    /// Failure mode: a word loop that steps 8 bytes while any byte is left reads up to 7 bytes past the
    /// end. The word path is called directly (the public API takes the vector path on most machines) on
    /// equal bytes, so it scans to the very last byte of a buffer that ends at a guard page.
    /// </summary>
    [Fact]
    public void WordLoop_NeverReadsPastTheEnd()
    {
        const int MaxSize = 512;
        using var bench = new Bench(MaxSize);
        for (int size = WordBlocks.Block; size <= MaxSize; size++)
        {
            byte* p1 = Bench.At(bench.First, Edge.BeforeTrailingGuard, size);
            byte* p2 = Bench.At(bench.Second, Edge.BeforeTrailingGuard, size);
            Assert.Equal(0, WordBlocks.Compare(p1, p2, (nuint)size));
            Assert.True(WordBlocks.Equal(p1, p2, (nuint)size));
            Assert.Equal(0, Bytes.Compare(p1, p2, size));
        }
    }
}
