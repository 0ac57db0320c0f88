using System.Runtime.InteropServices;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>Seeded lists for the posting list tests, and the helpers that encode and check them.</summary>
internal static class PostingData
{
    /// <summary>ARM64 runs under qemu-user in CI, 20-50x slower: the large and exhaustive loops are scaled down there.</summary>
    public static bool Emulated => RuntimeInformation.ProcessArchitecture == Architecture.Arm64;

    /// <summary>Values from <paramref name="first"/>, every gap drawn from <paramref name="gap"/>, as many as fit below <paramref name="max"/> (at most <paramref name="count"/>).</summary>
    public static ulong[] Build(int count, ulong first, ulong max, Func<ulong> gap)
    {
        var values = new List<ulong>(count);
        if (count == 0)
            return [];
        ulong value = first;
        values.Add(value);
        while (values.Count < count)
        {
            ulong step = gap();
            if (step == 0)
                step = 1;
            if (step > max - value)
                break;
            value += step;
            values.Add(value);
        }
        return [.. values];
    }

    /// <summary>Values ending at <paramref name="last"/>, the gaps before it drawn from <paramref name="gap"/>.</summary>
    public static ulong[] EndingAt(ulong last, int count, Func<ulong> gap)
    {
        var values = new List<ulong>(count);
        ulong value = last;
        while (values.Count < count)
        {
            values.Add(value);
            ulong step = Math.Max(1, gap());
            if (step > value)
                break;
            value -= step;
        }
        values.Reverse();
        return [.. values];
    }

    /// <summary>A gap of exactly <paramref name="bits"/> bits (in [2^(bits-1), 2^bits)); 1 for bits = 1.</summary>
    public static ulong GapOfWidth(Random random, int bits) =>
        bits <= 1 ? 1 : (1UL << (bits - 1)) | ((ulong)random.NextInt64() << 1 | (uint)random.Next(2)) & ((1UL << (bits - 1)) - 1);

    /// <summary>A gap uniform in [1, 2^bits).</summary>
    public static ulong GapBelow(Random random, int bits) =>
        bits >= 64 ? ((ulong)random.NextInt64() << 1) | 1 : 1 + (((ulong)random.NextInt64() << 1 | (uint)random.Next(2)) % ((1UL << bits) - 1));

    /// <summary>Gaps below 2^<paramref name="bits"/>, and with probability <paramref name="rate"/> a gap below 2^<paramref name="outlierBits"/> instead.</summary>
    public static Func<ulong> WithOutliers(Random random, int bits, int outlierBits, double rate) =>
        () => random.NextDouble() < rate ? GapBelow(random, outlierBits) : GapBelow(random, bits);

    public static uint[] ToUInt32(ulong[] values) => [.. values.Select(v => checked((uint)v))];

    public static byte[] Encode(ReadOnlySpan<ulong> values)
    {
        var buffer = new byte[PostingList.GetMaxEncodedLength(values.Length)];
        return buffer[..PostingList.Encode(values, buffer)];
    }

    public static byte[] Encode(ReadOnlySpan<uint> values)
    {
        var buffer = new byte[PostingList.GetMaxEncodedLength(values.Length)];
        return buffer[..PostingList.Encode(values, buffer)];
    }

    /// <summary>The lists every round-trip test runs, for one count: dense, small gaps, gaps of random widths, outliers, near the maximum.</summary>
    public static IEnumerable<(string Name, ulong[] Values)> Shapes(int count, int seed)
    {
        var random = new Random(seed);
        yield return ("dense from 0", Build(count, 0, ulong.MaxValue, () => 1));
        yield return ("gaps below 2^8", Build(count, (ulong)random.Next(1000), ulong.MaxValue, () => GapBelow(random, 8)));
        int bits = 1 + random.Next(31);
        yield return ($"gaps below 2^{bits}", Build(count, (ulong)random.Next(), uint.MaxValue, () => GapBelow(random, bits)));
        yield return ("1% outliers", Build(count, 7, ulong.MaxValue, WithOutliers(random, 6, 30, 0.01)));
        yield return ("20% outliers of 64-bit lists", Build(count, 1, ulong.MaxValue, WithOutliers(random, 10, 50, 0.2)));
        yield return ("crossing 2^32", Build(count, uint.MaxValue - (ulong)count * 3 / 2, ulong.MaxValue, () => GapBelow(random, 2)));
        yield return ("ending at ulong.MaxValue", EndingAt(ulong.MaxValue, count, () => GapBelow(random, 20)));
        yield return ("ending at uint.MaxValue", EndingAt(uint.MaxValue, count, () => GapBelow(random, 5)));
    }

    /// <summary>Asserts <paramref name="values"/> is strictly ascending (what every Done decode must give).</summary>
    public static void AssertStrictlyAscending<T>(ReadOnlySpan<T> values) where T : IComparable<T>
    {
        for (int i = 1; i < values.Length; i++)
            Assert.True(values[i].CompareTo(values[i - 1]) > 0, $"values[{i}] = {values[i]} is not above values[{i - 1}] = {values[i - 1]}");
    }
}
