using System.Diagnostics.CodeAnalysis;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

public sealed unsafe partial class SortedKeyTable
{
    /// <summary>Finds a key.</summary>
    /// <param name="key">The key to find.</param>
    /// <returns>
    /// The slot of <paramref name="key"/> when the table holds it; otherwise the bitwise complement of the slot of
    /// the first larger key (<see cref="Count"/> when there is none), as <see cref="Array.BinarySearch{T}(T[], T, IComparer{T})"/>
    /// returns: <c>~result</c> is where a range scan from <paramref name="key"/> starts.
    /// </returns>
    public int Search(ReadOnlySpan<byte> key)
    {
        fixed (byte* p = key)
            return Search(p, key.Length);
    }

    /// <summary>Finds a key in native memory (a page, a mapped file).</summary>
    /// <param name="key">The key's first byte.</param>
    /// <param name="byteCount">The key's length; not negative.</param>
    /// <returns><inheritdoc cref="Search(ReadOnlySpan{byte})" path="/returns"/></returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="byteCount"/> is negative.</exception>
    public int Search(byte* key, int byteCount) =>
        // The one place a path is chosen (IsSupported folds to a constant when the method is compiled).
        HeadScanVector512.IsSupported ? Search<HeadScanVector512>(key, byteCount)
        : HeadScanVector256.IsSupported ? Search<HeadScanVector256>(key, byteCount)
        : HeadScanVector128.IsSupported ? Search<HeadScanVector128>(key, byteCount)
        : Search<HeadScanScalar>(key, byteCount);

    /// <summary>The search with one node scan: called directly by the tests, for every path this machine runs.</summary>
    // PERF: inlined into Search(byte*, int), so a search makes one call, to the search of its scan and start width.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal int Search<TScan>(byte* key, int length) where TScan : struct, IHeadScan =>
        // The width of the key starts is the table's, fixed when it was built (StoreStarts).
        _twoByteStarts ? Search<TScan, TwoByteKeyStarts>(key, length) : Search<TScan, FourByteKeyStarts>(key, length);

    /// <summary>The search with one node scan over a table whose key starts are <typeparamref name="TStarts"/>.</summary>
    // PERF: never inlined into a caller. A caller's tier-1 code that takes it in (the benchmarks' loops did, with
    // the dispatch above) runs out of inlining budget and leaves Locate and the scan as calls; compiled on its own,
    // everything is inlined, and it is the code tools/il-dump checks.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private int Search<TScan, TStarts>(byte* key, int length) where TScan : struct, IHeadScan where TStarts : struct, IKeyStarts
    {
        if (length < 0)
            ThrowNegativeLength(length);
        if (Count == 0)
            return ~0;

        // PERF: a key shorter than 8 bytes is read from the end of an 8-byte local, so every head can load the
        // 8 bytes that end at the key's end (KeyHead) without reading before the caller's bytes; the words built in
        // a register need no such copy (a short key is read with a masked load).
        ulong shortKey = 0;
        if (length < sizeof(ulong) && !KeyWordsInRegister<TScan>(length))
        {
            byte* end = (byte*)&shortKey + sizeof(ulong);
            Bytes.CopyInline(key, end - length, length);
            key = end - length;
        }

        int node = 0;
        for (int level = _topLevel; ; level--)
        {
            int located = Locate<TScan, TStarts>(level, node, key, length);
            if (located < 0)
                return ((node << NodeShift) + ~located) << (NodeShift * level);
            int entry = (node << NodeShift) + located;
            if (level == 0)
                return ~entry;
            // The child is the last entry below the key; the first one only on the leftmost path, where the key can be below all.
            node = Math.Max(entry - 1, node << NodeShift);
        }
    }

