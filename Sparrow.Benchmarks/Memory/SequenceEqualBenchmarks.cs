using BenchmarkDotNet.Attributes;

namespace Sparrow.Benchmarks;

/// <summary>SequenceEqual on equal inputs, per size: Sparrow against the BCL's SequenceEqual, memcmp and the historical baselines.</summary>
public class SequenceEqualBenchmarks : PairBufferBenchmarks
{
    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), Role(Role.Alternative)]
    public int SpanSequenceEqual() => CountOfEqual<SpanComparer>();

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Alternative)]
    public int Memcmp() => CountOfEqual<MemcmpComparer>();

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Reference)]
    public int ByteLoop() => CountOfEqual<ByteLoopComparer>();

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Historical)]
    public int UIntStride() => CountOfEqual<UIntStrideComparer>();

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Reference)]
    public int CompareIsZero() => CountOfEqual<SparrowCompareIsZero>();

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Sparrow)]
    public int SequenceEqual() => CountOfEqual<SparrowComparer>();
}
