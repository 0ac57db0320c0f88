using System.Runtime.InteropServices;

namespace Sparrow.Tests;

/// <summary>64-byte-aligned native memory, so alignment offsets are exact.</summary>
internal sealed unsafe class NativeBuffer : IDisposable
{
    public NativeBuffer(int length)
    {
        Length = length;
        Pointer = (byte*)NativeMemory.AlignedAlloc((nuint)Math.Max(length, 1), 64);
    }

    public byte* Pointer { get; }

    public int Length { get; }

    public Span<byte> AsSpan() => new(Pointer, Length);

    public void Dispose() => NativeMemory.AlignedFree(Pointer);
}
