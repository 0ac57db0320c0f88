using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Storage;

public static unsafe partial class Bytes
{
    /// <summary>Copies <paramref name="byteCount"/> bytes from <paramref name="source"/> to <paramref name="destination"/>.</summary>
    /// <param name="source">Where the bytes come from.</param>
    /// <param name="destination">Where the bytes go.</param>
    /// <param name="byteCount">How many bytes to copy.</param>
    /// <remarks>
    /// <para>
    /// Every Copy and Move of <see cref="Bytes"/> takes the source first, then the destination, as
    /// <see cref="NativeMemory.Copy(void*, void*, nuint)"/>, <see cref="Buffer.MemoryCopy(void*, void*, long, long)"/>
    /// and <see cref="Span{T}.CopyTo(Span{T})"/> do.
    /// </para>
    /// <para>
    /// The two ranges must not overlap; use <see cref="Move(byte*, byte*, int)"/> when they may. On overlapping
    /// ranges Copy still reads only <c>[source, source + byteCount)</c> and writes only
    /// <c>[destination, destination + byteCount)</c>, but the bytes written are unspecified.
    /// </para>
    /// <para>
    /// Above 2 KiB, where 256-bit vectors are accelerated, the copy is the runtime's memmove (as
    /// <see cref="Buffer.MemoryCopy(void*, void*, long, long)"/>): on this hardware no loop of vector loads and stores
    /// matched it there.
    /// </para>
    /// <para>
    /// A call, never inlined: one call site costs a call instruction. <see cref="CopyInline(byte*, byte*, int)"/>
    /// is the same copy inlined into its caller, which saves the call and costs a few hundred bytes of machine
    /// code at each call site.
    /// </para>
    /// </remarks>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="byteCount"/> is negative.</exception>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void Copy(byte* source, byte* destination, int byteCount) => CopyInline(source, destination, byteCount);

    /// <summary>
    /// The same as <see cref="Copy(byte*, byte*, int)"/>, inlined into its caller so a hot call site (a value
    /// written into a page) pays no call for small sizes, at the price of a few hundred bytes of machine code
    /// per call site.
    /// </summary>
    /// <param name="source">Where the bytes come from.</param>
    /// <param name="destination">Where the bytes go.</param>
    /// <param name="byteCount">How many bytes to copy.</param>
    /// <remarks>
    /// Source first, then destination, as every Copy and Move of <see cref="Bytes"/> (see <see cref="Copy(byte*, byte*, int)"/>).
    /// The two ranges must not overlap; use <see cref="Move(byte*, byte*, int)"/> when they may.
    /// </remarks>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="byteCount"/> is negative.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void CopyInline(byte* source, byte* destination, int byteCount) =>
        SizeClasses.Dispatch<CopyOperation, NoResult>(new CopyOperation(source, destination), byteCount);

    /// <summary>
    /// Copies <paramref name="byteCount"/> bytes from <paramref name="source"/> to <paramref name="destination"/>,
    /// right whatever the overlap of the two ranges (shifting a page's slot array by a few bytes, say).
    /// </summary>
    /// <param name="source">Where the bytes come from.</param>
    /// <param name="destination">Where the bytes go.</param>
    /// <param name="byteCount">How many bytes to move.</param>
    /// <remarks>Source first, then destination, as every Copy and Move of <see cref="Bytes"/> (see <see cref="Copy(byte*, byte*, int)"/>).</remarks>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="byteCount"/> is negative.</exception>
    public static void Move(byte* source, byte* destination, int byteCount) =>
        SizeClasses.Dispatch<MoveOperation, NoResult>(new MoveOperation(source, destination), byteCount);

