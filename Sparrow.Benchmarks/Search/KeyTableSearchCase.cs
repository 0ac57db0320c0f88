using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>
/// A key set looked up three ways, each probe once an operation: <see cref="SortedKeyTable.Search(byte*, int)"/>,
/// and the binary search over the same keys in native memory with <see cref="Bytes.CompareInline"/> (the yardstick
/// of the targets) and with SequenceCompareTo (what the BCL offers). The benchmark classes name the key set
/// and the goals.
/// </summary>
public abstract class KeyTableSearchCase
{
    private SortedKeyBlock _keys = null!;
    private SortedKeyTable _table = null!;

    /// <summary>Builds the table over <paramref name="keys"/> and checks every way against the expected slots.</summary>
    private protected void SetUp(SortedKeyBlock keys)
    {
        _keys = keys;
        _table = KeyLookups.Build(keys);
        KeyLookups.VerifyBinarySearch<PrefixThenLength<SparrowInlineComparer>>(keys);
        KeyLookups.VerifyBinarySearch<SpanKeys>(keys);
        KeyLookups.VerifySearch(_table, keys);
    }

    /// <summary>Frees the keys' native memory.</summary>
    protected void TearDown() => _keys.Dispose();

    protected long SearchTable() => KeyLookups.SearchAll(_table, _keys);

    protected long BinarySearchCompareInline() => KeyLookups.BinarySearchAll<PrefixThenLength<SparrowInlineComparer>>(_keys);

    protected long BinarySearchSequenceCompareTo() => KeyLookups.BinarySearchAll<SpanKeys>(_keys);
}
