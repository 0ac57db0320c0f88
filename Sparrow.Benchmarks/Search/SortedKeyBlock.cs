using System.Runtime.InteropServices;
using System.Text;
using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>
/// Document-id keys (<c>users/1234-A</c>, <c>orders/00000000000000012345-A</c>; 8..32 bytes) laid out the way
/// a B+tree's leaves hold them: the key bytes back to back in one unmanaged block, in byte order, found
/// through an offset table. A second block holds the probes: the same keys in insertion (random) order, or
/// keys absent from the table. Other key sets (random binary keys) are laid out the same way.
/// </summary>
internal sealed unsafe class SortedKeyBlock : IDisposable
{
    private static readonly string[] Collections = ["users/", "orders/", "companies/", "employees/", "products/", "shippers/"];

    private readonly byte* _sortedBytes;
    private readonly byte* _probeBytes;

    /// <summary>Start of sorted key <c>i</c> is <c>SortedBase + SortedOffsets[i]</c>, its length <c>SortedLengths[i]</c>.</summary>
    public byte* SortedBase => _sortedBytes;
    public int[] SortedOffsets { get; }
    public int[] SortedLengths { get; }

    /// <summary>The probes, each at <c>ProbeBase + ProbeOffsets[i]</c>; <c>ExpectedIndex[i]</c> is what a search returns for it (its slot, or the complement of the first larger key's slot).</summary>
    public byte* ProbeBase => _probeBytes;
    public int[] ProbeOffsets { get; }
    public int[] ProbeLengths { get; }
    public int[] ExpectedIndex { get; }

    /// <summary>The benchmark's document ids: <paramref name="count"/> distinct ids, each looked up once (present keys).</summary>
    public SortedKeyBlock(int count, int seed) : this(GenerateDistinctKeys(count, new Random(seed)), absentProbes: null)
    {
    }

    /// <summary>
    /// <paramref name="keys"/> (any order) in byte order; the probes are <paramref name="absentProbes"/> when given
    /// (each expected at the complement of the first larger key's slot, as a range scan starts), else the keys
    /// themselves in the given order.
    /// </summary>
    public SortedKeyBlock(byte[][] keys, byte[][]? absentProbes) : this(keys, absentProbes ?? keys, sortedOnce: true)
    {
        if (absentProbes is not null && ExpectedIndex.Any(i => i >= 0))
            throw new ArgumentException("An absent probe is one of the keys.", nameof(absentProbes));
    }

    // sortedOnce only tells this constructor apart from the public one with the same parameter types.
    private SortedKeyBlock(byte[][] keys, byte[][] probes, bool sortedOnce)
    {
        int count = keys.Length;
        int[] order = Enumerable.Range(0, count).ToArray();
        Array.Sort(order, (a, b) => keys[a].AsSpan().SequenceCompareTo(keys[b]));
        SortedKeys = [.. order.Select(i => keys[i])];

        SortedOffsets = new int[count];
        SortedLengths = new int[count];
        ProbeOffsets = new int[probes.Length];
        ProbeLengths = new int[probes.Length];
        ExpectedIndex = new int[probes.Length];

        _sortedBytes = (byte*)NativeMemory.Alloc((nuint)Math.Max(1, keys.Sum(k => k.Length)));
        _probeBytes = (byte*)NativeMemory.Alloc((nuint)Math.Max(1, probes.Sum(k => k.Length)));

        int offset = 0;
        for (int slot = 0; slot < count; slot++)
        {
            byte[] key = SortedKeys[slot];
            key.CopyTo(new Span<byte>(_sortedBytes + offset, key.Length));
            SortedOffsets[slot] = offset;
            SortedLengths[slot] = key.Length;
            offset += key.Length;
        }

        offset = 0;
        for (int i = 0; i < probes.Length; i++)
        {
            byte[] key = probes[i];
            key.CopyTo(new Span<byte>(_probeBytes + offset, key.Length));
            ProbeOffsets[i] = offset;
            ProbeLengths[i] = key.Length;
            ExpectedIndex[i] = Array.BinarySearch(SortedKeys, key, KeyOrder.Instance);
            offset += key.Length;
        }
    }

