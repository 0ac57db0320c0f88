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
    public void PrefixSumsMatchALoop(string name)
    {
        UnpackKernel kernel = PostingPaths.KernelNamed(name);
        var random = new Random(37);
        using var input = new GuardedMemory(128 * sizeof(uint));
        using var output = new GuardedMemory(128 * sizeof(ulong));
        uint* deltas = (uint*)input.EndingAtGuard(128 * sizeof(uint));
        for (int round = 0; round < 50; round++)
        {
            int bits = 1 + round % 24;
            for (int i = 0; i < 128; i++)
                deltas[i] = (uint)random.Next() & ((1u << bits) - 1);
            uint start = (uint)random.Next();
            uint* narrow = (uint*)output.EndingAtGuard(128 * sizeof(uint));
            kernel.PrefixSum32((IntPtr)deltas, start, (IntPtr)narrow);
            ulong wideStart = ((ulong)(uint)random.Next() << 32) | (uint)random.Next();
            ulong* wide = (ulong*)output.StartingAfterGuard;
            uint sum32 = start;
            uint relative = 0;
            for (int i = 0; i < 128; i++)
            {
                sum32 += deltas[i] + 1;
                Assert.Equal(sum32, narrow[i]);
            }
            kernel.PrefixSum64((IntPtr)deltas, wideStart, (IntPtr)wide);
            for (int i = 0; i < 128; i++)
            {
                relative += deltas[i] + 1;
                Assert.Equal(wideStart + relative, wide[i]);
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
            foreach (bool atEnd in new[] { true, false })
            {
                byte* packed = atEnd ? input.EndingAtGuard(16 * width) : input.StartingAfterGuard;
                var bytes = new Span<byte>(packed, 16 * width);
                random.NextBytes(bytes);
                uint start = (uint)random.Next();
                uint* narrow = atEnd ? (uint*)output.EndingAtGuard(128 * sizeof(uint)) : (uint*)output.StartingAfterGuard;
                kernel.Decode32((IntPtr)packed, width, start, (IntPtr)narrow);
                uint sum = start;
                for (int i = 0; i < 128; i++)
                {
                    sum += ReferenceField(bytes, width, i) + 1;
                    Assert.True(sum == narrow[i], $"{name}, width {width}, value {i}");
                }
                ulong wideStart = ((ulong)(uint)random.Next() << 32) | (uint)random.Next();
                ulong* wide = atEnd ? (ulong*)output.EndingAtGuard(128 * sizeof(ulong)) : (ulong*)output.StartingAfterGuard;
                kernel.Decode64((IntPtr)packed, width, wideStart, (IntPtr)wide);
                ulong relative = 0;
                for (int i = 0; i < 128; i++)
                {
                    relative += ReferenceField(bytes, width, i) + 1;
                    Assert.True(wideStart + relative == wide[i], $"{name}, width {width}, 64-bit value {i}");
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
