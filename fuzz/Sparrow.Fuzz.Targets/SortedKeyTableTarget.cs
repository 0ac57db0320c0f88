using Sparrow.Storage;

namespace Sparrow.Fuzz;

/// <summary>
/// SortedKeyTable.Create(keyBytes, keyLengths) and Search against Array.BinarySearch. The input is a run of keys,
/// each a length byte (0..63) and that many bytes; the keys in input order build a table when they are strictly
/// ascending and throw ArgumentException otherwise; sorted and without repeats they build the table searched. The
/// probes are every key, the keys just around each (last byte dropped, lowered and raised, a 0x00 or 0xFF
/// appended) and the bytes left over after the last whole key, each placed against a guard page, as are the key
/// bytes given to Create.
/// </summary>
public static class SortedKeyTableTarget
{
    private const int MaxKeyLength = 63;

    private static readonly GuardedSlot KeyBytes = new();
    private static readonly GuardedSlot Probe = new();

    private static readonly Comparer<byte[]> Order = Comparer<byte[]>.Create((x, y) => x.AsSpan().SequenceCompareTo(y));

    public static void Run(ReadOnlySpan<byte> input)
    {
        var keys = new List<byte[]>();
        int offset = 0;
        while (offset < input.Length && offset + 1 + (input[offset] & MaxKeyLength) <= input.Length)
        {
            int length = input[offset] & MaxKeyLength;
            keys.Add(input.Slice(offset + 1, length).ToArray());
            offset += 1 + length;
        }
        byte[] leftOver = input[offset..].ToArray();

        bool ascending = true;
        for (int i = 1; i < keys.Count; i++)
            ascending &= Order.Compare(keys[i - 1], keys[i]) < 0;
        try
        {
            Create([.. keys], atEnd: true);
            if (!ascending)
                FuzzMismatchException.Throw($"SortedKeyTable.Create accepted keys out of order: {Describe(keys)}");
        }
        catch (ArgumentException) when (!ascending)
        {
        }

        byte[][] sorted = [.. keys.Distinct(new BytesEquality()).Order(Order)];
        foreach (bool atEnd in (bool[])[true, false])
        {
            SortedKeyTable table = Create(sorted, atEnd);
            if (table.Count != sorted.Length)
                FuzzMismatchException.Throw($"SortedKeyTable of {sorted.Length} keys has Count {table.Count}");
            for (int i = 0; i < sorted.Length; i++)
            {
                if (!table[i].SequenceEqual(sorted[i]))
                    FuzzMismatchException.Throw($"SortedKeyTable[{i}] = [{Spans.Hex(table[i])}], expected [{Spans.Hex(sorted[i])}]");
            }

            // The probes at the other edge from the key bytes: each edge is met by both.
            bool probeAtEnd = !atEnd;
            CheckSearch(table, sorted, leftOver, probeAtEnd);
            CheckSearch(table, sorted, [], probeAtEnd);
            CheckSearch(table, sorted, [0x00], probeAtEnd);
            foreach (byte[] key in sorted)
            {
                CheckSearch(table, sorted, key, probeAtEnd);
                CheckSearch(table, sorted, [.. key, 0x00], probeAtEnd);
                CheckSearch(table, sorted, [.. key, 0xFF], probeAtEnd);
                if (key.Length == 0)
                    continue;
                CheckSearch(table, sorted, key[..^1], probeAtEnd);
                byte last = key[^1];
                if (last > 0)
                    CheckSearch(table, sorted, [.. key[..^1], (byte)(last - 1)], probeAtEnd);
                if (last < 0xFF)
                    CheckSearch(table, sorted, [.. key[..^1], (byte)(last + 1)], probeAtEnd);
            }
        }
    }

    /// <summary>Create from the keys laid back to back, ending at a guard page or starting after one.</summary>
    private static SortedKeyTable Create(byte[][] keys, bool atEnd)
    {
        byte[] bytes = [.. keys.SelectMany(key => key)];
        int[] lengths = [.. keys.Select(key => key.Length)];
        return SortedKeyTable.Create(atEnd ? KeyBytes.CopyAtEnd<byte>(bytes) : KeyBytes.CopyAtStart<byte>(bytes), lengths);
    }

    private static void CheckSearch(SortedKeyTable table, byte[][] sorted, byte[] probe, bool atEnd)
    {
        int expected = Array.BinarySearch(sorted, probe, Order);
        int found = table.Search(atEnd ? Probe.CopyAtEnd<byte>(probe) : Probe.CopyAtStart<byte>(probe));
        if (found != expected)
            FuzzMismatchException.Throw($"SortedKeyTable.Search([{Spans.Hex(probe)}]) = {found}, Array.BinarySearch = {expected}, keys {Describe([.. sorted])}");
    }

    private static string Describe(IEnumerable<byte[]> keys) => string.Join(" ", keys.Select(key => $"[{Spans.Hex(key)}]"));

    private sealed class BytesEquality : IEqualityComparer<byte[]>
    {
        public bool Equals(byte[]? x, byte[]? y) => x.AsSpan().SequenceEqual(y);

        public int GetHashCode(byte[] key)
        {
            var hash = new HashCode();
            hash.AddBytes(key);
            return hash.ToHashCode();
        }
    }
}
