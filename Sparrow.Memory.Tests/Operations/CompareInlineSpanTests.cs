using System.Reflection;
using System.Runtime.CompilerServices;
using Sparrow.Testing;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// <see cref="Bytes.CompareInline(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/>, the inlined span twin of the span
/// Compare: the exact value of <see cref="MemoryExtensions.SequenceCompareTo{T}(ReadOnlySpan{T}, ReadOnlySpan{T})"/>
/// and of the span Compare, at every pair of lengths with a difference at every position, and inside guard pages.
/// </summary>
public sealed unsafe class CompareInlineSpanTests
{
    private const int MaxExhaustiveLength = 80;

    [Fact]
    public void Every_pair_of_lengths_with_a_difference_at_every_position_is_SequenceCompareTo()
    {
        var random = new Random(38);
        byte[] x = new byte[MaxExhaustiveLength], y = new byte[MaxExhaustiveLength];
        random.NextBytes(x);
        for (int lengthX = 0; lengthX <= MaxExhaustiveLength; lengthX++)
        {
            for (int lengthY = 0; lengthY <= MaxExhaustiveLength; lengthY++)
            {
                // Equal common prefix: the length decides.
                x.CopyTo(y, 0);
                Check(x.AsSpan(0, lengthX), y.AsSpan(0, lengthY));

                // One difference in the common prefix, of either sign, with a later difference of the other sign.
                int common = Math.Min(lengthX, lengthY);
                for (int position = 0; position < common; position++)
                {
                    x.CopyTo(y, 0);
                    y[position] = (byte)(x[position] + 1 + random.Next(255));
                    if (position + 1 < common)
                        y[common - 1] = (byte)(x[common - 1] - 1);
                    Check(x.AsSpan(0, lengthX), y.AsSpan(0, lengthY));
                    Check(y.AsSpan(0, lengthY), x.AsSpan(0, lengthX));
                }
            }
        }
    }

    [Fact]
    public void Seeded_random_keys_up_to_4_KiB_are_SequenceCompareTo()
    {
        var random = new Random(3838);
        byte[] x = new byte[4096], y = new byte[4096];
        for (int trial = 0; trial < 2000; trial++)
        {
            random.NextBytes(x);
            x.CopyTo(y, 0);
            int lengthX = random.Next(x.Length + 1), lengthY = trial % 3 == 0 ? lengthX : random.Next(y.Length + 1);
            if (trial % 2 == 0 && Math.Min(lengthX, lengthY) > 0)
                y[random.Next(Math.Min(lengthX, lengthY))] ^= (byte)(1 + random.Next(255));
            Check(x.AsSpan(0, lengthX), y.AsSpan(0, lengthY));
        }
    }

    [Fact]
    public void Empty_and_default_spans_compare_by_length()
    {
        Assert.Equal(0, Bytes.CompareInline(default, default));
        Assert.Equal(0, Bytes.CompareInline(ReadOnlySpan<byte>.Empty, []));
        Assert.Equal(-3, Bytes.CompareInline(default, "abc"u8));
        Assert.Equal(3, Bytes.CompareInline("abc"u8, default));
    }

    /// <summary>Keys whose last byte is the last readable one, and keys right after an unreadable page: a read past either end faults.</summary>
    [Fact]
    public void Keys_at_guard_pages_are_read_within_their_bounds()
    {
        using var first = new GuardedMemory(256);
        using var second = new GuardedMemory(256);
        new Random(380).NextBytes(first.AsSpan());
        first.AsSpan().CopyTo(second.AsSpan());
        for (int lengthX = 0; lengthX <= 130; lengthX++)
        {
            for (int lengthY = lengthX - 2; lengthY <= lengthX + 2; lengthY++)
            {
                if (lengthY < 0)
                    continue;
                var atEnd = new ReadOnlySpan<byte>(first.EndingAtGuard(lengthX), lengthX);
                var atStart = new ReadOnlySpan<byte>(second.StartingAfterGuard, lengthY);
                Check(atEnd, atStart);
                Check(atStart, atEnd);
                Check(atEnd, new ReadOnlySpan<byte>(second.EndingAtGuard(lengthY), lengthY));
            }
        }
    }

    [Fact]
    public void Is_always_inlined_as_the_other_Inline_twins()
    {
        MethodImplAttributes flags = typeof(Bytes)
            .GetMethod(nameof(Bytes.CompareInline), [typeof(ReadOnlySpan<byte>), typeof(ReadOnlySpan<byte>)])!.MethodImplementationFlags;
        Assert.Equal(MethodImplAttributes.AggressiveInlining, flags & (MethodImplAttributes.NoInlining | MethodImplAttributes.AggressiveInlining));
    }

    private static void Check(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y)
    {
        int expected = x.SequenceCompareTo(y);
        int actual = Bytes.CompareInline(x, y);
        if (actual != expected || Bytes.Compare(x, y) != expected)
            Assert.Fail($"CompareInline of {x.Length} and {y.Length} bytes: {actual} (Compare: {Bytes.Compare(x, y)}), SequenceCompareTo: {expected}");
    }
}
