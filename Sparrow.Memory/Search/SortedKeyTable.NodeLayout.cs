namespace Sparrow;

public sealed unsafe partial class SortedKeyTable
{
    /// <summary>
    /// Builds the tree over a table's keys: the levels (leaves first in the building, root first in memory),
    /// each node's prefix, and each entry's head.
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

            Levels = GC.AllocateArray<Level>(entries.Count, pinned: true);
            int nodes = 0;
            for (int level = entries.Count - 1; level >= 0; level--)
            {
                Levels[level] = new Level(entries[level], nodes);
                nodes += NodeCount(entries[level]);
            }

            // PERF: heads start on a 64-byte boundary, so a node's 16 heads are exactly two cache lines and the
            // vector paths use aligned loads.
            HeadBuffer = GC.AllocateArray<long>(nodes * NodeWidth + 64 / sizeof(long), pinned: true);
            fixed (long* start = HeadBuffer)
                Heads = (long*)(((nint)start + 63) & ~(nint)63);
            new Span<long>(Heads, nodes * NodeWidth).Fill(long.MaxValue);

            Prefixes = GC.AllocateArray<NodePrefix>(nodes, pinned: true);
            var prefixBytes = new List<byte>();
            for (int level = 0; level < Levels.Length; level++)
            {
                Level current = Levels[level];
                for (int node = 0; node < NodeCount(current.Entries); node++)
                {
                    int first = node << NodeShift;
                    int last = Math.Min(first + NodeWidth, current.Entries) - 1;
                    ReadOnlySpan<byte> firstKey = table[first << (NodeShift * level)];
                    int prefixLength = firstKey.CommonPrefixLength(table[last << (NodeShift * level)]);
                    Prefixes[current.FirstNode + node] = new NodePrefix(prefixBytes.Count, prefixLength);
                    prefixBytes.AddRange(firstKey[..prefixLength]);

                    long* heads = Heads + (long)(current.FirstNode + node) * NodeWidth;
                    for (int entry = first; entry <= last; entry++)
                    {
                        int slot = entry << (NodeShift * level);
                        heads[entry - first] = KeyHead.Of(table.KeyAt(slot), table.LengthAt(slot), prefixLength);
                    }
                }
            }
            PrefixBytes = GC.AllocateArray<byte>(prefixBytes.Count, pinned: true);
            prefixBytes.CopyTo(PrefixBytes);
        }

        public Level[] Levels { get; }

        public long[] HeadBuffer { get; }

        /// <summary>The first head, 64-byte aligned, inside <see cref="HeadBuffer"/>.</summary>
        public long* Heads { get; }

        public NodePrefix[] Prefixes { get; }

        public byte[] PrefixBytes { get; }

        private static int NodeCount(int entries) => (entries + NodeWidth - 1) >> NodeShift;
    }
}
