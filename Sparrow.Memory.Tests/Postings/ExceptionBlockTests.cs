using Sparrow.Testing;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// Full blocks with exceptions laid out by hand (low parts in the vertical layout, positions, high parts), decoded by the
/// block decoder with each path's kernels against a plain sum: every low width, 1 to 128 exceptions with the first and
/// last positions taken, high parts that keep the sums in 32 bits and wider ones, input and output against guard pages.
/// </summary>
public sealed unsafe class ExceptionBlockTests
{
    private const int BlockLength = PostingListFormat.BlockLength;

    /// <summary>A block's bytes and layout, and the plain deltas (low part, high part above it) they hold.</summary>
    private sealed record HandBlock(byte[] Bytes, PostingListFormat.Block Layout, ulong[] Deltas);

    /// <summary>A block after <paramref name="offset"/> bytes of other data (a block of a list is never at its start).</summary>
    private static HandBlock Build(Random random, int width, int exceptions, int exceptionWidth, int offset = 0)
    {
        var positions = new SortedSet<int> { exceptions == 1 ? random.Next(2) * (BlockLength - 1) : 0 };
        if (exceptions > 1)
            positions.Add(BlockLength - 1);
        while (positions.Count < exceptions)
            positions.Add(random.Next(BlockLength));
        int packedBytes = offset + 16 * width, highBytes = PostingListFormat.PackedBytes(exceptions, exceptionWidth);
        var bytes = new byte[packedBytes + exceptions + highBytes];
        random.NextBytes(bytes.AsSpan(0, offset));
        var deltas = new ulong[BlockLength];
        for (int i = 0; i < BlockLength; i++)
        {
            ulong low = width == 0 ? 0 : (ulong)random.NextInt64(1L << width);
            deltas[i] = low;
            int lane = i % 4, field = i / 4;
            for (int b = 0; b < width; b++)
            {
                int bit = field * width + b;
                if ((low >> b & 1) != 0)
                    bytes[offset + ((bit / 32) * 4 + lane) * 4 + (bit % 32) / 8] |= (byte)(1 << (bit % 8));
            }
        }
        int k = 0;
        foreach (int position in positions)
        {
            ulong high = 1 + (ulong)random.NextInt64((1L << exceptionWidth) - 1);
            deltas[position] |= high << width;
            bytes[packedBytes + k] = (byte)position;
            for (int b = 0; b < exceptionWidth; b++)
            {
                int bit = k * exceptionWidth + b;
                if ((high >> b & 1) != 0)
                    bytes[packedBytes + exceptions + bit / 8] |= (byte)(1 << (bit % 8));
            }
            k++;
        }
        var layout = new PostingListFormat.Block
        {
            Width = width,
            ExceptionCount = exceptions,
            ExceptionWidth = exceptionWidth,
            Packed = offset,
            Positions = packedBytes,
            Highs = packedBytes + exceptions,
            End = bytes.Length,
        };
        return new HandBlock(bytes, layout, deltas);
    }

    /// <summary>The block's bytes copied to end at a guard page (or start after one).</summary>
    private static ReadOnlySpan<byte> Place(GuardedMemory memory, byte[] bytes, bool atEnd)
    {
        byte* at = atEnd ? memory.EndingAtGuard(bytes.Length) : memory.StartingAfterGuard;
        bytes.CopyTo(new Span<byte>(at, bytes.Length));
        return new ReadOnlySpan<byte>(at, bytes.Length);
    }

