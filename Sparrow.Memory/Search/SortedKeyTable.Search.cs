using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace Sparrow;

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
    /// <param name="length">The key's length; not negative.</param>
    /// <returns><inheritdoc cref="Search(ReadOnlySpan{byte})" path="/returns"/></returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative.</exception>
    public int Search(byte* key, int length) =>
        // The one place a path is chosen (IsSupported folds to a constant when the method is compiled).
        HeadScanVector512.IsSupported ? Search<HeadScanVector512>(key, length)
        : HeadScanVector256.IsSupported ? Search<HeadScanVector256>(key, length)
        : HeadScanVector128.IsSupported ? Search<HeadScanVector128>(key, length)
        : Search<HeadScanScalar>(key, length);

    /// <summary>The search with one node scan: called directly by the tests, for every path this machine runs.</summary>
    internal int Search<TScan>(byte* key, int length) where TScan : struct, IHeadScan
    {
        if (length < 0)
            ThrowNegativeLength(length);
        if (Count == 0)
            return ~0;

        // PERF: a key shorter than 8 bytes is read from the end of an 8-byte local, so every head can load the
        // 8 bytes that end at the key's end (KeyHead.Of) without reading before the caller's bytes.
        ulong shortKey = 0;
        if (length < sizeof(ulong))
        {
            byte* end = (byte*)&shortKey + sizeof(ulong);
            Memory.CopyInline(end - length, key, length);
            key = end - length;
        }

        int node = 0;
        for (int level = _topLevel; level > 0; level--)
        {
            int position = Locate<TScan>(level, node, key, length, out bool equal);
            if (equal)
                return ((node << NodeShift) + position) << (NodeShift * level);
            // The child is the last entry not above the key; before the first entry only on the leftmost path.
            node = (node << NodeShift) + Math.Max(position - 1, 0);
        }
        int slot = (node << NodeShift) + Locate<TScan>(0, node, key, length, out bool found);
        return found ? slot : ~slot;
    }

    /// <summary>
    /// Where <paramref name="key"/> falls among the entries of one node: how many are below it, and whether the
    /// next one equals it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int Locate<TScan>(int level, int node, byte* key, int length, out bool equal) where TScan : struct, IHeadScan
    {
        equal = false;
        Level current = _levels[level];
        int entries = Math.Min(current.Entries - (node << NodeShift), NodeWidth);
        int globalNode = current.FirstNode + node;
        NodePrefix prefix = _prefixes[globalNode];

        // Every entry starts with the node's prefix: a key that does not is below or above them all.
        int common = Math.Min(length, prefix.Length);
        int order = Memory.CompareInline(key, _prefixBase + prefix.Start, common);
        if (order != 0 | common < prefix.Length)
            return order > 0 ? entries : 0;

        long head = KeyHead.Of(key, length, prefix.Length);
        TScan.Count(_heads + (nint)globalNode * NodeWidth, head, out int less, out int same);
        if (same == 0)
            return less;
        if (KeyHead.HoldsWholeKey(head))
        {
            equal = true;
            return less;
        }
        return less + BreakTie(level, (node << NodeShift) + less, same, key, length, prefix.Length + KeyHead.Bytes, out equal);
    }

    /// <summary>
    /// Among the <paramref name="count"/> entries from <paramref name="first"/> of a level whose heads equal the
    /// key's (all of them, and the key, go on past the head), how many are below the key, and whether the next
    /// one equals it: a binary search on the bytes after <paramref name="offset"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private int BreakTie(int level, int first, int count, byte* key, int length, int offset, out bool equal)
    {
        int lo = 0, hi = count;
        while (lo < hi)
        {
            int mid = (lo + hi) >>> 1;
            int slot = (first + mid) << (NodeShift * level);
            int order = Memory.Compare(KeyAt(slot) + offset, LengthAt(slot) - offset, key + offset, length - offset);
            if (order == 0)
            {
                equal = true;
                return mid;
            }
            if (order < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        equal = false;
        return lo;
    }

    [DoesNotReturn]
    private static void ThrowNegativeLength(int length) =>
        throw new ArgumentOutOfRangeException(nameof(length), length, "The key's length must not be negative.");
}
