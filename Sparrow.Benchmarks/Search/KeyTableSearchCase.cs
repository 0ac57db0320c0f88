using BenchmarkDotNet.Attributes;
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
    private readonly Func<SortedKeyBlock> _keySet;
    private SortedKeyBlock _keys = null!;
    private SortedKeyTable _table = null!;

    /// <param name="keySet">Makes the key set and its probes (the class's <c>KeySet()</c>).</param>
    private protected KeyTableSearchCase(Func<SortedKeyBlock> keySet) => _keySet = keySet;

    /// <summary>Builds the table over the key set and checks every way against the expected slots.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _keys = _keySet();
        _table = KeyLookups.Build(_keys);
        KeyLookups.VerifyBinarySearch<PrefixThenLength<SparrowInlineComparer>>(_keys);
        KeyLookups.VerifyBinarySearch<SpanKeys>(_keys);
        KeyLookups.VerifySearch(_table, _keys);
    }

    /// <summary>Frees the keys' native memory.</summary>
    [GlobalCleanup]
    public void Cleanup() => _keys.Dispose();

    protected long SearchTable() => KeyLookups.SearchAll(_table, _keys);

    protected long BinarySearchCompareInline() => KeyLookups.BinarySearchAll<PrefixThenLength<SparrowInlineComparer>>(_keys);

    protected long BinarySearchSequenceCompareTo() => KeyLookups.BinarySearchAll<SpanKeys>(_keys);
}
