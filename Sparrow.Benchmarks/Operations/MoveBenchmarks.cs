using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>Which way an overlapping move goes.</summary>
public enum MoveDirection
{
    /// <summary>The destination starts below the source (closing a gap in a slot array): copied front to back.</summary>
    Forward,

    /// <summary>The destination starts inside the source (opening a gap for an insert): copied back to front.</summary>
    Backward,
}

/// <summary>
/// Overlapping moves per size and direction, the destination 1..63 bytes (seeded, per move) from the source:
/// Sparrow against Buffer.MemoryCopy and memmove (both right for any overlap), and Sparrow's own Copy of the same
/// size between ranges that do not overlap (the yardstick of Move's target). <see cref="Operations"/> moves per
/// invocation rotate over <see cref="Count"/> 64-byte-aligned regions.
/// </summary>
[HeadlineParams(nameof(Size), 4096)]
public unsafe class MoveBenchmarks
{
    private const int Operations = PairBuffers.Operations;
    private const int Count = PairBuffers.Count;
    private const int Seed = 1729;
    private const int MaxDistance = 63;

    /// <summary>Room before and after the <see cref="Size"/> bytes of a region for the destination to move into.</summary>
    private const int Margin = 64;

    private byte* _regions;
    private byte* _copyDestinations;
    private nint* _distances;
    private int _stride;

    [Params(64, 256, 1024, 4096)]
    public int Size { get; set; }

    [Params(MoveDirection.Forward, MoveDirection.Backward)]
    public MoveDirection Direction { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _stride = Margin + Size + Margin;
        int length = Count * _stride;
        _regions = (byte*)NativeMemory.AlignedAlloc((nuint)length, 64);
        _copyDestinations = (byte*)NativeMemory.AlignedAlloc((nuint)length, 64);
        _distances = (nint*)NativeMemory.AlignedAlloc((nuint)(Operations * sizeof(nint)), 64);
        var random = new Random(Seed);
        for (int i = 0; i < Operations; i++)
        {
            int distance = random.Next(1, MaxDistance + 1);
            _distances[i] = Direction == MoveDirection.Forward ? -distance : distance;
        }

        var start = new byte[length];
        random.NextBytes(start);
        byte* regions = _regions;
        WrittenBytes.CheckAgree(this, regions, length, () => start.CopyTo(new Span<byte>(regions, length)), except: nameof(Copy));

        byte* copyDestinations = _copyDestinations;
        WrittenBytes.CheckAgree(copyDestinations, length, () => new Span<byte>(copyDestinations, length).Fill(0xCC),
            (nameof(BufferMemoryCopy), Copies<BufferMemoryCopier>),
            (nameof(Copy), Copy));
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        NativeMemory.AlignedFree(_regions);
        NativeMemory.AlignedFree(_copyDestinations);
        NativeMemory.AlignedFree(_distances);
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public void BufferMemoryCopy() => Moves<BufferMemoryCopier>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative)]
    public void Memmove() => Moves<MemmoveCopier>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(2.0, nameof(Copy))]
    public void Move() => Moves<SparrowMover>();

    /// <summary>Sparrow's Copy of the same bytes to the same offset of another buffer: no overlap, same alignments.</summary>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Reference, Category.Headline)]
    public void Copy() => Copies<SparrowCopier>();

    private void Moves<TMover>() where TMover : struct, IByteCopier
    {
        byte* regions = _regions + Margin;
        nint* distances = _distances;
        nint stride = _stride;
        int size = Size;
        for (int i = 0; i < Operations; i++)
        {
            byte* source = regions + (i & (Count - 1)) * stride;
            TMover.Copy(source, source + distances[i], size);
        }
    }

    private void Copies<TCopier>() where TCopier : struct, IByteCopier
    {
        byte* regions = _regions + Margin, copyDestinations = _copyDestinations + Margin;
        nint* distances = _distances;
        nint stride = _stride;
        int size = Size;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & (Count - 1)) * stride;
            TCopier.Copy(regions + offset, copyDestinations + offset + distances[i], size);
        }
    }
}
