using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using BenchmarkDotNet.Attributes;
using Sparrow.Storage;

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

    /// <summary>
    /// The loop of <see cref="Sets{TSetter}"/> with Sparrow's masked class written out by hand: the mask and the
    /// pattern made once, before the loop, then per set the size test and one masked store. What Set's 1..32-byte
    /// class costs in this loop when the JIT keeps nothing else in it (in Set's tier-1 loop it keeps an opmask copy
    /// and a reload of the pattern); sizes outside the class, or a machine without AVX-512, call Set.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private protected void MaskedSetsByHand(byte value)
    {
        byte* destinations = _destinations;
        nint stride = _stride;
        int size = Size;
        Vector256<byte> mask = Vector256.LessThan(Vector256<byte>.Indices, Vector256.Create((byte)size));
        Vector256<byte> pattern = Vector256.Create(value);
        for (int i = 0; i < Operations; i++)
        {
            byte* destination = destinations + (i & (Count - 1)) * stride;
            if (Avx512BW.VL.IsSupported && (uint)size - 1 < (uint)Vector256<byte>.Count)
                Avx512BW.VL.MaskStore(destination, mask, pattern);
            else
                Bytes.Set(destination, value, size);
        }
    }
}
