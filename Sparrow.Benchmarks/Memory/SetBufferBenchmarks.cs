using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;

namespace Sparrow.Benchmarks;

/// <summary>
/// The shape SetBenchmarks and SetZeroBenchmarks share: per <see cref="Size"/>, <see cref="Operations"/> sets per
/// invocation rotating over <see cref="PairBuffers.Count"/> 64-byte-aligned destinations.
/// </summary>
public abstract unsafe class SetBufferBenchmarks
{
    protected const int Operations = PairBuffers.Operations;
    private const int Count = PairBuffers.Count;

    private byte* _destinations;
    private int _stride;

    [Params(1, 2, 3, 4, 7, 8, 12, 16, 31, 32, 33, 64, 128, 256, 1024, 4096)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _stride = (Size + 63) & ~63;
        int length = Count * _stride;
        byte* destinations = _destinations = (byte*)NativeMemory.AlignedAlloc((nuint)length, 64);
        WrittenBytes.CheckAgree(this, destinations, length, () => new Span<byte>(destinations, length).Fill(0xCC));
    }

    [GlobalCleanup]
    public void Cleanup() => NativeMemory.AlignedFree(_destinations);

    // PERF: inlined into each benchmark method, so the value is a constant there, as at a typical call site.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private protected void Sets<TSetter>(byte value) where TSetter : struct, IByteSetter
    {
        byte* destinations = _destinations;
        nint stride = _stride;
        int size = Size;
        for (int i = 0; i < Operations; i++)
            TSetter.Set(destinations + (i & (Count - 1)) * stride, value, size);
    }
}
