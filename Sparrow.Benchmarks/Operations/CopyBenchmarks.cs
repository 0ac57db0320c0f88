using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// Copy per size: Sparrow against Buffer.MemoryCopy, Unsafe.CopyBlockUnaligned, Span.CopyTo, memcpy and the
/// historical memcpy P/Invoke. <see cref="PairBuffers.Operations"/> copies per invocation rotate over
/// <see cref="PairBuffers.Count"/> pairs of 64-byte-aligned buffers (first: source, second: destination).
/// </summary>
[HeadlineParams(nameof(Size), 256, 4096)]
public unsafe class CopyBenchmarks
{
    private const int Operations = PairBuffers.Operations;
    private const int Rotation = PairBuffers.Count - 1;

    private PairBuffers _pairs = null!;

    [Params(1, 2, 3, 4, 7, 8, 12, 16, 31, 32, 33, 64, 65, 128, 256, 512, 1024, 2048, 4096)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _pairs = new PairBuffers(Size);
        byte* destination = _pairs.Second;
        int length = PairBuffers.Count * _pairs.Stride;
        WrittenBytes.CheckAgree(this, destination, length, () => new Span<byte>(destination, length).Fill(0xCC));
    }

    [GlobalCleanup]
    public void Cleanup() => _pairs.Dispose();

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public void BufferMemoryCopy() => Copies<BufferMemoryCopier>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative)]
    public void CopyBlockUnaligned() => Copies<CopyBlockUnalignedCopier>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative)]
    public void SpanCopyTo() => Copies<SpanCopier>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public void Memcpy() => Copies<MemcpyCopier>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Historical)]
    public void MemcpyWithGCTransition() => Copies<MemcpyWithGCTransitionCopier>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(0.9, nameof(BufferMemoryCopy), MinSize = 65, MaxSize = 2048)]
    [Target(1.03, nameof(BufferMemoryCopy), MinSize = 2049)]
    [Target(1.03, nameof(Memcpy), MinSize = 2049)]
    public void Copy() => Copies<SparrowCopier>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(0.9, nameof(BufferMemoryCopy), MinSize = 65, MaxSize = 2048)]
    [Target(1.03, nameof(BufferMemoryCopy), MinSize = 2049)]
    [Target(1.03, nameof(Memcpy), MinSize = 2049)]
    public void CopyInline() => Copies<SparrowInlineCopier>();

    private void Copies<TCopier>() where TCopier : struct, IByteCopier
    {
        byte* source = _pairs.First, destination = _pairs.Second;
        nint stride = _pairs.Stride;
        int size = Size;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            TCopier.Copy(source + offset, destination + offset, size);
        }
    }
}
