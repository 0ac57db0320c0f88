namespace Sparrow;

/// <summary>
/// A way to scan one node of a <see cref="SortedKeyTable"/>: its <see cref="SortedKeyTable.NodeWidth"/> biased
/// heads (ascending; unused slots hold <see cref="long.MaxValue"/>, which no key's head equals) against the
/// biased head of the key searched for. One struct per instruction set; <see cref="SortedKeyTable.Search(byte*, int)"/>
/// chooses one, and the search is compiled once per struct, with the scan inlined.
/// </summary>
internal unsafe interface IHeadScan
{
    /// <summary>Whether this machine runs the path with hardware vectors of its width.</summary>
    static abstract bool IsSupported { get; }

    /// <summary>
    /// How many of the node's heads at <paramref name="heads"/> (64-byte aligned) are below
    /// <paramref name="head"/> (<paramref name="less"/>) and equal to it (<paramref name="equal"/>).
    /// </summary>
    static abstract void Count(long* heads, long head, out int less, out int equal);
}
