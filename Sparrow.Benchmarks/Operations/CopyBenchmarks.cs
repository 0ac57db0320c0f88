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
    public void BufferMemoryCopy() => _pairs.Copies<BufferMemoryCopier>(Size);

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative)]
    public void CopyBlockUnaligned() => _pairs.Copies<CopyBlockUnalignedCopier>(Size);

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative)]
    public void SpanCopyTo() => _pairs.Copies<SpanCopier>(Size);

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public void Memcpy() => _pairs.Copies<MemcpyCopier>(Size);

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Historical)]
    public void MemcpyWithGCTransition() => _pairs.Copies<MemcpyWithGCTransitionCopier>(Size);

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(0.9, nameof(BufferMemoryCopy), MinSize = 65, MaxSize = 2048)]
    [Target(1.03, nameof(BufferMemoryCopy), MinSize = 2049)]
    [Target(1.03, nameof(Memcpy), MinSize = 2049)]
    public void Copy() => _pairs.Copies<SparrowCopier>(Size);

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(0.9, nameof(BufferMemoryCopy), MinSize = 65, MaxSize = 2048)]
    [Target(1.03, nameof(BufferMemoryCopy), MinSize = 2049)]
    [Target(1.03, nameof(Memcpy), MinSize = 2049)]
    public void CopyInline() => _pairs.Copies<SparrowInlineCopier>(Size);
}
