using Sparrow.Testing;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>Each path's kernels against a plain reference, on every width, with their input and output against guard pages.</summary>
public sealed unsafe class UnpackKernelTests
{
    /// <summary>Field i / 4 of lane i % 4, whose word t is the (4t + i % 4)-th word: the vertical layout, bit by bit.</summary>
    private static uint ReferenceField(ReadOnlySpan<byte> packed, int width, int index)
    {
        int lane = index % 4, field = index / 4;
        uint value = 0;
        for (int b = 0; b < width; b++)
        {
            int bit = field * width + b;
            int word = bit / 32;
            int byteIndex = (word * 4 + lane) * 4 + (bit % 32) / 8;
            if ((packed[byteIndex] >> (bit % 8) & 1) != 0)
                value |= 1u << b;
        }
        return value;
    }

    [Theory]
    [MemberData(nameof(PostingPaths.KernelNames), MemberType = typeof(PostingPaths))]
    public void UnpacksEveryWidth(string name)
    {
        UnpackKernel kernel = PostingPaths.KernelNamed(name);
        var random = new Random(31);
        using var input = new GuardedMemory(16 * 32);
        using var output = new GuardedMemory(128 * sizeof(uint));
        for (int width = 0; width <= 32; width++)
        {
            foreach (bool atEnd in new[] { true, false })
            {
                byte* packed = atEnd ? input.EndingAtGuard(16 * width) : input.StartingAfterGuard;
                var bytes = new Span<byte>(packed, 16 * width);
                random.NextBytes(bytes);
                uint* deltas = atEnd ? (uint*)output.EndingAtGuard(128 * sizeof(uint)) : (uint*)output.StartingAfterGuard;
                kernel.Unpack((IntPtr)packed, width, (IntPtr)deltas);
                for (int i = 0; i < 128; i++)
                    Assert.True(ReferenceField(bytes, width, i) == deltas[i], $"{name}, width {width}, delta {i}");
            }
        }
    }

