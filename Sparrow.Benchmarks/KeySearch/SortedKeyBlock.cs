using System.Runtime.InteropServices;
using System.Text;

namespace Sparrow.Benchmarks;

/// <summary>
/// Document-id keys (<c>users/1234-A</c>, <c>orders/00000000000000012345-A</c>; 8..32 bytes) laid out the way
/// a B+tree's leaves hold them: the key bytes back to back in one unmanaged block, in byte order, found
/// through an offset table. A second block holds the same keys in insertion (random) order: the probes.
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

    /// <summary>The keys in insertion order, each at <c>ProbeBase + ProbeOffsets[i]</c>; <c>ExpectedIndex[i]</c> is its sorted slot.</summary>
    public byte* ProbeBase => _probeBytes;
    public int[] ProbeOffsets { get; }
    public int[] ProbeLengths { get; }
    public int[] ExpectedIndex { get; }

    public SortedKeyBlock(int count, int seed)
    {
        byte[][] insertionOrder = GenerateDistinctKeys(count, new Random(seed));

        int[] order = Enumerable.Range(0, count).ToArray();
        Array.Sort(order, (a, b) => insertionOrder[a].AsSpan().SequenceCompareTo(insertionOrder[b]));

        SortedOffsets = new int[count];
        SortedLengths = new int[count];
        ProbeOffsets = new int[count];
        ProbeLengths = new int[count];
        ExpectedIndex = new int[count];

        int totalBytes = insertionOrder.Sum(k => k.Length);
        _sortedBytes = (byte*)NativeMemory.Alloc((nuint)totalBytes);
        _probeBytes = (byte*)NativeMemory.Alloc((nuint)totalBytes);

        int offset = 0;
        for (int slot = 0; slot < count; slot++)
        {
            byte[] key = insertionOrder[order[slot]];
            key.CopyTo(new Span<byte>(_sortedBytes + offset, key.Length));
            SortedOffsets[slot] = offset;
            SortedLengths[slot] = key.Length;
            ExpectedIndex[order[slot]] = slot;
            offset += key.Length;
        }

        offset = 0;
        for (int i = 0; i < count; i++)
        {
            byte[] key = insertionOrder[i];
            key.CopyTo(new Span<byte>(_probeBytes + offset, key.Length));
            ProbeOffsets[i] = offset;
            ProbeLengths[i] = key.Length;
            offset += key.Length;
        }
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
