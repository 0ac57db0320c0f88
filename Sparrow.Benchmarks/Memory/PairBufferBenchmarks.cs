using BenchmarkDotNet.Attributes;

namespace Sparrow.Benchmarks;

/// <summary>
/// The shape CompareBenchmarks and SequenceEqualBenchmarks share: per <see cref="Size"/>, equal inputs (the
/// worst case, every byte is read), <see cref="PairBuffers.Operations"/> calls per invocation rotating over
/// <see cref="PairBuffers.Count"/> pairs of buffers so the harness's per-call overhead is spread thin.
/// </summary>
public abstract unsafe class PairBufferBenchmarks
{
    protected const int Operations = PairBuffers.Operations;
    private const int Rotation = PairBuffers.Count - 1;

    private PairBuffers _pairs = null!;

    [Params(1, 2, 3, 4, 7, 8, 12, 15, 16, 31, 32, 64, 128, 256, 512, 1024, 2048, 4096)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup() => _pairs = new PairBuffers(Size);

    [GlobalCleanup]
    public void Cleanup() => _pairs.Dispose();

    /// <summary>Sum of the results, so no call is dead code.</summary>
    private protected int SumOfCompares<TComparer>() where TComparer : struct, IByteComparer
    {
        byte* first = _pairs.First, second = _pairs.Second;
        nint stride = _pairs.Stride;
        int size = Size, sum = 0;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            sum += TComparer.Compare(first + offset, second + offset, size);
        }

        return sum;
    }

    /// <summary>How many pairs compared equal, so no call is dead code.</summary>
    private protected int CountOfEqual<TEquality>() where TEquality : struct, IByteEquality
    {
        byte* first = _pairs.First, second = _pairs.Second;
        nint stride = _pairs.Stride;
        int size = Size, equal = 0;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            if (TEquality.Equal(first + offset, second + offset, size))
                equal++;
        }

        return equal;
    }
}
