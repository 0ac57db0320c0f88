namespace Sparrow.Tests;

public sealed unsafe class SequenceEqualTests
{
    private const int MaxExhaustiveSize = 512;

    public static TheoryData<string> PathNames => new(Paths.Equal.Select(p => p.Name));

    private static EqualPath Path(string name) => Paths.Equal.Single(p => p.Name == name);

    [Theory]
    [MemberData(nameof(PathNames))]
    public void SingleDifference_AtEveryPositionOfEverySize_IsFound(string name)
    {
        EqualPath path = Path(name);
        using var a = new NativeBuffer(MaxExhaustiveSize);
        using var b = new NativeBuffer(MaxExhaustiveSize);
        new Random(11).NextBytes(a.AsSpan());
        a.AsSpan().CopyTo(b.AsSpan());

        for (int size = path.MinSize; size <= MaxExhaustiveSize; size++)
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
        EqualPath path = Path(name);
        int[] sizes = [.. Enumerable.Range(0, 80), 95, 96, 97, 127, 128, 129, 200, 255, 256, 257];
        const int Slack = 16;
        using var a = new NativeBuffer(257 + Slack);
        using var b = new NativeBuffer(257 + Slack);
        new Random(12).NextBytes(a.AsSpan());

        for (int offset1 = 0; offset1 < Slack; offset1++)
        {
            for (int offset2 = 0; offset2 < Slack; offset2++)
            {
                byte* p1 = a.Pointer + offset1;
                byte* p2 = b.Pointer + offset2;
                foreach (int size in sizes)
                {
                    if (size < path.MinSize)
                        continue;
                    new ReadOnlySpan<byte>(p1, size).CopyTo(new Span<byte>(p2, size));
                    Check.Equal(true, path.Function(p1, p2, size), path.Name, size, -1, offset1, offset2);
                    foreach (int position in (int[])[0, size / 2, size - 1])
                    {
                        if ((uint)position >= (uint)size)
                            continue;
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
        EqualPath path = Path(name);
        const int MaxSize = 1 << 20;
        using var a = new NativeBuffer(MaxSize);
        using var b = new NativeBuffer(MaxSize);
        var random = new Random(13);
        random.NextBytes(a.AsSpan());

        for (int i = 0; i < 48; i++)
        {
            int size = Math.Max(path.MinSize, i % 2 == 0 ? random.Next(MaxSize + 1) : random.Next(4096));
            a.AsSpan()[..size].CopyTo(b.AsSpan());
            Check.Equal(true, path.Function(a.Pointer, b.Pointer, size), path.Name, size);
            if (size == 0)
                continue;
            int position = random.Next(size);
            b.Pointer[position] ^= (byte)(1 + random.Next(255));
            Check.Equal(Reference.Equal(a.Pointer, b.Pointer, size), path.Function(a.Pointer, b.Pointer, size), path.Name, size, position);
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
