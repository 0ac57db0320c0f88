using System.Numerics;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// The encoder's block plan and its vector scans against plain loops: the width it chooses is the cheapest of every
/// width (a tie keeping fewer exceptions, as docs/posting-list-format.md says), and the scans count, bound and list
/// the deltas a byte-by-byte reading would.
/// </summary>
public sealed class PostingListEncoderTests
{
    /// <summary>Blocks of every length 1..128 with deltas of one base width, a few wider ones, several widths at once, or none.</summary>
    private static IEnumerable<ulong[]> Blocks()
    {
        var random = new Random(42);
        int rounds = PostingData.Emulated ? 600 : 6000;
        for (int round = 0; round < rounds; round++)
        {
            int n = round < 128 ? round + 1 : random.Next(2) == 0 ? 128 : 1 + random.Next(128);
            int baseWidth = random.Next(round % 7 == 0 ? 64 : 24);
            var deltas = new ulong[n];
            for (int i = 0; i < n; i++)
                deltas[i] = Below(random, baseWidth);
            switch (round % 4)
            {
                case 0:
                    // A few outliers, wider than the base by any amount up to 64 bits.
                    for (int k = random.Next(1 + random.Next(12)); k > 0; k--)
                        deltas[random.Next(n)] = Below(random, baseWidth + 1 + random.Next(64 - baseWidth));
                    break;
                case 1:
                    // Widths spread geometrically: each narrower one about twice as common.
                    for (int i = 0; i < n; i++)
                        deltas[i] = Below(random, Math.Clamp(baseWidth + 8 - BitOperations.LeadingZeroCount((ulong)random.NextInt64()), 0, 64));
                    break;
                case 2:
                    // Every width at random.
                    for (int i = 0; i < n; i++)
                        deltas[i] = Below(random, random.Next(65));
                    break;
            }
            yield return deltas;
        }
        yield return new ulong[128];
        yield return [.. Enumerable.Repeat(ulong.MaxValue, 128)];
        yield return [.. Enumerable.Range(0, 128).Select(i => i == 5 ? ulong.MaxValue : 1UL)];
        yield return [.. Enumerable.Range(0, 128).Select(i => i % 64 == 0 ? 1UL << 62 : 3UL)];
    }

    /// <summary>A random value of at most <paramref name="width"/> bits.</summary>
    private static ulong Below(Random random, int width)
    {
        ulong bits = (ulong)random.NextInt64() << 1 | (uint)random.Next(2);
        return width == 64 ? bits : bits & ((1UL << width) - 1);
    }

    private static int PackedBytes(int deltas, int width) => (deltas * width + 7) / 8;

    /// <summary>Every width from the widest delta's down, each with the deltas above it as exceptions; the first of the cheapest.</summary>
    private static (int Width, int Exceptions, int ExceptionWidth, int Bytes) Cheapest(ulong[] deltas)
    {
        int widest = 64 - BitOperations.LeadingZeroCount(deltas.Aggregate(0UL, (or, d) => or | d));
        var best = (Width: widest, Exceptions: 0, ExceptionWidth: 0, Bytes: PackedBytes(deltas.Length, widest));
        for (int width = Math.Min(widest - 1, 62); width >= 0; width--)
        {
            int exceptions = deltas.Count(d => d >> width != 0);
            int bytes = 2 + PackedBytes(deltas.Length, width) + exceptions + PackedBytes(exceptions, widest - width);
            if (bytes < best.Bytes)
                best = (width, exceptions, widest - width, bytes);
        }
        return best;
    }

    [Fact]
    public void ChooseFindsTheCheapestWidthAndKeepsFewerExceptionsOnATie()
    {
        foreach (ulong[] deltas in Blocks())
        {
            PostingListEncoder.Plan plan = PostingListEncoder.Choose(ref deltas[0], deltas.Length, deltas.Aggregate(0UL, (or, d) => or | d));
            Assert.Equal(Cheapest(deltas), (plan.Width, plan.ExceptionCount, plan.ExceptionWidth, plan.Bytes));
        }
    }

    [Fact]
    public void TheScansMatchPlainLoops()
    {
        foreach (ulong[] deltas in Blocks().Where((_, i) => i % 3 == 0))
        {
            int widest = 64 - BitOperations.LeadingZeroCount(deltas.Aggregate(0UL, (or, d) => or | d));
            if (widest >= 2)
            {
                ulong belowTop = deltas.Where(d => d >> (widest - 1) == 0).Aggregate(0UL, (or, d) => or | d);
                Assert.Equal((deltas.Count(d => d >> (widest - 1) != 0), deltas.Count(d => d >> (widest - 2) != 0), 64 - BitOperations.LeadingZeroCount(belowTop)),
                    PostingListEncoder.CountTopWidths(ref deltas[0], deltas.Length, widest));
            }
            for (int bit = 0; bit < 64; bit++)
            {
                ulong limit = 1UL << bit;
                ulong below = deltas.Where(d => d < limit).Aggregate(0UL, (or, d) => or | d);
                Assert.Equal((deltas.Count(d => d >= limit), 64 - BitOperations.LeadingZeroCount(below)), PostingListEncoder.Split(ref deltas[0], deltas.Length, bit));
                if (bit > 62)
                    continue;
                byte[] expected = [.. deltas.Select((d, i) => (d, i)).Where(p => p.d >> bit != 0).Select(p => (byte)p.i)];
                var positions = new byte[expected.Length];
                PostingListEncoder.FindExceptions(ref deltas[0], deltas.Length, bit, positions);
                Assert.Equal(expected, positions);
            }
        }
    }
}
