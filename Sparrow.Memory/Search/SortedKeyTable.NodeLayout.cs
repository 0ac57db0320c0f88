namespace Sparrow;

public sealed unsafe partial class SortedKeyTable
{
    /// <summary>
    /// Builds the tree over a table's keys: the levels (leaves first in the building, root first in memory),
    /// each node's prefix length, and each entry's head.
    /// </summary>
    private sealed class NodeLayout
    {
        public NodeLayout(SortedKeyTable table)
        {
            // Level 0 holds every key; level L + 1 holds the first entry of each node of level L, until one node holds a level.
            var entries = new List<int>();
            for (int count = table.Count; count > 0; count = (count + NodeWidth - 1) >> NodeShift)
            {
                entries.Add(count);
                if (count <= NodeWidth)
                    break;
            }

            FirstNodes = GC.AllocateArray<int>(entries.Count, pinned: true);
            HeadStarts = GC.AllocateArray<long>(entries.Count, pinned: true);
            int nodes = 0;
            long headWords = 0;
            for (int level = entries.Count - 1; level >= 0; level--)
            {
                FirstNodes[level] = nodes;
                HeadStarts[level] = headWords;
                nodes += NodeCount(entries[level]);
                headWords += (long)NodeCount(entries[level]) * NodeWidth * WordsAt(level);
            }

            // PERF: heads start on a 64-byte boundary, so each word of a node's 16 heads is exactly two cache lines
            // and the vector paths use aligned loads.
            HeadBuffer = GC.AllocateArray<long>(checked((int)headWords) + 64 / sizeof(long), pinned: true);
            fixed (long* start = HeadBuffer)
                Heads = (long*)(((nint)start + 63) & ~(nint)63);
            new Span<long>(Heads, (int)headWords).Fill(long.MaxValue);

            PrefixLengths = GC.AllocateArray<int>(nodes, pinned: true);
            for (int level = 0; level < entries.Count; level++)
            {
                int nodeCount = NodeCount(entries[level]);
                for (int node = 0; node < nodeCount; node++)
                {
                    int first = node << NodeShift;
                    int last = Math.Min(first + NodeWidth, entries[level]) - 1;
                    // A search reaches a node other than the first of its level only with a key not below the node's
                    // first entry, and a node other than the last only with a key below the next node's first entry:
                    // such a key shares the prefix of those two bounds, and so does every entry. The first and last
                    // node of a level have a bound missing and use no prefix.
                    int prefixLength = node == 0 || node == nodeCount - 1
                        ? 0
                        : table[first << (NodeShift * level)].CommonPrefixLength(table[(first + NodeWidth) << (NodeShift * level)]);
                    PrefixLengths[FirstNodes[level] + node] = prefixLength;

                    int words = WordsAt(level);
                    long* heads = Heads + HeadStarts[level] + (long)node * NodeWidth * words;
                    for (int entry = first; entry <= last; entry++)
                    {
                        int slot = entry << (NodeShift * level);
                        for (int word = 0; word < words - 1; word++)
                            heads[word * NodeWidth + entry - first] = KeyHead.Word(table.KeyAt(slot), table.LengthAt(slot), prefixLength, word);
                        heads[(words - 1) * NodeWidth + entry - first] = KeyHead.Last(table.KeyAt(slot), table.LengthAt(slot), prefixLength, words);
                    }
                }
            }
        }

        /// <summary>Per level (0: the leaves), the number of its first node; nodes are numbered from the root down.</summary>
        public int[] FirstNodes { get; }

        public long[] HeadBuffer { get; }

        /// <summary>Per level, where its heads start in <see cref="Heads"/> (in words).</summary>
        public long[] HeadStarts { get; }

        /// <summary>The first head, 64-byte aligned, inside <see cref="HeadBuffer"/>.</summary>
        public long* Heads { get; }

        /// <summary>Per node, the length of the prefix that every key a search brings to it shares with all its entries.</summary>
        public int[] PrefixLengths { get; }

        private static int NodeCount(int entries) => (entries + NodeWidth - 1) >> NodeShift;
    }
}