    [Theory]
    [MemberData(nameof(PostingPaths.KernelNames), MemberType = typeof(PostingPaths))]
    public void DecodesEveryWidthAndExceptionCount(string name)
    {
        UnpackKernel kernel = PostingPaths.KernelNamed(name);
        var random = new Random(53);
        using var input = new GuardedMemory(16 * 32 + BlockLength + 8 * BlockLength);
        using var output = new GuardedMemory(BlockLength * sizeof(ulong));
        int step = PostingData.Emulated ? 9 : 1;
        for (int width = 0; width <= 32; width++)
        {
            for (int exceptions = 1; exceptions <= BlockLength; exceptions += exceptions < 8 ? 1 : step)
            {
                // High parts that keep the sums in 32 bits (the vector kernels' case) and ones that do not (the checked loop's).
                int narrowHigh = Math.Max(1, 24 - width);
                foreach (int exceptionWidth in new[] { 1, narrowHigh, 40 - width })
                {
                    // A block whose bytes start the span (fewer than 8 of them at width 0) and one after other bytes.
                    HandBlock block = Build(random, width, exceptions, exceptionWidth, offset: exceptions % 2 * 8);
                    bool atEnd = (width + exceptions) % 2 == 0;
                    ReadOnlySpan<byte> encoded = Place(input, block.Bytes, atEnd);
                    ulong start = (ulong)random.Next(1 << 20), relative = 0;
                    var expected = new ulong[BlockLength];
                    for (int i = 0; i < BlockLength; i++)
                        expected[i] = relative += block.Deltas[i] + 1;
                    string what = $"{name}, width {width}, {exceptions} exceptions of {exceptionWidth} bits";

                    ulong* wide = atEnd ? (ulong*)output.EndingAtGuard(BlockLength * sizeof(ulong)) : (ulong*)output.StartingAfterGuard;
                    Assert.True(kernel.DecodeBlock64(encoded, block.Layout, start, relative, wide), what);
                    for (int i = 0; i < BlockLength; i++)
                        if (start + expected[i] != wide[i])
                            Assert.Fail($"{what}, 64-bit value {i}");
                    Assert.False(kernel.DecodeBlock64(encoded, block.Layout, start, relative + 1, wide), $"{what}: a span one too long");

                    if (start + relative > uint.MaxValue)
                        continue;
                    uint* narrow = atEnd ? (uint*)output.EndingAtGuard(BlockLength * sizeof(uint)) : (uint*)output.StartingAfterGuard;
                    Assert.True(kernel.DecodeBlock32(encoded, block.Layout, start, relative, narrow), what);
                    for (int i = 0; i < BlockLength; i++)
                        if (start + expected[i] != narrow[i])
                            Assert.Fail($"{what}, value {i}");
                    Assert.False(kernel.DecodeBlock32(encoded, block.Layout, start, relative + 1, narrow), $"{what}: a span one too long");
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(PostingPaths.KernelNames), MemberType = typeof(PostingPaths))]
    public void RejectsPositionsOutOfOrderOrPastTheBlock(string name)
    {
        UnpackKernel kernel = PostingPaths.KernelNamed(name);
        var random = new Random(59);
        using var input = new GuardedMemory(16 * 32 + BlockLength + 8 * BlockLength);
        using var output = new GuardedMemory(BlockLength * sizeof(ulong));
        foreach (int width in new[] { 0, 1, 8, 24, 30 })
        {
            foreach (int exceptions in new[] { 1, 2, 3, 17, 128 })
            {
                HandBlock block = Build(random, width, exceptions, 2);
                ulong span = 0;
                foreach (ulong delta in block.Deltas)
                    span += delta + 1;
                int positions = block.Layout.Positions;
                var bad = new List<(string, byte[])>();
                for (int k = 0; k < exceptions; k++)
                {
                    byte[] past = (byte[])block.Bytes.Clone();
                    past[positions + k] = (byte)(BlockLength + k);
                    bad.Add(($"position {k} past the block", past));
                    if (k > 0)
                    {
                        byte[] repeated = (byte[])block.Bytes.Clone();
                        repeated[positions + k] = repeated[positions + k - 1];
                        bad.Add(($"position {k} repeated", repeated));
                    }
                }
                foreach ((string what, byte[] bytes) in bad)
                {
                    ReadOnlySpan<byte> encoded = Place(input, bytes, atEnd: true);
                    ulong* wide = (ulong*)output.EndingAtGuard(BlockLength * sizeof(ulong));
                    Assert.False(kernel.DecodeBlock64(encoded, block.Layout, 0, span, wide), $"{name}, width {width}, {exceptions} exceptions: {what}");
                    uint* narrow = (uint*)output.EndingAtGuard(BlockLength * sizeof(uint));
                    Assert.False(kernel.DecodeBlock32(encoded, block.Layout, 0, span, narrow), $"{name}, width {width}, {exceptions} exceptions, 32 bits: {what}");
                }
            }
        }
    }
}
