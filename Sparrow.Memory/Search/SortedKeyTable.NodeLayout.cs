using System.Runtime.InteropServices;

namespace Sparrow.Storage;

public sealed unsafe partial class SortedKeyTable
{
    /// <summary>
    /// Builds the tree over a table's keys: the levels (leaves first in the building, root first in memory),
    /// each node's header (prefix, head width) and each entry's head.
    /// </summary>
    private sealed class NodeLayout
    {
        private readonly SortedKeyTable _table;

        public NodeLayout(SortedKeyTable table)
        {
            _table = table;
            // Level 0 holds every key; level L + 1 holds the first entry of each node of level L, until one node holds a level.
            var entries = new List<int>();
            for (int count = table.Count; count > 0; count = NodeCount(count))
            {
                entries.Add(count);
                if (count <= NodeWidth)
                    break;
            }

            FirstNodes = new int[entries.Count];
            int nodes = 0;
            for (int level = entries.Count - 1; level >= 0; level--)
            {
                FirstNodes[level] = nodes;
                nodes += NodeCount(entries[level]);
            }
            Nodes = nodes;

            // Per node: the byte its heads start at, the prefix a key brought to it shares, its entries, and the
            // words its heads want.
            var prefixes = new int[nodes];
            var shares = new int[nodes];
            var counts = new int[nodes];
            var wanted = new int[nodes];
            var sharedWanted = new int[nodes];
            for (int level = entries.Count - 1; level >= 0; level--)
            {
                int nodeCount = NodeCount(entries[level]);
                for (int node = 0; node < nodeCount; node++)
                {
                    int index = FirstNodes[level] + node;
                    int first = node << NodeShift;
                    int count = Math.Min(NodeWidth, entries[level] - first);
                    // A search reaches a node other than the first of its level only with a key not below the node's
                    // first entry, and a node other than the last only with a key below the next node's first entry:
                    // such a key shares the prefix of those two bounds, and so does every entry. The first and last
                    // node of a level have a bound missing and use no prefix.
                    int shared = node == 0 || node == nodeCount - 1
                        ? 0
                        : SlotKey(level, first).CommonPrefixLength(SlotKey(level, first + NodeWidth));
                    // The entries may share more among themselves (a node of padded numbers beside unpadded ones, a
                    // node at the edge of the table): heads after that longer prefix can tell them apart in fewer words,
                    // at the price of checking the key's bytes in between. Taken only when it saves words.
                    int own = SlotKey(level, first).CommonPrefixLength(SlotKey(level, first + count - 1));
                    int sharedWords = WordsToTellApart(level, first, count, shared);
                    int ownWords = WordsToTellApart(level, first, count, own);
                    (prefixes[index], wanted[index]) = ownWords < sharedWords ? (own, ownWords) : (shared, sharedWords);
                    wanted[index] = Math.Min(wanted[index], MaxWords);
                    sharedWanted[index] = sharedWords;
                    shares[index] = shared;
                    counts[index] = count;
                }
            }

            // Words of heads are granted while the table stays within its memory bound (KeyBytes × 1.5 + 8 bytes a
            // key), to the upper levels first (every search passes there; nodes are numbered from the root down). A
            // small level (at most NodeWidth nodes: in cache) has a word in every node to start with; a large level
            // has leads (one cache line a node) and its words are granted level by level, the same to every node, so
            // that a node's heads are found from its number: a word to each large level that wants one, root first,
            // then a second, and so on. A level without words breaks a tie of leads with the key bytes.
            long bound = table.KeyBytes + table.KeyBytes / 2 + 8L * table.Count;
            long fixedBytes = KeyPadding + table.KeyBytes + table._startBuffer.Length + 3 * CacheLine
                + (long)nodes * sizeof(NodeHeader) + (long)entries.Count * sizeof(NodeLevel);
            for (int level = 0; level < entries.Count; level++)
                fixedBytes += (long)NodeCount(entries[level]) * NodeWidth * (HasLeads(entries[level]) ? sizeof(int) : sizeof(long));
            long spareBlocks = Math.Max(0, (bound - fixedBytes) / (NodeWidth * sizeof(long)));
            var words = new int[nodes];
            for (int level = 0; level < entries.Count; level++)
                Array.Fill(words, HasLeads(entries[level]) ? 0 : 1, FirstNodes[level], NodeCount(entries[level]));

            // PERF: a small level gives every node the widest head any of its nodes wants, root first, while the
            // bound allows: the loop over a node's words then runs the same count at every node of the level, where
            // mixed counts mispredict its exit.
            for (int level = entries.Count - 1; level >= 0 && !HasLeads(entries[level]); level--)
            {
                int first = FirstNodes[level], nodeCount = NodeCount(entries[level]);
                int widest = Enumerable.Range(first, nodeCount).Max(index => wanted[index]);
                if ((long)(widest - 1) * nodeCount > spareBlocks)
                    break;
                Array.Fill(words, widest, first, nodeCount);
                spareBlocks -= (long)(widest - 1) * nodeCount;
            }

            for (int word = 1; word <= MaxWords; word++)
            {
                for (int level = entries.Count - 1; level >= 0; level--)
                {
                    int first = FirstNodes[level], nodeCount = NodeCount(entries[level]);
                    if (HasLeads(entries[level]) && words[first] == word - 1 && nodeCount <= spareBlocks
                        && Enumerable.Range(first, nodeCount).Any(index => wanted[index] >= word))
                    {
                        Array.Fill(words, word, first, nodeCount);
                        spareBlocks -= nodeCount;
                    }
                }
            }

            // Then the small levels' nodes that want more, root first, and in a level those that want the fewest
            // first (most nodes told apart for the bytes).
            foreach (int index in Enumerable.Range(0, nodes).OrderBy(i => (LevelOf(i), wanted[i])))
            {
                if (HasLeads(entries[FirstNodes.Length - 1 - LevelOf(index)]))
                    continue;
                int more = (int)Math.Min(Math.Max(0, wanted[index] - words[index]), spareBlocks);
                words[index] += more;
                spareBlocks -= more;
            }

            // A node whose heads tell its entries apart from the prefix the key is known to share needs no check of
            // the bytes in between; nor does a node without heads, whose ties are broken with the key bytes anyway.
            for (int index = 0; index < nodes; index++)
            {
                if (sharedWanted[index] <= words[index] || words[index] == 0)
                    prefixes[index] = shares[index];
            }

            // PERF: headers, leads and heads each start on a 64-byte boundary: four headers to a cache line, never
            // split; a node's 16 leads are exactly one cache line and each word of its heads exactly two, and the
            // vector paths use aligned loads.
            HeaderBuffer = GC.AllocateArray<byte>(checked(nodes * sizeof(NodeHeader)) + CacheLine, pinned: true);
            Headers = (NodeHeader*)AlignedStart(HeaderBuffer);
            int headBlocks = 0;
            for (int index = 0; index < nodes; index++)
            {
                Headers[index] = new NodeHeader(headBlocks, prefixes[index], shares[index], words[index], counts[index]);
                headBlocks = checked(headBlocks + words[index]);
            }

            Levels = GC.AllocateArray<NodeLevel>(entries.Count, pinned: true);
            int leadCount = 0;
            for (int level = entries.Count - 1; level >= 0; level--)
            {
                NodeHeader first = Headers[FirstNodes[level]];
                Levels[level] = HasLeads(entries[level])
                    ? new NodeLevel(FirstNodes[level], first.Words, (long)first.HeadsAt * NodeWidth, leadCount)
                    : new NodeLevel(FirstNodes[level], 0, 0, -1);
                leadCount += HasLeads(entries[level]) ? checked(NodeCount(entries[level]) * NodeWidth) : 0;
            }

            LeadBuffer = GC.AllocateArray<byte>(checked(leadCount * sizeof(int)) + CacheLine, pinned: true);
            Leads = (int*)AlignedStart(LeadBuffer);
            new Span<int>(Leads, leadCount).Fill(int.MaxValue);
            HeadBuffer = GC.AllocateArray<byte>(checked(headBlocks * NodeWidth * sizeof(long)) + CacheLine, pinned: true);
            Heads = (long*)AlignedStart(HeadBuffer);
            new Span<long>(Heads, headBlocks * NodeWidth).Fill(long.MaxValue);

            for (int level = 0; level < entries.Count; level++)
            {
                for (int node = 0; node < NodeCount(entries[level]); node++)
                {
                    NodeHeader header = Headers[FirstNodes[level] + node];
                    int* leads = Levels[level].ComparesLeads ? Leads + Levels[level].LeadsAt + (long)node * NodeWidth : null;
                    long* heads = Heads + (long)header.HeadsAt * NodeWidth;
                    for (int entry = 0; entry < header.Entries; entry++)
                    {
                        int slot = ((node << NodeShift) + entry) << (NodeShift * level);
                        if (leads != null)
                            leads[entry] = KeyHead.Lead(_table.KeyAt(slot), _table.LengthAt(slot), header.PrefixLength);
                        for (int word = 0; word < header.Words; word++)
                            heads[word * NodeWidth + entry] = HeadWord(level, (node << NodeShift) + entry, header.PrefixLength, word, header.Words);
                    }
                }
            }
        }

