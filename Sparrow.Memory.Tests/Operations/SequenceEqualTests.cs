using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>What only SequenceEqual's span overload adds: spans of different lengths.</summary>
public sealed class SequenceEqualTests
{
    [Fact]
    public void SpansOfDifferentLengths_AreNotEqual()
    {
        byte[] key = [1, 2, 3, 4];
        Assert.False(Bytes.SequenceEqual(key.AsSpan(0, 3), key));
        Assert.False(Bytes.SequenceEqual(key, key.AsSpan(0, 3)));
        Assert.False(Bytes.SequenceEqual(ReadOnlySpan<byte>.Empty, key));
        Assert.True(Bytes.SequenceEqual(ReadOnlySpan<byte>.Empty, ReadOnlySpan<byte>.Empty));
        Assert.True(Bytes.SequenceEqual(key.AsSpan(1, 0), key.AsSpan(2, 0)));
    }
}
