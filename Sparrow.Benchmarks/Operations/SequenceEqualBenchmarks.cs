using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>SequenceEqual per size, on equal inputs: Sparrow against the BCL's SequenceEqual, memcmp and the historical baselines.</summary>
[HeadlineParams(nameof(Size), 16, 64, 4096, WithoutAvx512 = new object[] { 16, 64 })]
[HeadlineParams(nameof(Pairs), PairContent.Equal)]
[WithoutAvx512]
public class SequenceEqualBenchmarks : PairBufferBenchmarks
{
    public static IEnumerable<int> Sizes => [.. SizeClassEdges, .. LargeSizes];

    // Equal inputs only: the case where every byte is read, which is where SequenceEqual's lead must hold.
    public static IEnumerable<PairContent> Contents => [PairContent.Equal];

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative, Category.Headline, Category.HeadlineWithoutAvx512)]
    public int SpanSequenceEqual() => CountOfEqual<SpanComparer>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public int Memcmp() => CountOfEqual<MemcmpComparer>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Reference)]
    public int ByteLoop() => CountOfEqual<ByteLoopComparer>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Historical, Category.Headline)]
    public int UIntStride() => CountOfEqual<UIntStrideComparer>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Reference)]
    public int CompareIsZero() => CountOfEqual<SparrowCompareIsZero>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow, Category.Headline, Category.HeadlineWithoutAvx512)]
    [Target(1.0, nameof(SpanSequenceEqual))]
    [Target(1.0, nameof(SpanSequenceEqual), WithoutAvx512 = true)]
    public int SequenceEqual() => CountOfEqual<SparrowComparer>();
}
