using System.Runtime.InteropServices;

namespace Sparrow.Storage;

/// <summary>
/// What a search needs to know of one node of a <see cref="SortedKeyTable"/> before it compares heads: where its
/// heads are and how wide, the byte they start at, and which prefix bytes the key must be checked for first.
/// </summary>
/// <remarks>
/// A key brought to a node shares <see cref="CheckedFrom"/> bytes with all its entries (the prefix of the node's
/// two bounds). A node whose entries share more (their own longest common prefix, up to <see cref="PrefixLength"/>)
/// may start its heads there: a search then first compares the key's bytes between the two with the first entry's;
/// a key that differs there is below or above every entry without a head compared.
/// </remarks>
[StructLayout(LayoutKind.Sequential)]
internal readonly struct NodeHeader(int headsAt, int prefixLength, int checkedFrom, int words, int entries)
{
    /// <summary>Where the node's heads start in the table's heads, in units of <see cref="SortedKeyTable.NodeWidth"/> words (128 bytes).</summary>
    public readonly int HeadsAt = headsAt;

    /// <summary>The byte the heads start at: every entry has these bytes in common, and a key the heads are compared with too.</summary>
    public readonly int PrefixLength = prefixLength;

    /// <summary>The bytes every key brought to the node shares with its entries; those from here to <see cref="PrefixLength"/> are checked.</summary>
    public readonly int CheckedFrom = checkedFrom;

    /// <summary>Words of each entry's head, 0 to <see cref="SortedKeyTable.MaxWords"/>: the fewest that tell neighbouring entries apart, or in a level the widest its nodes want (0: a tie of leads is broken with the key bytes).</summary>
    public readonly short Words = (short)words;

    /// <summary>The entries the node holds, 1 to <see cref="SortedKeyTable.NodeWidth"/>.</summary>
    public readonly short Entries = (short)entries;
}
