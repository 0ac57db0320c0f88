using System.Runtime.InteropServices;

namespace Sparrow.Storage;

/// <summary>
/// An immutable set of byte keys in key order (<see cref="Bytes.Compare(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/>:
/// bytes, then the shorter key first), built once and searched many times: a symbol table, an SSTable's index
/// block, a B+tree page frozen for reading. A search returns what <see cref="Array.BinarySearch{T}(T[], T, IComparer{T})"/>
/// would over the same keys, without allocating, touching key bytes only where integer heads tie.
/// </summary>
/// <remarks>
/// <para>
/// The keys are stored once, back to back in one buffer, found through 2-byte starts when they hold at most
/// <see cref="ushort.MaxValue"/> bytes together, else 4-byte ones (the bytes saved go to wider heads). Over them sits a static B+tree of nodes of
/// <see cref="NodeWidth"/> entries: a leaf node holds 16 consecutive keys, an inner node the first keys of 16
/// consecutive nodes below it. Each node skips the prefix that every key between its first entry and the next
/// node's shares (so a search never compares it: a key the search brings to the node has it), or the longer
/// prefix its own entries share, when that tells them apart in fewer words (a search then checks the key's bytes
/// in between first). It stores for each entry a head of the bytes after that prefix (<see cref="KeyHead"/>): up
/// to <see cref="MaxWords"/> words, the fewest that tell neighbouring entries apart (in a level, the widest any of
/// its nodes wants, for all, where the bound allows), granted root first while the table stays within 1.5 times its
/// key bytes plus 8 bytes a key. Each word of a node's 16 heads fills two cache
/// lines and is compared to the searched key's at once with vector instructions. In a level of more than 16 nodes,
/// too large to stay in cache, each node also has leads, the first 4 bytes of its heads in one cache line, compared
/// first; its heads are compared only when a lead ties, and have the same width in every node of the level, so that
/// a node's header, leads and heads are all found from its number and fetched at once. A search descends from the root,
/// one node per level, and reads key bytes only to break a tie between heads of keys that share the whole head
/// past their node's prefix and go on (the remaining bytes are compared in key order then).
/// </para>
/// <para>
/// A table is safe to search from many threads at once. The memory it holds is <see cref="TableBytes"/>, beside
/// <see cref="KeyBytes"/> of key bytes.
/// </para>
/// </remarks>
public sealed unsafe partial class SortedKeyTable
{
    /// <summary>Entries per node: 16 heads, two 64-byte cache lines a word; 16 leads, one.</summary>
    internal const int NodeWidth = 16;

    /// <summary>log2 of <see cref="NodeWidth"/>.</summary>
    internal const int NodeShift = 4;

    /// <summary>
    /// The widest head, in words: 31 key bytes past the node's prefix. Each node takes the fewest words that tell
    /// its neighbouring entries apart (one in most leaves), up to this.
    /// </summary>
    internal const int MaxWords = 4;

    /// <summary>The bytes of a cache line: what the headers, the leads and the heads are aligned to.</summary>
    private const int CacheLine = 64;

    /// <summary>Bytes before the first key in <see cref="_keyBuffer"/>, so a head of a short key can read the 8 bytes ending at its end.</summary>
    private const int KeyPadding = sizeof(ulong);

    // Every array is on the pinned object heap: the pointers below stay valid while this table lives.
    private readonly byte[] _keyBuffer;
    private readonly byte[] _startBuffer;
    private readonly byte[] _headerBuffer;
    private readonly byte[] _leadBuffer;
    private readonly byte[] _headBuffer;
    private readonly NodeLevel[] _levelArray;

    private readonly byte* _keys;
    private readonly byte* _starts;
    private readonly bool _twoByteStarts;
    private readonly NodeHeader* _headers;
    private readonly int* _leads;
    private readonly long* _heads;
    private readonly NodeLevel* _levels;
    private readonly int _topLevel;
    // The levels with leads (too large for the cache) are the lowest: levels 0 to this one less.
    private readonly int _levelsWithLeads;
    private readonly int _nodes;

    /// <summary>The number of keys.</summary>
    public int Count { get; }

    /// <summary>The bytes of all keys together, as given.</summary>
    public long KeyBytes { get; }

