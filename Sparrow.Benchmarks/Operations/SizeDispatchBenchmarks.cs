using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// The portable path's small-size dispatch in a loop over one size: the size switch (a jump table) against the size
/// ladder it replaced (<see cref="Baselines.SizeLadder"/>), both driving the same operations. Compare and
/// SequenceEqual on equal pairs, Copy and Set; <see cref="PairBuffers.Operations"/> calls per invocation rotating over
/// <see cref="PairBuffers.Count"/> pairs of 64-byte-aligned buffers. The targets are the AVX-512-off job's, the
/// machine that runs the portable path; with AVX-512 the Sparrow rows are the masked path against the ladder.
/// </summary>
/// <remarks>
/// A loop over one size is what tiered PGO peels: the switch's case for that size becomes one compare before the
/// table, so these rows measure the peeled switch; the table itself runs on mixed sizes (SizeDispatchMixBenchmarks).
/// </remarks>
[MemoryRandomization]
[WithoutAvx512]
public unsafe class SizeDispatchBenchmarks
{
    private const int Operations = PairBuffers.Operations;
    private const int Rotation = PairBuffers.Count - 1;
    private const byte Value = 0xA5;

    private PairBuffers _pairs = null!;

    [Params(4, 12, 16)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _pairs = new PairBuffers(Size);
        byte* destination = _pairs.Second;
        int length = PairBuffers.Count * _pairs.Stride;
        WrittenBytes.CheckAgree(destination, length, () => new Span<byte>(destination, length).Fill(0xCC),
            (nameof(CopyLadder), () => CopyLadder()), (nameof(Copy), () => Copy()));
        WrittenBytes.CheckAgree(destination, length, () => new Span<byte>(destination, length).Fill(0xCC),
            (nameof(SetLadder), () => SetLadder()), (nameof(Set), () => Set()));
        // The pairs equal again, for Compare and SequenceEqual (PairBuffers made them so).
        new Span<byte>(_pairs.First, length).CopyTo(new Span<byte>(destination, length));
        if (Compare() != CompareLadder() || SequenceEqual() != SequenceEqualLadder())
            throw new InvalidOperationException($"The size switch and the size ladder disagree at {Size} bytes.");
    }

    [GlobalCleanup]
    public void Cleanup() => _pairs.Dispose();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Reference)]
    public int CompareLadder() => _pairs.SumOfCompares<SizeLadderComparer>(Size);

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow)]
    [Target(1.05, nameof(CompareLadder), WithoutAvx512 = true)]
    public int Compare() => _pairs.SumOfCompares<SparrowInlineComparer>(Size);

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Reference)]
    public int SequenceEqualLadder() => _pairs.CountOfEqual<SizeLadderComparer>(Size);

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow)]
    [Target(1.05, nameof(SequenceEqualLadder), WithoutAvx512 = true)]
    public int SequenceEqual() => _pairs.CountOfEqual<SparrowComparer>(Size);

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Reference)]
    public void CopyLadder() => _pairs.Copies<SizeLadderCopier>(Size);

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow)]
    [Target(1.05, nameof(CopyLadder), WithoutAvx512 = true)]
    public void Copy() => _pairs.Copies<SparrowInlineCopier>(Size);

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Reference)]
    public void SetLadder() => Sets<SizeLadderSetter>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow)]
    [Target(1.05, nameof(SetLadder), WithoutAvx512 = true)]
    public void Set() => Sets<SparrowSetter>();

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void Sets<TSetter>() where TSetter : struct, IByteSetter
    {
        byte* destinations = _pairs.Second;
        nint stride = _pairs.Stride;
        int size = Size;
        for (int i = 0; i < Operations; i++)
            TSetter.Set(destinations + (i & Rotation) * stride, Value, size);
    }
}