        /// <summary>Per level (0: the leaves), the number of its first node; nodes are numbered from the root down.</summary>
        private int[] FirstNodes { get; }

        /// <summary>Per level (0: the leaves), its first node, and its leads and heads when it has leads.</summary>
        public NodeLevel[] Levels { get; }

        /// <summary>The number of nodes, all levels together.</summary>
        public int Nodes { get; }

        /// <summary>The memory behind <see cref="Headers"/>.</summary>
        public byte[] HeaderBuffer { get; }

        /// <summary>Per node, in that numbering, its header; 64-byte aligned, inside <see cref="HeaderBuffer"/>.</summary>
        public NodeHeader* Headers { get; }

        /// <summary>The memory behind <see cref="Leads"/>.</summary>
        public byte[] LeadBuffer { get; }

        /// <summary>Per node, in that numbering, its 16 leads (<see cref="KeyHead.Lead"/>); 64-byte aligned, inside <see cref="LeadBuffer"/>.</summary>
        public int* Leads { get; }

        /// <summary>The memory behind <see cref="Heads"/>.</summary>
        public byte[] HeadBuffer { get; }

        /// <summary>The first head, 64-byte aligned, inside <see cref="HeadBuffer"/>.</summary>
        public long* Heads { get; }

        /// <summary>The first 64-byte boundary inside <paramref name="buffer"/> (pinned, with 64 bytes to spare).</summary>
        private static byte* AlignedStart(byte[] buffer) =>
            (byte*)(((nint)Marshal.UnsafeAddrOfPinnedArrayElement(buffer, 0) + (CacheLine - 1)) & ~(nint)(CacheLine - 1));