    /// <summary>
    /// The bytes this table holds: the keys (stored once), their offsets, the heads and the nodes' headers (array
    /// contents, without the few dozen bytes of object headers). At most 1.5 times <see cref="KeyBytes"/> plus 8
    /// bytes a key, unless the keys are so short (a few bytes) that offsets and one word of heads exceed that.
    /// </summary>
    public long TableBytes { get; }

    /// <summary>The key at slot <paramref name="index"/> (0 is the smallest): a view of the table's own bytes, no copy.</summary>
    /// <param name="index">The slot, 0 to <see cref="Count"/> - 1.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is negative or not below <see cref="Count"/>.</exception>
    public ReadOnlySpan<byte> this[int index]
    {
        get
        {
            if ((uint)index >= (uint)Count)
                ThrowIndexOutOfRange(index);
            return new ReadOnlySpan<byte>(KeyAt(index), LengthAt(index));
        }
    }

    /// <summary>Builds a table from keys in ascending key order.</summary>
    /// <param name="sortedKeys">
    /// The keys, strictly ascending in <see cref="Bytes.Compare(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/> order (bytes,
    /// then the shorter key first); an empty key is allowed (it is the smallest). The bytes are copied.
    /// </param>
    /// <returns>The table.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="sortedKeys"/> or one of its keys is null.</exception>
    /// <exception cref="ArgumentException">A key is not greater than the key before it (out of order or repeated); the message names its index.</exception>
    public static SortedKeyTable Create(IEnumerable<byte[]> sortedKeys)
    {
        ArgumentNullException.ThrowIfNull(sortedKeys);
        byte[][] keys = sortedKeys as byte[][] ?? [.. sortedKeys];
        long total = 0;
        for (int i = 0; i < keys.Length; i++)
            total += keys[i]?.Length ?? throw new ArgumentNullException(nameof(sortedKeys), $"Key {i} is null.");
        byte[] buffer = AllocateKeyBuffer(total);
        int[] starts = GC.AllocateUninitializedArray<int>(keys.Length + 1);
        int offset = 0;
        for (int i = 0; i < keys.Length; i++)
        {
            starts[i] = offset;
            keys[i].CopyTo(buffer.AsSpan(KeyPadding + offset));
            offset += keys[i].Length;
        }
        starts[keys.Length] = offset;
        return new SortedKeyTable(buffer, starts, nameof(sortedKeys));
    }

    /// <summary>
    /// Builds a table from keys laid back to back, as an engine holds them in a page or a mapped file (a span
    /// over native memory serves as well as an array).
    /// </summary>
    /// <param name="keyBytes">The keys' bytes, one key after the other in ascending key order (see <see cref="Create(IEnumerable{byte[]})"/>). They are copied.</param>
    /// <param name="keyLengths">The length of each key, in order; they add up to the length of <paramref name="keyBytes"/>.</param>
    /// <returns>The table.</returns>
    /// <exception cref="ArgumentException">
    /// A length is negative, the lengths do not add up to the length of <paramref name="keyBytes"/>, or a key is
    /// not greater than the key before it (the message names its index).
    /// </exception>
    public static SortedKeyTable Create(ReadOnlySpan<byte> keyBytes, ReadOnlySpan<int> keyLengths)
    {
        int[] starts = GC.AllocateUninitializedArray<int>(keyLengths.Length + 1);
        long offset = 0;
        for (int i = 0; i < keyLengths.Length; i++)
        {
            if (keyLengths[i] < 0)
                throw new ArgumentException($"Key {i} has a negative length ({keyLengths[i]}).", nameof(keyLengths));
            starts[i] = (int)Math.Min(offset, int.MaxValue);
            offset += keyLengths[i];
        }
        if (offset != keyBytes.Length)
            throw new ArgumentException($"The key lengths add up to {offset} bytes, but {keyBytes.Length} key bytes were given.", nameof(keyLengths));
        starts[keyLengths.Length] = (int)offset;
        byte[] buffer = AllocateKeyBuffer(offset);
        keyBytes.CopyTo(buffer.AsSpan(KeyPadding));
        return new SortedKeyTable(buffer, starts, nameof(keyBytes));
    }