    [Theory]
    [MemberData(nameof(PostingPaths.KernelNames), MemberType = typeof(PostingPaths))]
    public void AddsToEveryRangeOfABlock(string name)
    {
        UnpackKernel kernel = PostingPaths.KernelNamed(name);
        var random = new Random(37);
        using var output = new GuardedMemory(128 * sizeof(ulong));
        var narrowBefore = new uint[128];
        var wideBefore = new ulong[128];
        int step = PostingData.Emulated ? 7 : 1;
        for (int from = 0; from < 128; from += step)
        {
            for (int to = from + 1; to <= 128; to += step)
            {
                foreach (bool atEnd in new[] { true, false })
                {
                    uint* narrow = atEnd ? (uint*)output.EndingAtGuard(128 * sizeof(uint)) : (uint*)output.StartingAfterGuard;
                    for (int i = 0; i < 128; i++)
                        narrow[i] = narrowBefore[i] = (uint)random.NextInt64(1L << 32);
                    uint amount = (uint)random.NextInt64(1L << 32);
                    kernel.AddRange32((IntPtr)narrow, from, to, amount);
                    for (int i = 0; i < 128; i++)
                        if (narrow[i] != (i >= from && i < to ? narrowBefore[i] + amount : narrowBefore[i]))
                            Assert.Fail($"{name}, [{from}, {to}), value {i}");

                    ulong* wide = atEnd ? (ulong*)output.EndingAtGuard(128 * sizeof(ulong)) : (ulong*)output.StartingAfterGuard;
                    for (int i = 0; i < 128; i++)
                        wide[i] = wideBefore[i] = (ulong)random.NextInt64() << 1;
                    ulong wideAmount = (ulong)random.NextInt64();
                    kernel.AddRange64((IntPtr)wide, from, to, wideAmount);
                    for (int i = 0; i < 128; i++)
                        if (wide[i] != (i >= from && i < to ? wideBefore[i] + wideAmount : wideBefore[i]))
                            Assert.Fail($"{name}, [{from}, {to}), 64-bit value {i}");
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(PostingPaths.KernelNames), MemberType = typeof(PostingPaths))]
    public void DecodesEveryWidthInOnePass(string name)
    {
        UnpackKernel kernel = PostingPaths.KernelNamed(name);
        var random = new Random(41);
        using var input = new GuardedMemory(16 * 32);
        using var output = new GuardedMemory(128 * sizeof(ulong));
        for (int width = 0; width <= 24; width++)
        {
            // Random fields, every field at its width's maximum (the largest sums a block can have: a kernel summing in
            // narrow lanes must not overflow them), and every field 0.
            foreach (byte? fill in new byte?[] { null, 0xFF, 0x00 })
            {
                foreach (bool atEnd in new[] { true, false })
                {
                    byte* packed = atEnd ? input.EndingAtGuard(16 * width) : input.StartingAfterGuard;
                    var bytes = new Span<byte>(packed, 16 * width);
                    if (fill is byte value)
                        bytes.Fill(value);
                    else
                        random.NextBytes(bytes);
                    uint start = (uint)random.Next();
                    uint* narrow = atEnd ? (uint*)output.EndingAtGuard(128 * sizeof(uint)) : (uint*)output.StartingAfterGuard;
                    uint returned = kernel.Decode32((IntPtr)packed, width, start, (IntPtr)narrow);
                    uint sum = start;
                    for (int i = 0; i < 128; i++)
                    {
                        sum += ReferenceField(bytes, width, i) + 1;
                        Assert.True(sum == narrow[i], $"{name}, width {width}, fill {fill}, value {i}");
                    }
                    Assert.True(sum - start == returned, $"{name}, width {width}, fill {fill}: the returned sum");
                    ulong wideStart = ((ulong)(uint)random.Next() << 32) | (uint)random.Next();
                    ulong* wide = atEnd ? (ulong*)output.EndingAtGuard(128 * sizeof(ulong)) : (ulong*)output.StartingAfterGuard;
                    returned = kernel.Decode64((IntPtr)packed, width, wideStart, (IntPtr)wide);
                    ulong relative = 0;
                    for (int i = 0; i < 128; i++)
                    {
                        relative += ReferenceField(bytes, width, i) + 1;
                        Assert.True(wideStart + relative == wide[i], $"{name}, width {width}, fill {fill}, 64-bit value {i}");
                    }
                    Assert.True((uint)relative == returned, $"{name}, width {width}, fill {fill}: the returned 64-bit sum");
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(PostingPaths.KernelNames), MemberType = typeof(PostingPaths))]
    public void DecodesTwoBlocksOfEveryWidthInOnePass(string name)
    {
        UnpackKernel kernel = PostingPaths.KernelNamed(name);
        var random = new Random(47);
        using var input = new GuardedMemory(32 * 32);
        using var output = new GuardedMemory(256 * sizeof(ulong));
        for (int width = 0; width <= 24; width++)
        {
            // As one block: random fields, every field at its maximum, every field 0; and one block at its maximum beside
            // one of zeros, so that the second block's start is the first's end, not a sum of both.
            foreach (byte?[] fills in new[] { new byte?[] { null, null }, [0xFF, 0xFF], [0x00, 0x00], [0xFF, 0x00], [0x00, 0xFF] })
            {
                foreach (bool atEnd in new[] { true, false })
                {
                    byte* packed = atEnd ? input.EndingAtGuard(32 * width) : input.StartingAfterGuard;
                    var bytes = new Span<byte>(packed, 32 * width);
                    for (int block = 0; block < 2; block++)
                    {
                        Span<byte> blockBytes = bytes.Slice(16 * width * block, 16 * width);
                        if (fills[block] is byte fill)
                            blockBytes.Fill(fill);
                        else
                            random.NextBytes(blockBytes);
                    }
                    var deltas = new uint[256];
                    for (int i = 0; i < 256; i++)
                        deltas[i] = ReferenceField(bytes.Slice(16 * width * (i / 128), 16 * width), width, i % 128) + 1;
                    uint firstSum = 0, secondSum = 0;
                    for (int i = 0; i < 128; i++)
                        (firstSum, secondSum) = (firstSum + deltas[i], secondSum + deltas[128 + i]);
                    ulong sums = firstSum | (ulong)secondSum << 32;
                    string what = $"{name}, width {width}, fills {fills[0]}/{fills[1]}";

                    uint start = (uint)random.Next();
                    uint* narrow = atEnd ? (uint*)output.EndingAtGuard(256 * sizeof(uint)) : (uint*)output.StartingAfterGuard;
                    Assert.True(sums == kernel.DecodePair32((IntPtr)packed, width, start, (IntPtr)narrow), $"{what}: the returned sums");
                    uint value = start;
                    for (int i = 0; i < 256; i++)
                    {
                        value += deltas[i];
                        Assert.True(value == narrow[i], $"{what}, value {i}");
                    }

                    ulong wideStart = ((ulong)(uint)random.Next() << 32) | (uint)random.Next();
                    ulong* wide = atEnd ? (ulong*)output.EndingAtGuard(256 * sizeof(ulong)) : (ulong*)output.StartingAfterGuard;
                    Assert.True(sums == kernel.DecodePair64((IntPtr)packed, width, wideStart, (IntPtr)wide), $"{what}: the returned 64-bit sums");
                    ulong wideValue = wideStart;
                    for (int i = 0; i < 256; i++)
                    {
                        wideValue += deltas[i];
                        Assert.True(wideValue == wide[i], $"{what}, 64-bit value {i}");
                    }
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(PostingPaths.KernelNames), MemberType = typeof(PostingPaths))]
    public void WidensEveryCountOntoTheStart(string name)
    {
        UnpackKernel kernel = PostingPaths.KernelNamed(name);
        var random = new Random(43);
        using var input = new GuardedMemory(128 * sizeof(uint));
        using var output = new GuardedMemory(128 * sizeof(ulong));
        for (int count = 1; count <= 128; count++)
        {
            foreach (bool atEnd in new[] { true, false })
            {
                uint* relative = atEnd ? (uint*)input.EndingAtGuard(count * sizeof(uint)) : (uint*)input.StartingAfterGuard;
                for (int i = 0; i < count; i++)
                    relative[i] = (uint)random.NextInt64(0, 1L << 32);
                ulong start = (ulong)random.NextInt64() << 1;
                ulong* values = atEnd ? (ulong*)output.EndingAtGuard(count * sizeof(ulong)) : (ulong*)output.StartingAfterGuard;
                kernel.Widen((IntPtr)relative, start, (IntPtr)values, count);
                for (int i = 0; i < count; i++)
                    Assert.True(start + relative[i] == values[i], $"{name}, count {count}, value {i}");
            }
        }
    }
}
