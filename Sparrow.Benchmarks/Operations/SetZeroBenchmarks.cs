using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>Set to zero, per size: Sparrow against Span.Clear and Unsafe.InitBlockUnaligned.</summary>
[HeadlineParams(nameof(Size), 12, 4096)]
public class SetZeroBenchmarks : SetBufferBenchmarks
{
    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public void SpanClear() => Sets<SpanClearer>(0);

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative)]
    public void InitBlockUnaligned() => Sets<InitBlockUnalignedSetter>(0);

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(1.0, nameof(SpanClear))]
    public void Set() => Sets<SparrowSetter>(0);
}