    /// <summary>
    /// Where <paramref name="key"/> falls among the entries of one node: how many are below it, or its complement
    /// when the next one equals the key.
    /// </summary>
    // PERF: the match is the sign of the count, not an out parameter: a flag the descent tests in a register,
    // where an out bool (passed on to BreakTie) lived on the stack, written and read back at every level.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int Locate<TScan, TStarts>(int level, int node, byte* key, int length) where TScan : struct, IHeadScan where TStarts : struct, IKeyStarts
    {
        NodeLevel* nodeLevel = _levels + level;
        NodeHeader* header = _headers + nodeLevel->FirstNode + node;
        int prefixLength = header->PrefixLength;
        // A node whose heads start past the prefix the key is known to share: the bytes in between decide first.
        if (header->CheckedFrom != prefixLength)
        {
            int order = ComparePrefix<TStarts>(level, node, key, length, header->CheckedFrom, prefixLength);
            if (order != 0)
                return order > 0 ? 0 : header->Entries;
        }

        uint below = 0, tied = (1u << NodeWidth) - 1;
        if (nodeLevel->ComparesLeads)
        {
            // PERF: in a level too large for the cache, the header, the leads and the heads are all found from the
            // node's number, so their cache lines are fetched at once: the leads and the header by the loads below,
            // the first word of the heads (two lines), compared when a lead ties, by a prefetch.
            long* heads = _heads + nodeLevel->HeadsAt + (nint)node * nodeLevel->Words * NodeWidth;
            if (Sse.IsSupported)
            {
                Sse.Prefetch0(heads);
                Sse.Prefetch0(heads + NodeWidth / 2);
            }
            int* leads = _leads + nodeLevel->LeadsAt + (nint)node * NodeWidth;
            if (KeyWordsInRegister<TScan>(length))
                HeadScanVector512.CompareLeads(leads, KeyWordsVector512.Lead(key, length, prefixLength), out below, out tied);
            else
                TScan.CompareLeads(leads, KeyHead.Lead(key, length, prefixLength), out below, out tied);
            // An unused slot's lead (int.MaxValue) is never below a key's, but equals the lead of a key of 0xFF bytes.
            tied &= (1u << header->Entries) - 1;
            if (tied == 0)
                return BitOperations.PopCount(below);
        }

        int words = header->Words;
        bool holdsWholeKey = false;
        int offset = prefixLength;
        if (words > 0)
        {
            long* heads = _heads + (nint)header->HeadsAt * NodeWidth;
            // The heads compared word by word: an entry is below the key when it is below in a word where all
            // earlier words are equal (the leads' order is their first words').
            // PERF: every word of the node is compared, with no exit once no entry is tied: the loop's trip count is
            // the node's, where an exit on the tie mask would depend on the key and mispredict.
            below = 0;
            tied = (1u << NodeWidth) - 1;
            if (KeyWordsInRegister<TScan>(length))
            {
                holdsWholeKey = KeyWordsVector512.Scan(heads, key, length, prefixLength, words, out below, out tied);
            }
            else
            {
                for (int word = 0; word < words - 1; word++)
                {
                    TScan.Compare(heads + word * NodeWidth, KeyHead.Word(key, length, prefixLength, word), out uint wordBelow, out uint wordEqual);
                    below |= tied & wordBelow;
                    tied &= wordEqual;
                }
                long last = KeyHead.Last(key, length, prefixLength, words);
                TScan.Compare(heads + (words - 1) * NodeWidth, last, out uint lastBelow, out uint lastEqual);
                below |= tied & lastBelow;
                tied &= lastEqual;
                holdsWholeKey = KeyHead.HoldsWholeKey(last, words);
            }
            offset += KeyHead.BytesOf(words);
        }
        // Else the leads tied: the key bytes decide from the prefix on (a lead holds no count, so the key or an
        // entry may end inside it).
        int lessCount = BitOperations.PopCount(below);
        int same = BitOperations.PopCount(tied);
        if (same == 0)
            return lessCount;
        // PERF: in a level too large for the cache, a head that holds the whole key decides without the entry's
        // bytes (a cache miss). A smaller level (its entries' bytes in cache) does not test it: whether the head held
        // the key depends on the key's length past the node's prefix and mispredicts on keys of mixed lengths. The
        // level's number is tested against a field, not nodeLevel again: that pointer would stay live across the
        // scan, which has no register to spare for it.
        if (level < _levelsWithLeads && holdsWholeKey)
            return ~lessCount;
        // PERF: a tie is nearly always one entry: the key itself, whose head may hold it whole, or a key that shares
        // the head's bytes and goes on. It is compared here, inlined, from the prefix on (the bytes the head holds
        // compare equal, and a key the head held ends before its offset). A run of several (never whole keys: equal
        // heads that hold whole keys are equal keys) goes to the binary search of BreakTie.
        if (same == 1)
        {
            int order = CompareEntry<TStarts>(level, (node << NodeShift) + lessCount, key, length, prefixLength);
            if (order == 0)
                return ~lessCount;
            return order < 0 ? lessCount + 1 : lessCount;
        }
        // PERF: the run's bounds go to BreakTie, which returns the node's count itself: no value waits on the call,
        // so none is saved on the stack at every level for it.
        return BreakTie<TStarts>(level, node, lessCount, lessCount + same, key, length, offset);
    }

