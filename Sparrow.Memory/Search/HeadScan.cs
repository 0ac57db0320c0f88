namespace Sparrow.Storage;

/// <summary>
/// A way to scan one node of a <see cref="SortedKeyTable"/>: its <see cref="SortedKeyTable.NodeWidth"/> leads (the
/// first 4 bytes of each entry's head, one cache line), or one word of its biased heads (unused slots hold
/// <see cref="int.MaxValue"/> as lead and <see cref="long.MaxValue"/> in every word, which no key's last word
/// equals), against the same of the key searched for. One struct per instruction set; <see cref="SortedKeyTable.Search(byte*, int)"/>
/// chooses one, and the search is compiled once per struct, with the scan inlined.
/// </summary>
internal unsafe interface IHeadScan
{
    /// <summary>Whether this machine runs the path with hardware vectors of its width.</summary>
    static abstract bool IsSupported { get; }

    /// <summary>
    /// Which of the 16 leads at <paramref name="leads"/> (64-byte aligned: one cache line) are below
    /// <paramref name="lead"/> (<paramref name="less"/>, bit i for entry i) and equal to it (<paramref name="equal"/>).
    /// </summary>
    static abstract void CompareLeads(int* leads, int lead, out uint less, out uint equal);

    /// <summary>
    /// Which of the 16 words at <paramref name="heads"/> (64-byte aligned; one word of each entry's head) are below
    /// <paramref name="head"/> (<paramref name="less"/>, bit i for entry i) and equal to it (<paramref name="equal"/>).
    /// </summary>
    static abstract void Compare(long* heads, long head, out uint less, out uint equal);
}