        /// <summary>How far from the root node <paramref name="index"/> is (0: the root).</summary>
        private int LevelOf(int index) => FirstNodes.Length - 1 - Array.FindIndex(FirstNodes, first => first <= index);

        /// <summary>
        /// Whether a level of <paramref name="entries"/> entries has leads: when it has more than
        /// <see cref="NodeWidth"/> nodes, too many to stay in cache, where one cache line a node before its heads pays.
        /// </summary>
        private static bool HasLeads(int entries) => NodeCount(entries) > NodeWidth;

        private static int NodeCount(int entries) => (entries + NodeWidth - 1) >> NodeShift;

        /// <summary>The key of entry <paramref name="entry"/> of a level.</summary>
        private ReadOnlySpan<byte> SlotKey(int level, int entry) => _table[entry << (NodeShift * level)];

        /// <summary>Word <paramref name="word"/> of the <paramref name="words"/>-word head from <paramref name="offset"/> of entry <paramref name="entry"/> of a level.</summary>
        private long HeadWord(int level, int entry, int offset, int word, int words)
        {
            int slot = entry << (NodeShift * level);
            return word < words - 1
                ? KeyHead.Word(_table.KeyAt(slot), _table.LengthAt(slot), offset, word)
                : KeyHead.Last(_table.KeyAt(slot), _table.LengthAt(slot), offset, words);
        }

        /// <summary>
        /// The fewest words (1 to <see cref="MaxWords"/>) whose heads from <paramref name="offset"/> differ for every two
        /// neighbouring entries of a node; <see cref="MaxWords"/> + 1 when even the widest heads tie somewhere.
        /// </summary>
        private int WordsToTellApart(int level, int first, int count, int offset)
        {
            for (int words = 1; words <= MaxWords; words++)
            {
                bool apart = true;
                for (int entry = first + 1; entry < first + count && apart; entry++)
                {
                    bool same = true;
                    for (int word = 0; word < words && same; word++)
                        same = HeadWord(level, entry - 1, offset, word, words) == HeadWord(level, entry, offset, word, words);
                    apart = !same;
                }
                if (apart)
                    return words;
            }
            return MaxWords + 1;
        }
    }
}
