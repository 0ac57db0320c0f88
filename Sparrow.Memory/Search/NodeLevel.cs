using System.Runtime.InteropServices;

namespace Sparrow.Storage;

/// <summary>
/// One level of a <see cref="SortedKeyTable"/>'s tree: its first node, and in a level too large to stay in cache,
/// where its nodes' leads and heads are. There every node has heads of the same width, so a node's leads and heads
/// are found from its number, as its header is: a search fetches all three at once.
/// </summary>
[StructLayout(LayoutKind.Sequential)]
internal readonly struct NodeLevel(int firstNode, int words, long headsAt, long leadsAt)
{
    /// <summary>The number of the level's first node; nodes are numbered from the root down.</summary>
    public readonly int FirstNode = firstNode;

    /// <summary>In a level with leads, the words of every node's heads (0 to <see cref="SortedKeyTable.MaxWords"/>); else 0.</summary>
    public readonly int Words = words;

    /// <summary>In a level with leads, where its heads start in the table's heads, in words: node n's are <c>n × Words × NodeWidth</c> further.</summary>
    public readonly long HeadsAt = headsAt;

    /// <summary>
    /// Where the level's leads start in the table's leads (node n's are <c>n × NodeWidth</c> further), or -1 when
    /// it has none. A search compares a node's leads (one cache line) first, and its heads only when a lead ties, in
    /// a level of more than <see cref="SortedKeyTable.NodeWidth"/> nodes; a smaller level stays in cache, and its
    /// nodes are compared by their heads at once.
    /// </summary>
    public readonly long LeadsAt = leadsAt;

    /// <summary>Whether the level's nodes have leads, compared first.</summary>
    public bool ComparesLeads => LeadsAt >= 0;
}