    private SortedKeyTable(byte[] keyBuffer, int[] keyStarts, string keysParameter)
    {
        _keyBuffer = keyBuffer;
        Count = keyStarts.Length - 1;
        KeyBytes = keyStarts[Count];
        _keys = (byte*)Marshal.UnsafeAddrOfPinnedArrayElement(keyBuffer, KeyPadding);
        _twoByteStarts = keyStarts[Count] <= ushort.MaxValue;
        _startBuffer = _twoByteStarts ? StoreStarts<TwoByteKeyStarts>(keyStarts) : StoreStarts<FourByteKeyStarts>(keyStarts);
        _starts = (byte*)Marshal.UnsafeAddrOfPinnedArrayElement(_startBuffer, 0);
        ThrowIfNotAscending(keysParameter);

        var layout = new NodeLayout(this);
        _headerBuffer = layout.HeaderBuffer;
        _headers = layout.Headers;
        _leadBuffer = layout.LeadBuffer;
        _leads = layout.Leads;
        _headBuffer = layout.HeadBuffer;
        _heads = layout.Heads;
        _levelArray = layout.Levels;
        _nodes = layout.Nodes;
        _levels = (NodeLevel*)Marshal.UnsafeAddrOfPinnedArrayElement(_levelArray, 0);
        _topLevel = _levelArray.Length - 1;
        _levelsWithLeads = _levelArray.Count(level => level.ComparesLeads);

        TableBytes = _keyBuffer.Length + (long)_startBuffer.Length + _headerBuffer.Length + (long)_leadBuffer.Length
            + _headBuffer.Length + (long)_levelArray.Length * sizeof(NodeLevel);
    }

    /// <summary>Every node's header, from the root down (for tests of the layout).</summary>
    internal ReadOnlySpan<NodeHeader> NodeHeaders => new(_headers, _nodes);

    /// <summary>Every level, from the leaves up (for tests of the layout).</summary>
    internal ReadOnlySpan<NodeLevel> Levels => _levelArray;

    /// <summary>The bytes of each key start: 2 or 4 (for tests of the layout).</summary>
    internal int StartBytes => _twoByteStarts ? TwoByteKeyStarts.Width : FourByteKeyStarts.Width;

    /// <summary>The key at slot <paramref name="slot"/>, which must exist.</summary>
    private byte* KeyAt(int slot) => _keys + StartAt(slot);

    private int LengthAt(int slot) => StartAt(slot + 1) - StartAt(slot);

    /// <summary>Where key <paramref name="slot"/> (0 to <see cref="Count"/>; <see cref="Count"/> is the end of the last) starts in the key bytes.</summary>
    private int StartAt(int slot) => _twoByteStarts ? TwoByteKeyStarts.At(_starts, slot) : FourByteKeyStarts.At(_starts, slot);

    /// <summary>The starts in <typeparamref name="TStarts"/>' width, in pinned bytes.</summary>
    private static byte[] StoreStarts<TStarts>(int[] keyStarts) where TStarts : struct, IKeyStarts
    {
        byte[] buffer = GC.AllocateUninitializedArray<byte>(keyStarts.Length * TStarts.Width, pinned: true);
        fixed (byte* starts = buffer)
        {
            for (int i = 0; i < keyStarts.Length; i++)
                TStarts.Put(starts, i, keyStarts[i]);
        }
        return buffer;
    }

    private static byte[] AllocateKeyBuffer(long keyBytes)
    {
        if (keyBytes > Array.MaxLength - KeyPadding)
            throw new ArgumentException($"The keys hold {keyBytes} bytes; a table holds at most {Array.MaxLength - KeyPadding}.");
        return GC.AllocateArray<byte>(KeyPadding + (int)keyBytes, pinned: true);
    }

    private void ThrowIfNotAscending(string keysParameter)
    {
        for (int i = 1; i < Count; i++)
        {
            if (Bytes.Compare(KeyAt(i - 1), LengthAt(i - 1), KeyAt(i), LengthAt(i)) >= 0)
                throw new ArgumentException($"Key {i} is not greater than key {i - 1}: keys must be strictly ascending in key order.", keysParameter);
        }
    }

    private static void ThrowIndexOutOfRange(int index) =>
        throw new ArgumentOutOfRangeException(nameof(index), index, "The index must be at least 0 and below Count.");
}
