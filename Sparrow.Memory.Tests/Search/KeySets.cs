using System.Text;

namespace Sparrow.Tests;

/// <summary>
/// Sorted, distinct key sets that stress a key table: document ids with long shared prefixes, zero-padded
/// numbers, random binary keys with runs of 0x00 and 0xFF, chains of keys that are prefixes of each other (with
/// the empty key), keys all of one length, and long keys that tie past any head. Seeded: every run sees the same keys.
/// </summary>
internal static class KeySets
{
    public static readonly string[] Families = ["document ids", "zero-padded numbers", "binary with 0x00/0xFF runs", "prefix chains", "equal length", "long keys sharing 32+ bytes", "runs of padded and unpadded numbers"];

    /// <summary><paramref name="count"/> distinct keys of family <paramref name="family"/> (an index into <see cref="Families"/>), sorted.</summary>
    public static byte[][] Make(int family, int count, int seed)
    {
        var random = new Random(seed);
        Func<Random, byte[]> next = family switch
        {
            0 => DocumentId,
            1 => r => Encoding.ASCII.GetBytes($"{r.Next(0, 4 * count + 10):D20}"),
            2 => BinaryWithRuns,
            3 => PrefixChainLink,
            4 => r => Fixed(r, 16),
            5 => LongSharedKey,
            _ => PaddedOrUnpaddedNumber,
        };
        var keys = new SortedSet<byte[]>(Order.Instance);
        // Prefix chains: keys drawn from a small alphabet of short links, so many keys are prefixes of others.
        if (family == 3 && count > 0)
            keys.Add([]);
        while (keys.Count < count)
            keys.Add(next(random));
        return [.. keys];
    }

    /// <summary>Key order (SequenceCompareTo), for the reference and for sorting.</summary>
    public sealed class Order : IComparer<byte[]>
    {
        public static readonly Order Instance = new();

        public int Compare(byte[]? x, byte[]? y) => x.AsSpan().SequenceCompareTo(y);
    }

    /// <summary>
    /// Keys to look up in a table of <paramref name="keys"/>: every key, and around each key the keys just below
    /// and above it (its last byte lowered and raised, a 0x00 and a 0xFF appended, its last byte dropped), so
    /// that every gap between neighbours, before the first key and after the last, is probed.
    /// </summary>
    public static IEnumerable<byte[]> Probes(byte[][] keys)
    {
        yield return [];
        yield return [0x00];
        yield return Enumerable.Repeat((byte)0xFF, 40).ToArray();
        foreach (byte[] key in keys)
        {
            yield return key;
            yield return [.. key, 0x00];
            yield return [.. key, 0xFF];
            if (key.Length > 0)
            {
                yield return key[..^1];
                if (key[^1] > 0)
                    yield return [.. key[..^1], (byte)(key[^1] - 1)];
                if (key[^1] < 0xFF)
                    yield return [.. key[..^1], (byte)(key[^1] + 1), 0x00];
            }
        }
    }

    private static readonly string[] Collections = ["users/", "orders/", "companies/", "employees/"];

    private static byte[] DocumentId(Random random)
    {
        string collection = Collections[random.Next(Collections.Length)];
        int number = random.Next(1, 5_000_000);
        return Encoding.ASCII.GetBytes(random.Next(2) == 0 ? $"{collection}{number}-A" : $"{collection}{number:D20}-A");
    }

    private static byte[] BinaryWithRuns(Random random)
    {
        var key = new byte[random.Next(0, 24)];
        for (int i = 0; i < key.Length; i++)
        {
            int kind = random.Next(4);
            key[i] = kind == 0 ? (byte)0x00 : kind == 1 ? (byte)0xFF : (byte)random.Next(256);
        }
        return key;
    }

    private static byte[] PrefixChainLink(Random random)
    {
        var key = new byte[random.Next(0, 20)];
        for (int i = 0; i < key.Length; i++)
            key[i] = (byte)(random.Next(3) switch { 0 => 0x00, 1 => 'a', _ => 0xFF });
        return key;
    }

    /// <summary>One of three 36-byte stems, then up to 5 bytes of 0x00, 0x01 or 0xFF (1,092 keys in all): ties past any head width.</summary>
    private static byte[] LongSharedKey(Random random)
    {
        byte stem = (byte)random.Next(3);
        var key = new byte[36 + random.Next(0, 6)];
        key.AsSpan(0, 36).Fill((byte)(0x40 + stem));
        key[20] = stem;
        for (int i = 36; i < key.Length; i++)
            key[i] = (byte)(random.Next(3) switch { 0 => 0x00, 1 => 0x01, _ => 0xFF });
        return key;
    }

    /// <summary>
    /// <c>a/</c> or <c>bb/</c>, then a number zero-padded to 20 digits or not: sorted, runs of keys that share 20+
    /// bytes beside runs that share 2 or 3, so nodes that span a run's edge share a short prefix with their bounds
    /// and a long one among their entries, and want heads of several words.
    /// </summary>
    private static byte[] PaddedOrUnpaddedNumber(Random random)
    {
        string stem = random.Next(2) == 0 ? "a/" : "bb/";
        int number = random.Next(1, 5_000_000);
        return Encoding.ASCII.GetBytes(random.Next(2) == 0 ? $"{stem}{number}" : $"{stem}{number:D20}");
    }

    private static byte[] Fixed(Random random, int length)
    {
        var key = new byte[length];
        random.NextBytes(key);
        key[random.Next(length)] = 0;
        return key;
    }
}