    /// <summary>
    /// Whether a key's head words are built in a register (<see cref="KeyWordsVector512"/>): on the AVX-512 scan,
    /// with VBMI, for a key of at most <see cref="KeyWordsVector512.MaxLength"/> bytes; else read with
    /// <see cref="KeyHead.Word"/>. The one place that choice is made.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool KeyWordsInRegister<TScan>(int length) where TScan : struct, IHeadScan =>
        typeof(TScan) == typeof(HeadScanVector512) && KeyWordsVector512.IsSupported && length <= KeyWordsVector512.MaxLength;

    /// <summary>
    /// The first entry of a node against the key, in key order, over the bytes from <paramref name="from"/> (the key
    /// has those before it) to <paramref name="to"/> (every entry has those): the entry's prefix against the key's.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int ComparePrefix<TStarts>(int level, int node, byte* key, int length, int from, int to) where TStarts : struct, IKeyStarts
    {
        byte* entry = _keys + TStarts.At(_starts, node << (NodeShift * (level + 1)));
        int order = Bytes.CompareInline(entry + from, key + from, Math.Min(to, length) - from);
        // A key that ends inside the prefix is below every entry.
        return order != 0 ? order : (length < to ? 1 : 0);
    }

    /// <summary>
    /// Where <paramref name="key"/> falls among the entries <paramref name="lo"/> to <paramref name="hi"/> (excluded)
    /// of a node, whose heads equal the key's (all of them, and the key, go on past the head), the entries before
    /// them being below it: how many of the node's entries are below the key, or its complement when the next one
    /// equals it. A binary search on the bytes after <paramref name="offset"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private int BreakTie<TStarts>(int level, int node, int lo, int hi, byte* key, int length, int offset) where TStarts : struct, IKeyStarts
    {
        while (lo < hi)
        {
            int mid = (lo + hi) >>> 1;
            int order = CompareEntry<TStarts>(level, (node << NodeShift) + mid, key, length, offset);
            if (order == 0)
                return ~mid;
            if (order < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo;
    }

    /// <summary>
    /// The entry <paramref name="entry"/> of a level against the key, in key order, from byte <paramref name="offset"/>
    /// (both are at least as long: the bytes before it are equal).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int CompareEntry<TStarts>(int level, int entry, byte* key, int length, int offset) where TStarts : struct, IKeyStarts
    {
        int slot = entry << (NodeShift * level);
        byte* starts = _starts;
        int start = TStarts.At(starts, slot);
        int entryLength = TStarts.At(starts, slot + 1) - start;
        int order = Bytes.CompareInline(_keys + start + offset, key + offset, Math.Min(entryLength, length) - offset);
        return order != 0 ? order : entryLength - length;
    }

    [DoesNotReturn]
    private static void ThrowNegativeLength(int length) =>
        throw new ArgumentOutOfRangeException("byteCount", length, "The key's length must not be negative.");
}
