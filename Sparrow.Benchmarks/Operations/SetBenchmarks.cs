using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// Set to a non-zero value, per size: Sparrow against Span.Fill and Unsafe.InitBlockUnaligned, beside MaskedStoreByHand,
/// the floor of Set's masked class in this loop (a reference outside the headline: `--filter '*.SetBenchmarks.*'`).
/// </summary>
[HeadlineParams(nameof(Size), 4, 12, 4096)]
public class SetBenchmarks : SetBufferBenchmarks
{
    private const byte Value = 0xA5;

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public void SpanFill() => Sets<SpanFiller>(Value);

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative)]
    public void InitBlockUnaligned() => Sets<InitBlockUnalignedSetter>(Value);

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(0.5, nameof(SpanFill), MinSize = 1, MaxSize = 31)]
    [Target(1.03, nameof(SpanFill), MinSize = 32)]
    public void Set() => Sets<SparrowSetter>(Value);

    /// <summary>
    /// Not a primitive: the bound Set's small-size targets run into in this loop, Set's masked class with nothing
    /// else in the loop (see <see cref="SetBufferBenchmarks.MaskedSetsByHand"/>).
    /// </summary>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Reference)]
    public void MaskedStoreByHand() => MaskedSetsByHand(Value);
}
