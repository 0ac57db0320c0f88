using System.Runtime.CompilerServices;
using Sparrow.Benchmarks.Baselines;
using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>
/// Copies <c>size</c> bytes from <c>source</c> to <c>destination</c> (the overlap rules are the implementation's). Source
/// first, as Sparrow's Copy and Move and NativeMemory.Copy; memcpy's destination-first order is turned around inside.
/// </summary>
internal unsafe interface IByteCopier
{
    static abstract void Copy(byte* source, byte* destination, int size);
}

// PERF: as for the comparers (ByteComparers.cs), each implementation is a struct passed as a type argument, so a
// benchmark loop is compiled once per implementation with the call resolved (and CopyInline inlined).

/// <summary>Sparrow's <see cref="Bytes.Copy(byte*, byte*, int)"/>, called.</summary>
internal readonly unsafe struct SparrowCopier : IByteCopier
{
    public static void Copy(byte* source, byte* destination, int size) => Bytes.Copy(source, destination, size);
}

/// <summary>Sparrow's <see cref="Bytes.CopyInline"/>, inlined into the caller.</summary>
internal readonly unsafe struct SparrowInlineCopier : IByteCopier
{
    public static void Copy(byte* source, byte* destination, int size) => Bytes.CopyInline(source, destination, size);
}

/// <summary>Sparrow's <see cref="Bytes.Move(byte*, byte*, int)"/>: right for any overlap.</summary>
internal readonly unsafe struct SparrowMover : IByteCopier
{
    public static void Copy(byte* source, byte* destination, int size) => Bytes.Move(source, destination, size);
}

/// <summary><see cref="Buffer.MemoryCopy(void*, void*, long, long)"/>: right for any overlap.</summary>
internal readonly unsafe struct BufferMemoryCopier : IByteCopier
{
    public static void Copy(byte* source, byte* destination, int size) => Buffer.MemoryCopy(source, destination, size, size);
}

internal readonly unsafe struct CopyBlockUnalignedCopier : IByteCopier
{
    public static void Copy(byte* source, byte* destination, int size) => Unsafe.CopyBlockUnaligned(destination, source, (uint)size);
}

internal readonly unsafe struct SpanCopier : IByteCopier
{
    public static void Copy(byte* source, byte* destination, int size) =>
        new ReadOnlySpan<byte>(source, size).CopyTo(new Span<byte>(destination, size));
}

internal readonly unsafe struct MemcpyCopier : IByteCopier
{
    public static void Copy(byte* source, byte* destination, int size) => LibC.Memcpy(destination, source, (nuint)size);
}

/// <summary>libc's memmove: right for any overlap.</summary>
internal readonly unsafe struct MemmoveCopier : IByteCopier
{
    public static void Copy(byte* source, byte* destination, int size) => LibC.Memmove(destination, source, (nuint)size);
}

internal readonly unsafe struct MemcpyWithGCTransitionCopier : IByteCopier
{
    public static void Copy(byte* source, byte* destination, int size) => LibC.MemcpyWithGCTransition(destination, source, (nuint)size);
}

/// <summary>Sparrow's copy operation behind the size ladder the portable path had before its size switch (<see cref="SizeLadder"/>).</summary>
internal readonly unsafe struct SizeLadderCopier : IByteCopier
{
    public static void Copy(byte* source, byte* destination, int size) =>
        SizeLadder.Dispatch<CopyOperation, NoResult>(new CopyOperation(source, destination), size);
}
