namespace Sparrow.Tests;

public sealed unsafe class CompareTests
{
    private const int MaxExhaustiveSize = 512;

    /// <summary>Byte pairs that trip signed arithmetic, in both orders, and one that shows the value is exact.</summary>
    private static readonly (byte A, byte B)[] DifferingBytes =
    [
        (0x00, 0xFF), (0xFF, 0x00),
        (0x7F, 0x80), (0x80, 0x7F),
        (0x01, 0xFF), (0xFF, 0x01),
        (0x10, 0x13), (0x13, 0x10),
    ];

    public static TheoryData<string> PathNames => new(Paths.Compare.Select(p => p.Name));

    [Theory]
    [MemberData(nameof(PathNames))]
    public void SingleDifference_AtEveryPositionOfEverySize_MatchesReference(string name)
    {
        ComparePath path = Paths.CompareNamed(name);
        using var a = new NativeBuffer(MaxExhaustiveSize);
        using var b = new NativeBuffer(MaxExhaustiveSize);
        new Random(1).NextBytes(a.AsSpan());
        a.AsSpan().CopyTo(b.AsSpan());

        for (int size = path.MinSize; size <= Math.Min(MaxExhaustiveSize, path.MaxSize); size++)
        {
            for (int position = 0; position < size; position++)
            {
                byte original = a.Pointer[position];
                foreach ((byte x, byte y) in DifferingBytes)
                {
                    a.Pointer[position] = x;
                    b.Pointer[position] = y;
                    int expected = Reference.Compare(a.Pointer, b.Pointer, size);
                    Check.Equal(x - y, expected, "reference", size, position);
                    Check.Equal(expected, path.Function(a.Pointer, b.Pointer, size), path.Name, size, position);
                }

                a.Pointer[position] = b.Pointer[position] = original;
            }
        }
    }

    [Theory]
    [MemberData(nameof(PathNames))]
    public void EqualInputs_AndTheSamePointer_ReturnZero(string name)
    {
        ComparePath path = Paths.CompareNamed(name);
        using var a = new NativeBuffer(MaxExhaustiveSize);
        using var b = new NativeBuffer(MaxExhaustiveSize);
        new Random(2).NextBytes(a.AsSpan());
        a.AsSpan().CopyTo(b.AsSpan());

        for (int size = path.MinSize; size <= Math.Min(MaxExhaustiveSize, path.MaxSize); size++)
        {
            Check.Equal(0, path.Function(a.Pointer, b.Pointer, size), path.Name + " (equal)", size);
            Check.Equal(0, path.Function(a.Pointer, a.Pointer, size), path.Name + " (same pointer)", size);
        }
    }

