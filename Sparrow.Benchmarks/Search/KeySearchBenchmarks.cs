using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;
using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>
/// The storage-engine workload: 50,000 document-id keys sorted in one unmanaged block, each looked up
/// in insertion order by binary search (about 16 compares a lookup, 800,000 an invocation), and in a
/// <see cref="SortedKeyTable"/> over the same keys. Reported per lookup. Every binary search runs the same
/// loop; only the key comparer differs.
/// </summary>
[WithoutAvx512]
public unsafe class KeySearchBenchmarks
{
    private const int KeyCount = 50_000;

    private SortedKeyBlock _keys = null!;
    private SortedKeyTable _table = null!;

    /// <summary>The keys and probes this benchmark searches (also what the README's table memory figures are built from).</summary>
    internal static SortedKeyBlock KeySet() => new(KeyCount, seed: 2015);

    [GlobalSetup]
    public void Setup()
    {
        _keys = KeySet();
        _table = KeyLookups.Build(_keys);
        // Every comparer must find every key in its own slot, or its timing means nothing.
        KeyLookups.VerifyBinarySearch<SpanKeys>(_keys);
        KeyLookups.VerifyBinarySearch<SparrowKeys>(_keys);
        KeyLookups.VerifyBinarySearch<PrefixThenLength<SparrowInlineComparer>>(_keys);
        KeyLookups.VerifyBinarySearch<PrefixThenLength<MemcmpComparer>>(_keys);
        KeyLookups.VerifyBinarySearch<PrefixThenLength<UIntStrideComparer>>(_keys);
        KeyLookups.VerifySearch(_table, _keys);
    }

    [GlobalCleanup]
    public void Cleanup() => _keys.Dispose();

    [Benchmark(Baseline = true, OperationsPerInvoke = KeyCount), BenchmarkCategory(Category.Alternative, Category.Headline, Category.HeadlineWithoutAvx512)]
    public long SequenceCompareTo() => KeyLookups.BinarySearchAll<SpanKeys>(_keys);

    [Benchmark(OperationsPerInvoke = KeyCount), BenchmarkCategory(Category.Sparrow, Category.Headline, Category.HeadlineWithoutAvx512)]
    [Target(0.8, nameof(Memcmp))]
    [Target(0.8, nameof(SequenceCompareTo))]
    public long Compare() => KeyLookups.BinarySearchAll<SparrowKeys>(_keys);

    [Benchmark(OperationsPerInvoke = KeyCount), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(0.8, nameof(Memcmp))]
    [Target(0.8, nameof(SequenceCompareTo))]
    public long CompareInline() => KeyLookups.BinarySearchAll<PrefixThenLength<SparrowInlineComparer>>(_keys);

    // The A/A pair of the publish gate at a slower scale: exactly CompareInline's code, measured as a case of its own.
    [Benchmark(OperationsPerInvoke = KeyCount), BenchmarkCategory(Category.Reference, Category.Headline), SameCodeAs(nameof(CompareInline))]
    public long CompareInlineAgain() => KeyLookups.BinarySearchAll<PrefixThenLength<SparrowInlineComparer>>(_keys);

    [Benchmark(OperationsPerInvoke = KeyCount), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public long Memcmp() => KeyLookups.BinarySearchAll<PrefixThenLength<MemcmpComparer>>(_keys);

    [Benchmark(OperationsPerInvoke = KeyCount), BenchmarkCategory(Category.Historical, Category.Headline)]
    public long UIntStride() => KeyLookups.BinarySearchAll<PrefixThenLength<UIntStrideComparer>>(_keys);

    /// <summary>The same lookups in a <see cref="SortedKeyTable"/>: integer heads in 16-entry nodes instead of key compares.</summary>
    [Benchmark(OperationsPerInvoke = KeyCount), BenchmarkCategory(Category.Sparrow, Category.Headline, Category.HeadlineWithoutAvx512)]
    [Target(0.4, nameof(CompareInline))]
    public long Search() => KeyLookups.SearchAll(_table, _keys);
}
