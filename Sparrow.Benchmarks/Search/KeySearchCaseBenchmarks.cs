using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// The 50,000 document ids of <see cref="KeySearchBenchmarks"/>, looked up with 50,000 ids they do not hold: each
/// search returns the complement of the first larger key's slot, where a range scan starts.
/// </summary>
[WithoutAvx512]
public class KeySearchAbsentBenchmarks() : KeyTableSearchCase(KeySet)
{
    private const int Probes = 50_000;

    /// <inheritdoc cref="KeySearchBenchmarks.KeySet"/>
    internal static SortedKeyBlock KeySet() => SortedKeyBlock.WithAbsentDocumentIds(Probes, Probes, seed: 2015);

    [Benchmark(OperationsPerInvoke = Probes), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(0.4, nameof(CompareInline))]
    public long Search() => SearchTable();

    [Benchmark(Baseline = true, OperationsPerInvoke = Probes), BenchmarkCategory(Category.Reference, Category.Headline)]
    public long CompareInline() => BinarySearchCompareInline();

    [Benchmark(OperationsPerInvoke = Probes), BenchmarkCategory(Category.Alternative)]
    public long SequenceCompareTo() => BinarySearchSequenceCompareTo();
}

/// <summary>
/// The million-key cases: the key set (about 40 MB of table, beyond this machine's caches, as an engine's index
/// mostly is) and 100,000 probes looked up once each in insertion order, so nearly every level below the top few
/// comes from memory. Not in the headline suite (its four cases would pass the suite's budget): run with
/// <c>--filter '*KeySearchMillion*'</c>.
/// </summary>
public abstract class KeySearchMillionCase : KeyTableSearchCase
{
    private protected const int Keys = 1_000_000;
    private protected const int Probes = 100_000;

    /// <inheritdoc cref="KeyTableSearchCase(Func{SortedKeyBlock})"/>
    private protected KeySearchMillionCase(Func<SortedKeyBlock> keySet) : base(keySet)
    {
    }

    [Benchmark(OperationsPerInvoke = Probes), BenchmarkCategory(Category.Sparrow)]
    [Target(0.4, nameof(CompareInline))]
    public long Search() => SearchTable();

    [Benchmark(Baseline = true, OperationsPerInvoke = Probes), BenchmarkCategory(Category.Reference)]
    public long CompareInline() => BinarySearchCompareInline();

    [Benchmark(OperationsPerInvoke = Probes), BenchmarkCategory(Category.Alternative)]
    public long SequenceCompareTo() => BinarySearchSequenceCompareTo();
}

/// <summary>A million document ids, 100,000 of them looked up: random targets across the whole table.</summary>
public class KeySearchMillionBenchmarks() : KeySearchMillionCase(KeySet)
{
    /// <inheritdoc cref="KeySearchBenchmarks.KeySet"/>
    internal static SortedKeyBlock KeySet() => SortedKeyBlock.WithPresentDocumentIds(Keys, Probes, seed: 2015);
}

/// <summary>The million document ids of <see cref="KeySearchMillionBenchmarks"/>, looked up with 100,000 ids they do not hold.</summary>
public class KeySearchMillionAbsentBenchmarks() : KeySearchMillionCase(KeySet)
{
    /// <inheritdoc cref="KeySearchBenchmarks.KeySet"/>
    internal static SortedKeyBlock KeySet() => SortedKeyBlock.WithAbsentDocumentIds(Keys, Probes, seed: 2015);
}

/// <summary>
/// A page's worth of keys: 256 document ids (the table fits in L1), looked up 32,768 times in a seeded random order,
/// as a B+tree's lookups reach a page. Looking each key up once in one fixed order would let the branch predictor
/// learn the binary search's whole path over the repeated invocations and measure that instead.
/// </summary>
[WithoutAvx512]
public class KeySearchPageBenchmarks() : KeyTableSearchCase(KeySet)
{
    private const int Keys = 256;
    private const int Probes = 32_768;

    /// <inheritdoc cref="KeySearchBenchmarks.KeySet"/>
    internal static SortedKeyBlock KeySet() => SortedKeyBlock.WithRandomProbes(Keys, Probes, seed: 2015);

    [Benchmark(OperationsPerInvoke = Probes), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(0.6, nameof(CompareInline))]
    public long Search() => SearchTable();

    [Benchmark(Baseline = true, OperationsPerInvoke = Probes), BenchmarkCategory(Category.Reference, Category.Headline)]
    public long CompareInline() => BinarySearchCompareInline();

    [Benchmark(OperationsPerInvoke = Probes), BenchmarkCategory(Category.Alternative)]
    public long SequenceCompareTo() => BinarySearchSequenceCompareTo();
}

/// <summary>50,000 random 16-byte binary keys (hashes, GUIDs): no shared prefixes, every byte significant.</summary>
[WithoutAvx512]
public class KeySearchRandomKeyBenchmarks() : KeyTableSearchCase(KeySet)
{
    private const int Probes = 50_000;

    /// <inheritdoc cref="KeySearchBenchmarks.KeySet"/>
    internal static SortedKeyBlock KeySet() => SortedKeyBlock.RandomBinary(Probes, length: 16, seed: 2015);

    [Benchmark(OperationsPerInvoke = Probes), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(0.5, nameof(CompareInline))]
    public long Search() => SearchTable();

    [Benchmark(Baseline = true, OperationsPerInvoke = Probes), BenchmarkCategory(Category.Reference, Category.Headline)]
    public long CompareInline() => BinarySearchCompareInline();

    [Benchmark(OperationsPerInvoke = Probes), BenchmarkCategory(Category.Alternative)]
    public long SequenceCompareTo() => BinarySearchSequenceCompareTo();
}

/// <summary>
/// Building a <see cref="SortedKeyTable"/> from the 50,000 document ids in native memory (validation, key copy,
/// node prefixes and heads), reported per key; beside it, copying the keys and their offsets, all that a binary
/// search over an offset table needs.
/// </summary>
public unsafe class KeySearchBuildBenchmarks
{
    private const int KeyCount = 50_000;

    private SortedKeyBlock _keys = null!;

    [GlobalSetup]
    public void Setup() => _keys = new SortedKeyBlock(KeyCount, seed: 2015);

    [GlobalCleanup]
    public void Cleanup() => _keys.Dispose();

    [Benchmark(OperationsPerInvoke = KeyCount), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    public int Build() => KeyLookups.Build(_keys).Count;

    [Benchmark(Baseline = true, OperationsPerInvoke = KeyCount), BenchmarkCategory(Category.Reference)]
    public int CopyKeysAndOffsets()
    {
        int bytes = _keys.SortedOffsets[^1] + _keys.SortedLengths[^1];
        byte[] copy = GC.AllocateUninitializedArray<byte>(bytes);
        new ReadOnlySpan<byte>(_keys.SortedBase, bytes).CopyTo(copy);
        int[] offsets = [.. _keys.SortedOffsets];
        return copy.Length + offsets.Length;
    }
}