    [Theory]
    [MemberData(nameof(PathNames))]
    public void EveryAlignmentOfEachPointer_MatchesReference(string name)
    {
        ComparePath path = Paths.CompareNamed(name);
        using var a = new NativeBuffer(TestSizes.AlignmentBufferSize);
        using var b = new NativeBuffer(TestSizes.AlignmentBufferSize);
        new Random(3).NextBytes(a.AsSpan());

        for (int offset1 = 0; offset1 < TestSizes.Slack; offset1++)
        {
            for (int offset2 = 0; offset2 < TestSizes.Slack; offset2++)
            {
                byte* p1 = a.Pointer + offset1;
                byte* p2 = b.Pointer + offset2;
                foreach (int size in TestSizes.AlignmentSizes)
                {
                    if (size < path.MinSize || size > path.MaxSize)
                        continue;
                    new ReadOnlySpan<byte>(p1, size).CopyTo(new Span<byte>(p2, size));
                    Check.Equal(0, path.Function(p1, p2, size), path.Name, size, -1, offset1, offset2);
                    foreach (int position in TestSizes.SampledPositions(size))
                    {
                        byte original = p2[position];
                        p2[position] = (byte)~original;
                        Check.Equal(Reference.Compare(p1, p2, size), path.Function(p1, p2, size), path.Name, size, position, offset1, offset2);
                        p2[position] = original;
                    }
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(PathNames))]
    public void SeededRandomSizesUpToOneMebibyte_MatchReference(string name)
    {
        ComparePath path = Paths.CompareNamed(name);
        using var a = new NativeBuffer(TestSizes.MaxRandomSize);
        using var b = new NativeBuffer(TestSizes.MaxRandomSize);
        var random = new Random(4);
        random.NextBytes(a.AsSpan());

        for (int i = 0; i < 48; i++)
        {
            // Half the sizes anywhere up to 1 MiB, half below 4 KiB, so short inputs and tails come up often;
            // the paths themselves switch at 16, 32 and 64 bytes.
            int size = Math.Min(path.MaxSize, TestSizes.RandomSize(random, i, path.MinSize));
            a.AsSpan()[..size].CopyTo(b.AsSpan());
            Check.Equal(0, path.Function(a.Pointer, b.Pointer, size), path.Name, size);
            if (size == 0)
                continue;

            // A first difference somewhere, then random bytes after it that differ too.
            int position = random.Next(size);
            random.NextBytes(b.AsSpan()[position..size]);
            b.Pointer[position] = (byte)(a.Pointer[position] + 1 + random.Next(255));
            Check.Equal(Reference.Compare(a.Pointer, b.Pointer, size), path.Function(a.Pointer, b.Pointer, size), path.Name, size, position);
        }
    }

    /// <summary>
    /// Failure mode: subtracting byte-swapped words as signed integers gives the wrong sign when the
    /// differing byte has its high bit set. Here the first difference is followed by bytes that differ the
    /// other way, so only the first differing byte may decide the result.
    /// </summary>
    [Theory]
    [MemberData(nameof(PathNames))]
    public void HighBitDifference_HasTheSignOfTheFirstDifferingByte(string name)
    {
        ComparePath path = Paths.CompareNamed(name);
        const int MaxSize = 130;
        using var a = new NativeBuffer(MaxSize);
        using var b = new NativeBuffer(MaxSize);

        foreach ((byte x, byte y) in DifferingBytes)
        {
            for (int size = Math.Max(1, path.MinSize); size <= Math.Min(MaxSize, path.MaxSize); size++)
            {
                for (int position = 0; position < size; position++)
                {
                    a.AsSpan()[..size].Fill(0x80);
                    b.AsSpan()[..size].Fill(0x80);
                    a.Pointer[position] = x;
                    b.Pointer[position] = y;
                    for (int i = position + 1; i < size; i++)
                    {
                        a.Pointer[i] = x > y ? (byte)0x00 : (byte)0xFF;
                        b.Pointer[i] = x > y ? (byte)0xFF : (byte)0x00;
                    }

                    Check.Equal(x - y, path.Function(a.Pointer, b.Pointer, size), path.Name, size, position);
                }
            }
        }
    }

    /// <summary>
    /// Failure mode: some paths returned only the sign (-1/1) and others the byte difference. Every path,
    /// at every size and position, must return exactly <c>p1[i] - p2[i]</c>, for every difference value.
    /// </summary>
    [Theory]
    [MemberData(nameof(PathNames))]
    public void EveryPathAndSize_ReturnsTheExactByteDifference_NotJustTheSign(string name)
    {
        ComparePath path = Paths.CompareNamed(name);
        const int MaxSize = 100;
        using var a = new NativeBuffer(MaxSize);
        using var b = new NativeBuffer(MaxSize);
        a.AsSpan().Fill(0x5A);
        b.AsSpan().Fill(0x5A);

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
                        Check.Equal(x - y, path.Function(a.Pointer, b.Pointer, size), path.Name, size, position);
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
        Check.KeyOrder(expected, x.SequenceCompareTo(y), "SequenceCompareTo", size1, size2);
        Check.KeyOrder(expected, Memory.Compare(p1, size1, p2, size2), "Compare(byte*, int, byte*, int)", size1, size2);
        Check.KeyOrder(expected, Memory.Compare(x, y), "Compare(ReadOnlySpan<byte>, ReadOnlySpan<byte>)", size1, size2);
        Check.KeyOrder(-expected, Memory.Compare(y, x), "Compare(ReadOnlySpan<byte>, ReadOnlySpan<byte>), swapped", size2, size1);
    }

    [Fact]
    public void EmptySpans_CompareByLength()
    {
        byte[] key = [1, 2, 3];
        Assert.Equal(0, Memory.Compare(ReadOnlySpan<byte>.Empty, ReadOnlySpan<byte>.Empty));
        Assert.Equal(-3, Memory.Compare(ReadOnlySpan<byte>.Empty, key));
        Assert.Equal(3, Memory.Compare(key, ReadOnlySpan<byte>.Empty));
        Assert.Equal(key.AsSpan().SequenceCompareTo(ReadOnlySpan<byte>.Empty), Memory.Compare(key, ReadOnlySpan<byte>.Empty));
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(-17)]
    [InlineData(int.MinValue)]
    public void NegativeSize_Throws(int size)
    {
        byte value = 0;
        byte* p = &value;
        Assert.Throws<ArgumentOutOfRangeException>(() => Memory.Compare(p, p, size));
        Assert.Throws<ArgumentOutOfRangeException>(() => Memory.CompareInline(p, p, size));
        Assert.Throws<ArgumentOutOfRangeException>(() => Memory.Compare(p, size, p, 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => Memory.Compare(p, 1, p, size));
        Assert.Throws<ArgumentOutOfRangeException>(() => Memory.Compare(p, size, p, size));
        Assert.Throws<ArgumentOutOfRangeException>(() => Memory.SequenceEqual(p, p, size));
    }
}
