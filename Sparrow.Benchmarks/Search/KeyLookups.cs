using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>Key order from a comparer of two keys in native memory.</summary>
internal unsafe interface IKeyComparer
{
    /// <summary>Key order: the common prefix byte-wise, then the shorter key first.</summary>
    static abstract int Compare(byte* x, int xLength, byte* y, int yLength);
}

internal readonly unsafe struct SpanKeys : IKeyComparer
{
    public static int Compare(byte* x, int xLength, byte* y, int yLength)
        => new ReadOnlySpan<byte>(x, xLength).SequenceCompareTo(new ReadOnlySpan<byte>(y, yLength));
}

internal readonly unsafe struct SparrowKeys : IKeyComparer
{
    public static int Compare(byte* x, int xLength, byte* y, int yLength)
        => Bytes.Compare(x, xLength, y, yLength);
}

/// <summary>Key order from a fixed-size comparer: the common prefix, then the lengths.</summary>
internal readonly unsafe struct PrefixThenLength<TComparer> : IKeyComparer where TComparer : struct, IByteComparer
{
    public static int Compare(byte* x, int xLength, byte* y, int yLength)
    {
        int c = TComparer.Compare(x, y, Math.Min(xLength, yLength));
        return c != 0 ? c : xLength - yLength;
    }
}

/// <summary>
/// Every probe of a <see cref="SortedKeyBlock"/> looked up once, by binary search over its offset table with a
/// key comparer, or in a <see cref="SortedKeyTable"/> built from the same keys; the sum of the results, so no
/// lookup can be optimized away. Each way is checked against the expected slots before it is measured.
/// </summary>
internal static unsafe class KeyLookups
{
    // PERF: the comparer is a struct type argument, so the JIT compiles one copy of the search per
    // comparer with the compare call resolved (and, for CompareInline, inlined): the loop is identical
    // for all and the only difference measured is the comparer.
    public static long BinarySearchAll<TComparer>(SortedKeyBlock keys) where TComparer : struct, IKeyComparer
    {
        long slotSum = 0;
        for (int i = 0; i < keys.ProbeCount; i++)
            slotSum += BinarySearch<TComparer>(keys, keys.ProbeBase + keys.ProbeOffsets[i], keys.ProbeLengths[i]);
        return slotSum;
    }

    public static long SearchAll(SortedKeyTable table, SortedKeyBlock keys)
    {
        long slotSum = 0;
        for (int i = 0; i < keys.ProbeCount; i++)
            slotSum += table.Search(keys.ProbeBase + keys.ProbeOffsets[i], keys.ProbeLengths[i]);
        return slotSum;
    }

    /// <summary>Throws unless the binary search with <typeparamref name="TComparer"/> finds what is expected for every probe, or its timing means nothing.</summary>
    public static void VerifyBinarySearch<TComparer>(SortedKeyBlock keys) where TComparer : struct, IKeyComparer =>
        Verify(keys, typeof(TComparer).Name, i => BinarySearch<TComparer>(keys, keys.ProbeBase + keys.ProbeOffsets[i], keys.ProbeLengths[i]));

    /// <summary>Throws unless <paramref name="table"/> finds what is expected for every probe.</summary>
    public static void VerifySearch(SortedKeyTable table, SortedKeyBlock keys) =>
        Verify(keys, nameof(SortedKeyTable), i => table.Search(keys.ProbeBase + keys.ProbeOffsets[i], keys.ProbeLengths[i]));

    /// <summary>The table over <paramref name="keys"/>, built from the keys in native memory as an engine holds them.</summary>
    public static SortedKeyTable Build(SortedKeyBlock keys) =>
        SortedKeyTable.Create(new ReadOnlySpan<byte>(keys.SortedBase, keys.SortedOffsets[^1] + keys.SortedLengths[^1]), keys.SortedLengths);

    private static int BinarySearch<TComparer>(SortedKeyBlock keys, byte* key, int keyLength) where TComparer : struct, IKeyComparer
    {
        int lo = 0, hi = keys.Count - 1;
        while (lo <= hi)
        {
            int mid = (int)((uint)(lo + hi) >> 1);
            int c = TComparer.Compare(keys.SortedBase + keys.SortedOffsets[mid], keys.SortedLengths[mid], key, keyLength);
            if (c == 0)
                return mid;
            if (c < 0) lo = mid + 1;
            else hi = mid - 1;
        }
        return ~lo;
    }

    private static void Verify(SortedKeyBlock keys, string way, Func<int, int> lookUp)
    {
        for (int i = 0; i < keys.ProbeCount; i++)
        {
            int slot = lookUp(i);
            if (slot != keys.ExpectedIndex[i])
                throw new InvalidOperationException($"KeySearch with {way}: probe {i} gave {slot}, expected {keys.ExpectedIndex[i]}.");
        }
    }
}
