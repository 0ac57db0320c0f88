using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// Copies of random sizes within one bucket: <see cref="Count"/> copies whose sizes are drawn (seeded) from
/// <c>Size / 2 + 1 .. Size</c> (<c>0 .. 8</c> for the first bucket), so the branch predictor cannot learn them.
/// Sources are packed back to back and destinations shifted by a random 0..63 bytes, so both alignments vary.
/// Reported per copy. Dynamic PGO is off for this class: Buffer.MemoryCopy's memmove was otherwise laid out from
/// BenchmarkDotNet's own first calls, and one of those layouts made the baseline far slower in full runs (README,
/// Results).
/// </summary>
[HeadlineParams(nameof(Size), 64)]
[WithoutDynamicPgo]
public unsafe class CopyWorkloadBenchmarks
{
    private const int Count = 4096;
    private const int Seed = 1729;

    // PERF: the copies wrap around an arena of this size (plus the largest copy), so the largest bucket stays
    // in the L2 cache as CopyBenchmarks' does, and the run measures the copy, not the memory bus.
    private const int Arena = 64 * 1024;
    private const int MaxShift = 64;

    private struct CopyJob
    {
        public byte* Destination;
        public byte* Source;
        public int Size;
    }

    private CopyJob* _jobs;
    private byte* _sources;
    private byte* _destinations;
    private int _length;

    /// <summary>The bucket's largest size (a power of two from 8); its sizes start above the bucket before it.</summary>
    [Params(8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(Seed);
        int smallest = Size == 8 ? 0 : Size / 2 + 1;
        _length = Arena + Size + MaxShift;
        _jobs = (CopyJob*)NativeMemory.AlignedAlloc((nuint)(Count * sizeof(CopyJob)), 64);
        _sources = (byte*)NativeMemory.AlignedAlloc((nuint)_length, 64);
        _destinations = (byte*)NativeMemory.AlignedAlloc((nuint)_length, 64);
        random.NextBytes(new Span<byte>(_sources, _length));

        int offset = 0;
        for (int i = 0; i < Count; i++)
        {
            int size = random.Next(smallest, Size + 1);
            if (offset + size > Arena)
                offset = 0;
            _jobs[i] = new CopyJob { Destination = _destinations + offset + random.Next(MaxShift), Source = _sources + offset, Size = size };
            offset += size;
        }

        byte* destinations = _destinations;
        int length = _length;
        WrittenBytes.CheckAgree(this, destinations, length, () => new Span<byte>(destinations, length).Fill(0xCC));
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        NativeMemory.AlignedFree(_jobs);
        NativeMemory.AlignedFree(_sources);
        NativeMemory.AlignedFree(_destinations);
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Count), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public void BufferMemoryCopy() => Copies<BufferMemoryCopier>();

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Alternative)]
    public void CopyBlockUnaligned() => Copies<CopyBlockUnalignedCopier>();

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Alternative)]
    public void SpanCopyTo() => Copies<SpanCopier>();

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public void Memcpy() => Copies<MemcpyCopier>();

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Historical)]
    public void MemcpyWithGCTransition() => Copies<MemcpyWithGCTransitionCopier>();

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(0.7, nameof(BufferMemoryCopy), MaxSize = 64)]
    [Target(0.9, nameof(BufferMemoryCopy), MinSize = 65, MaxSize = 2048)]
    [Target(1.03, nameof(BufferMemoryCopy), MinSize = 2049)]
    [Target(1.03, nameof(Memcpy), MinSize = 2049)]
    public void Copy() => Copies<SparrowCopier>();

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(0.7, nameof(BufferMemoryCopy), MaxSize = 64)]
    [Target(0.9, nameof(BufferMemoryCopy), MinSize = 65, MaxSize = 2048)]
    [Target(1.03, nameof(BufferMemoryCopy), MinSize = 2049)]
    [Target(1.03, nameof(Memcpy), MinSize = 2049)]
    public void CopyInline() => Copies<SparrowInlineCopier>();

    private void Copies<TCopier>() where TCopier : struct, IByteCopier
    {
        CopyJob* jobs = _jobs;
        for (int i = 0; i < Count; i++)
            TCopier.Copy(jobs[i].Source, jobs[i].Destination, jobs[i].Size);
    }
}
