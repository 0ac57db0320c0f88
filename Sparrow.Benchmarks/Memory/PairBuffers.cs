using System.Runtime.InteropServices;

namespace Sparrow.Benchmarks;

/// <summary>
/// <see cref="Count"/> pairs of equal <c>size</c>-byte buffers in native memory, 64-byte aligned, which a
/// benchmark rotates through so each invocation does many compares on more than one pair of addresses.
/// </summary>
internal sealed unsafe class PairBuffers : IDisposable
{
    /// <summary>Pairs in the rotation (a power of two, so the rotation is a mask).</summary>
    public const int Count = 16;

    /// <summary>Compares per benchmark invocation: enough that the harness's own call costs nothing per compare.</summary>
    public const int Operations = 1024;

    public PairBuffers(int size)
    {
        Stride = (size + 63) & ~63;
        First = (byte*)NativeMemory.AlignedAlloc((nuint)(Count * Stride), 64);
        Second = (byte*)NativeMemory.AlignedAlloc((nuint)(Count * Stride), 64);
        var first = new Span<byte>(First, Count * Stride);
        new Random(20240601).NextBytes(first);
        first.CopyTo(new Span<byte>(Second, Count * Stride));
    }

    /// <summary>Distance between the starts of two consecutive pairs.</summary>
    public int Stride { get; }

    public byte* First { get; }

    public byte* Second { get; }

    public void Dispose()
    {
        NativeMemory.AlignedFree(First);
        NativeMemory.AlignedFree(Second);
    }
}
