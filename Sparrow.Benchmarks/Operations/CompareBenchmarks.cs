using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// Compare per size, on equal keys and on keys differing at a random position: Sparrow against SequenceCompareTo,
/// memcmp and the historical baselines, at every key size 1..32 (each has its own small-size path) and beyond.
/// </summary>
[HeadlineParams(nameof(Size), 4, 12, 32, 64, 4096, WithoutAvx512 = new object[] { 4, 12 })]
[HeadlineParams(nameof(Size), 4, 64, Methods = new[] { nameof(CompareInlineAgain) })]
[HeadlineParams(nameof(Size), 4, 12, 32, 64, Methods = new[] { nameof(Compare) })]
[HeadlineParams(nameof(Pairs), PairContent.DifferAtRandomByte, Methods = new[] { nameof(Compare) })]
[WithoutAvx512]
public class CompareBenchmarks : PairBufferBenchmarks
{
    public static IEnumerable<int> Sizes => [.. Enumerable.Range(1, 32), .. LargeSizes];

    public static IEnumerable<PairContent> Contents => [PairContent.Equal, PairContent.DifferAtRandomByte];

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative, Category.Headline, Category.HeadlineWithoutAvx512)]
    public int SequenceCompareTo() => SumOfCompares<SpanComparer>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public int Memcmp() => SumOfCompares<MemcmpComparer>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Reference)]
    public int ByteLoop() => SumOfCompares<ByteLoopComparer>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Historical)]
    public int UIntStride() => SumOfCompares<UIntStrideComparer>();

    // The plain form, the one a user calls first, held to memcmp at the key sizes (issue 36): with AVX-512 it inlines
    // only its 1..64-byte path and calls out for the other sizes; in the headline on keys that differ, the
    // case a search meets at every step but its last.
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(0.9, nameof(Memcmp), MinSize = 4, MaxSize = 4)]
    [Target(0.9, nameof(Memcmp), MinSize = 12, MaxSize = 12)]
    [Target(0.9, nameof(Memcmp), MinSize = 32, MaxSize = 32)]
    [Target(0.9, nameof(Memcmp), MinSize = 64, MaxSize = 64)]
    public int Compare() => SumOfCompares<SparrowComparer>();

    // The targets are the inlined compare's, the form a B+tree's search loop uses (and the code Compare ran before it
    // became a call).
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow, Category.Headline, Category.HeadlineWithoutAvx512)]
    [Target(0.75, nameof(Memcmp), MinSize = 1, MaxSize = 32)]
    [Target(0.5, nameof(SequenceCompareTo), MinSize = 1, MaxSize = 32)]
    [Target(1.0, nameof(Memcmp), MinSize = 33, MaxSize = 4096)]
    [Target(1.0, nameof(SequenceCompareTo), MinSize = 33, MaxSize = 4096)]
    [Target(0.8, nameof(SequenceCompareTo), MinSize = 1, MaxSize = 16, WithoutAvx512 = true)]
    public int CompareInline() => SumOfCompares<SparrowInlineComparer>();

    // The A/A pair of the publish gate: exactly CompareInline's code, measured as a case of its own.
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Reference, Category.Headline), SameCodeAs(nameof(CompareInline))]
    public int CompareInlineAgain() => SumOfCompares<SparrowInlineComparer>();
}
