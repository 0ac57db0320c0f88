using BenchmarkDotNet.Attributes;

namespace Sparrow.Benchmarks;

/// <summary>
/// The shape CompareBenchmarks and SequenceEqualBenchmarks share: per <see cref="Size"/> and <see cref="Pairs"/>
/// (equal, or differing at one random position), <see cref="PairBuffers.Operations"/> calls per invocation rotating
/// over <see cref="PairBuffers.Count"/> pairs of buffers so the harness's per-call overhead is spread thin.
/// </summary>
/// <remarks>
/// PERF: [MemoryRandomization] re-runs the setup before each iteration, after a random allocation, so the buffers land
/// at new addresses: a nanosecond compare's time depends on where its pairs sit (cache sets, page offsets), and one
/// placement per launch would be frozen into every iteration of it.
/// </remarks>
[MemoryRandomization]
public abstract unsafe class PairBufferBenchmarks
{
    protected const int Operations = PairBuffers.Operations;

    private PairBuffers _pairs = null!;

    /// <summary>The bytes per buffer; each derived class lists its sizes in a public static <c>Sizes</c> property.</summary>
    [ParamsSource("Sizes")]
    public int Size { get; set; }

    /// <summary>What each pair holds; each derived class lists its contents in a public static <c>Contents</c> property.</summary>
    [ParamsSource("Contents")]
    public PairContent Pairs { get; set; }

    /// <summary>Each edge of the small-size classes.</summary>
    protected static int[] SizeClassEdges => [1, 2, 3, 4, 7, 8, 12, 15, 16, 31, 32];

    /// <summary>The sizes past the small-size paths: powers of two up to a page.</summary>
    protected static int[] LargeSizes => [64, 128, 256, 512, 1024, 2048, 4096];

    [GlobalSetup]
    public void Setup() => _pairs = new PairBuffers(Size, Pairs);

    [GlobalCleanup]
    public void Cleanup() => _pairs.Dispose();

    private protected int SumOfCompares<TComparer>() where TComparer : struct, IByteComparer => _pairs.SumOfCompares<TComparer>(Size);

    private protected int CountOfEqual<TEquality>() where TEquality : struct, IByteEquality => _pairs.CountOfEqual<TEquality>(Size);
}