    /// <summary>The keys in byte order (for building tables).</summary>
    public byte[][] SortedKeys { get; }

    /// <summary>The number of keys.</summary>
    public int Count => SortedKeys.Length;

    /// <summary>The number of probes.</summary>
    public int ProbeCount => ProbeOffsets.Length;

    /// <summary>
    /// <paramref name="count"/> document ids of seed <paramref name="seed"/>, looked up with the
    /// <paramref name="probes"/> ids that follow them, absent from the table: each lies between two of its keys.
    /// </summary>
    public static SortedKeyBlock WithAbsentDocumentIds(int count, int probes, int seed)
    {
        byte[][] keys = GenerateDistinctKeys(count + probes, new Random(seed));
        return new SortedKeyBlock(keys[..count], keys[count..]);
    }

    /// <summary>
    /// <paramref name="count"/> document ids of seed <paramref name="seed"/>, the first <paramref name="probes"/> of
    /// them (in insertion order: spread over the whole table) looked up once each.
    /// </summary>
    public static SortedKeyBlock WithPresentDocumentIds(int count, int probes, int seed)
    {
        byte[][] keys = GenerateDistinctKeys(count, new Random(seed));
        return new SortedKeyBlock(keys, keys[..probes], sortedOnce: true);
    }

    /// <summary>
    /// <paramref name="count"/> document ids looked up <paramref name="probes"/> times in a seeded random order with
    /// repeats: a sequence far longer than the table, so the branch predictor cannot learn a binary search's path
    /// through it, as it can when the same few hundred probes come round in the same order every invocation.
    /// </summary>
    public static SortedKeyBlock WithRandomProbes(int count, int probes, int seed)
    {
        var random = new Random(seed);
        byte[][] keys = GenerateDistinctKeys(count, random);
        return new SortedKeyBlock(keys, [.. Enumerable.Range(0, probes).Select(_ => keys[random.Next(count)])], sortedOnce: true);
    }

    /// <summary><paramref name="count"/> distinct random binary keys of <paramref name="length"/> bytes, each looked up once.</summary>
    public static SortedKeyBlock RandomBinary(int count, int length, int seed)
    {
        var random = new Random(seed);
        var seen = new HashSet<string>(count);
        var keys = new byte[count][];
        for (int made = 0; made < count;)
        {
            var key = new byte[length];
            random.NextBytes(key);
            if (seen.Add(Convert.ToHexString(key)))
                keys[made++] = key;
        }
        return new SortedKeyBlock(keys, absentProbes: null);
    }

    /// <summary>Key order, SequenceCompareTo: the reference for the expected slots.</summary>
    private sealed class KeyOrder : IComparer<byte[]>
    {
        public static readonly KeyOrder Instance = new();

        public int Compare(byte[]? x, byte[]? y) => x.AsSpan().SequenceCompareTo(y);
    }

    private static byte[][] GenerateDistinctKeys(int count, Random random)
    {
        var seen = new HashSet<string>(count);
        var keys = new byte[count][];
        int made = 0;
        while (made < count)
        {
            string collection = Collections[random.Next(Collections.Length)];
            long number = random.Next(1, 5_000_000);
            // Half the ids use RavenDB's zero-padded 20-digit identity form, which makes long shared prefixes.
            string id = random.Next(2) == 0
                ? $"{collection}{number}-A"
                : $"{collection}{number:D20}-A";
            if (id.Length is < 8 or > 32 || !seen.Add(id))
                continue;
            keys[made++] = Encoding.ASCII.GetBytes(id);
        }
        return keys;
    }

    public void Dispose()
    {
        NativeMemory.Free(_sortedBytes);
        NativeMemory.Free(_probeBytes);
    }
}
