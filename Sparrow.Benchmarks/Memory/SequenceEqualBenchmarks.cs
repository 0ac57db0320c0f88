using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>SequenceEqual per size, on equal inputs: Sparrow against the BCL's SequenceEqual, memcmp and the historical baselines.</summary>
[HeadlineCases("Size=16,64,4096", "Pairs=Equal")]
[HeadlineCases("Size=16,64", "Pairs=Equal", Job = WithoutAvx512Job.Id)]
public class SequenceEqualBenchmarks : PairBufferBenchmarks
{
    public static IEnumerable<int> Sizes => [.. SizeClassEdges, .. LargeSizes];

    // Equal inputs only: the case where every byte is read, which is where SequenceEqual's lead must hold.
    public static IEnumerable<PairContent> Contents => [PairContent.Equal];

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), Role(Role.Alternative), AlsoWithoutAvx512]
    [Headline]
    [Headline(Job = WithoutAvx512Job.Id)]
    public int SpanSequenceEqual() => CountOfEqual<SpanComparer>();

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Alternative)]
    [Headline]
    public int Memcmp() => CountOfEqual<MemcmpComparer>();

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Reference)]
    public int ByteLoop() => CountOfEqual<ByteLoopComparer>();

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Historical)]
    [Headline]
    public int UIntStride() => CountOfEqual<UIntStrideComparer>();

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Reference)]
    public int CompareIsZero() => CountOfEqual<SparrowCompareIsZero>();

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Sparrow), AlsoWithoutAvx512]
    [Target(1.0, nameof(SpanSequenceEqual))]
    [Target(1.0, nameof(SpanSequenceEqual), Job = WithoutAvx512Job.Id)]
    [Headline]
    [Headline(Job = WithoutAvx512Job.Id)]
    public int SequenceEqual() => CountOfEqual<SparrowComparer>();
}