    /// <summary>Copies <paramref name="source"/> to the start of <paramref name="destination"/>, which must not overlap it.</summary>
    /// <param name="source">The bytes to copy.</param>
    /// <param name="destination">Receives the bytes; at least as long as <paramref name="source"/>.</param>
    /// <remarks>
    /// Source first, then destination, as every Copy and Move of <see cref="Bytes"/> (see <see cref="Copy(byte*, byte*, int)"/>).
    /// Use <see cref="Move(ReadOnlySpan{byte}, Span{byte})"/> when the spans may overlap.
    /// </remarks>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <paramref name="source"/>; nothing is written.</exception>
    public static void Copy(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* from = &MemoryMarshal.GetReference(source))
        fixed (byte* to = &MemoryMarshal.GetReference(Fitting(source, destination)))
            SizeClasses.Dispatch<CopyOperation, NoResult>(new CopyOperation(from, to), source.Length);
    }

    /// <summary>Copies <paramref name="source"/> to the start of <paramref name="destination"/>, right whatever their overlap.</summary>
    /// <param name="source">The bytes to copy.</param>
    /// <param name="destination">Receives the bytes; at least as long as <paramref name="source"/>.</param>
    /// <remarks>Source first, then destination, as every Copy and Move of <see cref="Bytes"/> (see <see cref="Copy(byte*, byte*, int)"/>).</remarks>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <paramref name="source"/>; nothing is written.</exception>
    public static void Move(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* from = &MemoryMarshal.GetReference(source))
        fixed (byte* to = &MemoryMarshal.GetReference(Fitting(source, destination)))
            SizeClasses.Dispatch<MoveOperation, NoResult>(new MoveOperation(from, to), source.Length);
    }

    /// <summary>The destination of a span copy, checked to hold the source before anything is written.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Span<byte> Fitting(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (source.Length > destination.Length)
            ThrowDestinationTooShort(source.Length, destination.Length);
        return destination;
    }

    [DoesNotReturn]
    private static void ThrowDestinationTooShort(int sourceLength, int destinationLength) =>
        throw new ArgumentException($"The destination has {destinationLength} bytes; the source has {sourceLength}.", "destination");
}

/// <summary>Copy, once per size class and path (see <see cref="SizeClasses"/>). Every class up to 64 bytes loads before it stores.</summary>
internal readonly unsafe struct CopyOperation(byte* source, byte* destination) : ISizeClassOperation<NoResult>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult Empty() => default;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult UpToThreeBytes(nuint size)
    {
        // All three loaded before any store, so an overlapping move is right too.
        Unaligned.StoreThree(destination, size, source[0], source[size / 2], source[size - 1]);
        return default;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult TwoWords<TWord>(nuint last) where TWord : unmanaged
    {
        Unaligned.CopyTwo<TWord>(source, destination, last);
        return default;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult Masked(Vector256<byte> mask)
    {
        MaskedVector.Store(destination, mask, MaskedVector.Load(source, mask));
        return default;
    }

    /// <summary>Sizes above this go, on the vector path, to the runtime's memmove (<see cref="RuntimeCopy"/>).</summary>
    public const int MaxVectorBlocksSize = 2048;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult VectorBlocks(nuint size)
    {
        if (size > MaxVectorBlocksSize)
            RuntimeCopy(source, destination, size);
        else
            Sparrow.Storage.VectorBlocks.Copy(source, destination, size);
        return default;
    }

    /// <summary>The copy of more than <see cref="MaxVectorBlocksSize"/> bytes on the vector path: the runtime's memmove.</summary>
    /// <remarks>
    /// <para>
    /// PERF: above 2 KiB the runtime hands a copy to the C library's memmove, which on a CPU with fast short
    /// <c>rep movsb</c> (glibc's default threshold is 2112 bytes) copies with that one instruction. Past L1 no loop of
    /// loads and stores matched it: with 256-bit and with 512-bit blocks alike, a 4 KiB copy stayed slower
    /// (CopyBenchmarks, Size=4096, against BufferMemoryCopy). The call costs nothing measurable at that size.
    /// </para>
    /// <para>
    /// PERF: never inlined, and its parameters in Copy's order: the call inlined into Copy's body made the JIT keep
    /// the source in a saved register through the whole body, which added a push, a pop and two moves to every copy.
    /// </para>
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void RuntimeCopy(byte* source, byte* destination, nuint size) => Buffer.MemoryCopy(source, destination, size, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult WordBlocks(nuint size) => Sparrow.Storage.WordBlocks.Copy(source, destination, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult AdvSimdBlocks(nuint size) => WordBlocks(size);
}

/// <summary>Move: <see cref="CopyOperation"/> up to the block sizes (each of its classes loads before it stores), then blocks in the direction the overlap needs.</summary>
internal readonly unsafe struct MoveOperation(byte* source, byte* destination) : ISizeClassOperation<NoResult>
{
    private readonly CopyOperation _copy = new(source, destination);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult Empty() => default;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult UpToThreeBytes(nuint size) => _copy.UpToThreeBytes(size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult TwoWords<TWord>(nuint last) where TWord : unmanaged => _copy.TwoWords<TWord>(last);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult Masked(Vector256<byte> mask) => _copy.Masked(mask);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult VectorBlocks(nuint size) => Sparrow.Storage.VectorBlocks.Move(source, destination, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult WordBlocks(nuint size) => Sparrow.Storage.WordBlocks.Move(source, destination, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult AdvSimdBlocks(nuint size) => WordBlocks(size);
}
