using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>Set to zero, per size: Sparrow against Span.Clear and Unsafe.InitBlockUnaligned.</summary>
[HeadlineCases("Size=12,4096")]
public class SetZeroBenchmarks : SetBufferBenchmarks
{
    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), Role(Role.Alternative)]
    [Headline]
    public void SpanClear() => Sets<SpanClearer>(0);

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Alternative)]
    public void InitBlockUnaligned() => Sets<InitBlockUnalignedSetter>(0);

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Sparrow)]
    [Target(1.0, nameof(SpanClear))]
    [Headline]
    public void Set() => Sets<SparrowSetter>(0);
}
