using BenchmarkDotNet.Attributes;

namespace Sparrow.Benchmarks;

/// <summary>Set to zero, per size: Sparrow against Span.Clear and Unsafe.InitBlockUnaligned.</summary>
public class SetZeroBenchmarks : SetBufferBenchmarks
{
    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), Role(Role.Alternative)]
    public void SpanClear() => Sets<SpanClearer>(0);

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Alternative)]
    public void InitBlockUnaligned() => Sets<InitBlockUnalignedSetter>(0);

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Sparrow)]
    [Target(1.0, nameof(SpanClear))]
    public void Set() => Sets<SparrowSetter>(0);
}
