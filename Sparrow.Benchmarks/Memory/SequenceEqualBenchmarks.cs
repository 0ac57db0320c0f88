using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Baselines;

namespace Sparrow.Benchmarks;

/// <summary>
/// SequenceEqual on equal inputs, the worst case (every byte is read), per size; the same rotation over
/// buffer pairs as <see cref="CompareBenchmarks"/>. Each method counts the equal pairs and returns the count.
/// </summary>
public unsafe class SequenceEqualBenchmarks
{
    private const int Operations = PairBuffers.Operations;
    private const int Rotation = PairBuffers.Count - 1;

    private PairBuffers _pairs = null!;
    private byte* _first;
    private byte* _second;
    private nint _stride;

    [Params(1, 2, 3, 4, 7, 8, 12, 15, 16, 31, 32, 64, 128, 256, 512, 1024, 2048, 4096)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _pairs = new PairBuffers(Size);
        _first = _pairs.First;
        _second = _pairs.Second;
        _stride = _pairs.Stride;
    }

    [GlobalCleanup]
    public void Cleanup() => _pairs.Dispose();

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations)]
    [Role(Role.Alternative)]
    public int SpanSequenceEqual()
    {
        byte* first = _first, second = _second;
        nint stride = _stride;
        int size = Size, equal = 0;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            if (new ReadOnlySpan<byte>(first + offset, size).SequenceEqual(new ReadOnlySpan<byte>(second + offset, size)))
                equal++;
        }

        return equal;
    }

    [Benchmark(OperationsPerInvoke = Operations)]
    [Role(Role.Alternative)]
    public int Memcmp()
    {
        byte* first = _first, second = _second;
        nint stride = _stride;
        int size = Size, equal = 0;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            if (LibC.Memcmp(first + offset, second + offset, (nuint)size) == 0)
                equal++;
        }

        return equal;
    }

    [Benchmark(OperationsPerInvoke = Operations)]
    [Role(Role.Reference)]
    public int ByteLoop()
    {
        byte* first = _first, second = _second;
        nint stride = _stride;
        int size = Size, equal = 0;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            if (Baselines.ByteLoop.SequenceEqual(first + offset, second + offset, size))
                equal++;
        }

        return equal;
    }

    [Benchmark(OperationsPerInvoke = Operations)]
    [Role(Role.Historical)]
    public int UIntStride()
    {
        byte* first = _first, second = _second;
        nint stride = _stride;
        int size = Size, equal = 0;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            if (UIntStrideCompare.SequenceEqual(first + offset, second + offset, size))
                equal++;
        }

        return equal;
    }

    /// <summary>Sparrow's Compare used as an equality test: SequenceEqual should beat it.</summary>
    [Benchmark(OperationsPerInvoke = Operations)]
    [Role(Role.Reference)]
    public int CompareIsZero()
    {
        byte* first = _first, second = _second;
        nint stride = _stride;
        int size = Size, equal = 0;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            if (Memory.Compare(first + offset, second + offset, size) == 0)
                equal++;
        }

        return equal;
    }

    [Benchmark(OperationsPerInvoke = Operations)]
    [Role(Role.Sparrow)]
    public int SequenceEqual()
    {
        byte* first = _first, second = _second;
        nint stride = _stride;
        int size = Size, equal = 0;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            if (Memory.SequenceEqual(first + offset, second + offset, size))
                equal++;
        }

        return equal;
    }
}
