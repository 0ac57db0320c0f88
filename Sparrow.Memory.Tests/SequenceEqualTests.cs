namespace Sparrow.Tests;

public sealed unsafe class SequenceEqualTests
{
    private const int MaxExhaustiveSize = 512;

    public static TheoryData<string> PathNames => new(Paths.Equal.Select(p => p.Name));

    [Theory]
    [MemberData(nameof(PathNames))]
    public void SingleDifference_AtEveryPositionOfEverySize_IsFound(string name)
    {
        EqualPath path = Paths.EqualNamed(name);
        using var a = new NativeBuffer(MaxExhaustiveSize);
        using var b = new NativeBuffer(MaxExhaustiveSize);
        new Random(11).NextBytes(a.AsSpan());
        a.AsSpan().CopyTo(b.AsSpan());

        for (int size = path.MinSize; size <= Math.Min(MaxExhaustiveSize, path.MaxSize); size++)
        {
            Check.Equal(true, path.Function(a.Pointer, b.Pointer, size), path.Name, size);
            Check.Equal(true, path.Function(a.Pointer, a.Pointer, size), path.Name + " (same pointer)", size);
            for (int position = 0; position < size; position++)
            {
                byte original = b.Pointer[position];
                foreach (byte flip in (byte[])[0x01, 0x80, 0xFF])
                {
                    b.Pointer[position] = (byte)(original ^ flip);
                    Check.Equal(false, path.Function(a.Pointer, b.Pointer, size), path.Name, size, position);
                }

                b.Pointer[position] = original;
            }
        }
    }

    [Theory]
    [MemberData(nameof(PathNames))]
    public void EveryAlignmentOfEachPointer_MatchesReference(string name)
    {
        EqualPath path = Paths.EqualNamed(name);
        using var a = new NativeBuffer(TestSizes.AlignmentBufferSize);
        using var b = new NativeBuffer(TestSizes.AlignmentBufferSize);
        new Random(12).NextBytes(a.AsSpan());

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
                    Check.Equal(true, path.Function(p1, p2, size), path.Name, size, -1, offset1, offset2);
                    foreach (int position in TestSizes.SampledPositions(size))
                    {
                        p2[position] ^= 0x80;
                        Check.Equal(false, path.Function(p1, p2, size), path.Name, size, position, offset1, offset2);
                        p2[position] ^= 0x80;
                    }
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(PathNames))]
    public void SeededRandomSizesUpToOneMebibyte_MatchReference(string name)
    {
        EqualPath path = Paths.EqualNamed(name);
        using var a = new NativeBuffer(TestSizes.MaxRandomSize);
        using var b = new NativeBuffer(TestSizes.MaxRandomSize);
        var random = new Random(13);
        random.NextBytes(a.AsSpan());

        for (int i = 0; i < 48; i++)
        {
            int size = Math.Min(path.MaxSize, TestSizes.RandomSize(random, i, path.MinSize));
            a.AsSpan()[..size].CopyTo(b.AsSpan());
            Check.Equal(true, path.Function(a.Pointer, b.Pointer, size), path.Name, size);
            if (size == 0)
                continue;
            int position = random.Next(size);
            b.Pointer[position] ^= (byte)(1 + random.Next(255)); // a non-zero XOR: the inputs now differ
            Check.Equal(false, path.Function(a.Pointer, b.Pointer, size), path.Name, size, position);
        }
    }

    [Fact]
    public void SpansOfDifferentLengths_AreNotEqual()
    {
        byte[] key = [1, 2, 3, 4];
        Assert.False(Memory.SequenceEqual(key.AsSpan(0, 3), key));
        Assert.False(Memory.SequenceEqual(key, key.AsSpan(0, 3)));
        Assert.False(Memory.SequenceEqual(ReadOnlySpan<byte>.Empty, key));
        Assert.True(Memory.SequenceEqual(ReadOnlySpan<byte>.Empty, ReadOnlySpan<byte>.Empty));
        Assert.True(Memory.SequenceEqual(key.AsSpan(1, 0), key.AsSpan(2, 0)));
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(int.MinValue)]
    public void NegativeSize_Throws(int size)
    {
        byte value = 0;
        byte* p = &value;
        Assert.Throws<ArgumentOutOfRangeException>(() => Memory.SequenceEqual(p, p, size));
    }
}
