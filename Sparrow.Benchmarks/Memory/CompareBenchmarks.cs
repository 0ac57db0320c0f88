using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Baselines;

namespace Sparrow.Benchmarks;

/// <summary>
/// Compare on equal inputs, the worst case (every byte is read), per size. Each invocation does
/// <see cref="PairBuffers.Operations"/> compares rotating over <see cref="PairBuffers.Count"/> buffer pairs;
/// results are summed and returned so no compare is dead code.
/// </summary>
public unsafe class CompareBenchmarks
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
    public int SequenceCompareTo()
    {
        byte* first = _first, second = _second;
        nint stride = _stride;
        int size = Size, sum = 0;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            sum += new ReadOnlySpan<byte>(first + offset, size).SequenceCompareTo(new ReadOnlySpan<byte>(second + offset, size));
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Operations)]
    [Role(Role.Alternative)]
    public int Memcmp()
    {
        byte* first = _first, second = _second;
        nint stride = _stride;
        int size = Size, sum = 0;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            sum += LibC.Memcmp(first + offset, second + offset, (nuint)size);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Operations)]
    [Role(Role.Reference)]
    public int ByteLoop()
    {
        byte* first = _first, second = _second;
        nint stride = _stride;
        int size = Size, sum = 0;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            sum += Baselines.ByteLoop.Compare(first + offset, second + offset, size);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Operations)]
    [Role(Role.Historical)]
    public int UIntStride()
    {
        byte* first = _first, second = _second;
        nint stride = _stride;
        int size = Size, sum = 0;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            sum += UIntStrideCompare.Compare(first + offset, second + offset, size);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Operations)]
    [Role(Role.Sparrow)]
    public int Compare()
    {
        byte* first = _first, second = _second;
        nint stride = _stride;
        int size = Size, sum = 0;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            sum += Memory.Compare(first + offset, second + offset, size);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Operations)]
    [Role(Role.Sparrow)]
    public int CompareInline()
    {
        byte* first = _first, second = _second;
        nint stride = _stride;
        int size = Size, sum = 0;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            sum += Memory.CompareInline(first + offset, second + offset, size);
        }

        return sum;
    }
}
