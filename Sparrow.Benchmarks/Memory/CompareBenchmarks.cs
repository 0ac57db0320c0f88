using BenchmarkDotNet.Attributes;

namespace Sparrow.Benchmarks;

/// <summary>Compare on equal inputs, per size: Sparrow against SequenceCompareTo, memcmp and the historical baselines.</summary>
public class CompareBenchmarks : PairBufferBenchmarks
{
    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), Role(Role.Alternative)]
    public int SequenceCompareTo() => SumOfCompares<SpanComparer>();

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Alternative)]
    public int Memcmp() => SumOfCompares<MemcmpComparer>();

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Reference)]
    public int ByteLoop() => SumOfCompares<ByteLoopComparer>();

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Historical)]
    public int UIntStride() => SumOfCompares<UIntStrideComparer>();

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Sparrow)]
    public int Compare() => SumOfCompares<SparrowComparer>();

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Sparrow)]
    public int CompareInline() => SumOfCompares<SparrowInlineComparer>();
}
