using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// Set to a non-zero value, per size: Sparrow against Span.Fill and Unsafe.InitBlockUnaligned, beside MaskedStoreByHand,
/// the floor of Set's masked class in this loop (a reference outside the headline: `--filter '*.SetBenchmarks.*'`).
/// </summary>
[HeadlineCases("Size=4,12,4096")]
public class SetBenchmarks : SetBufferBenchmarks
{
    private const byte Value = 0xA5;

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), Role(Role.Alternative)]
    [Headline]
    public void SpanFill() => Sets<SpanFiller>(Value);

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Alternative)]
    public void InitBlockUnaligned() => Sets<InitBlockUnalignedSetter>(Value);

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Sparrow)]
    [Target(0.5, nameof(SpanFill), MinSize = 1, MaxSize = 31)]
    [Target(1.03, nameof(SpanFill), MinSize = 32)]
    [Headline]
    public void Set() => Sets<SparrowSetter>(Value);

    /// <summary>
    /// Not a primitive: the bound Set's small-size targets run into in this loop, Set's masked class with nothing
    /// else in the loop (see <see cref="SetBufferBenchmarks.MaskedSetsByHand"/>).
    /// </summary>
    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Reference)]
    public void MaskedStoreByHand() => MaskedSetsByHand(Value);
}
