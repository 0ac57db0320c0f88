using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Sparrow;

public static unsafe partial class Memory
{
    /// <summary>Copies <paramref name="size"/> bytes from <paramref name="source"/> to <paramref name="destination"/>.</summary>
    /// <param name="destination">Where the bytes go.</param>
    /// <param name="source">Where the bytes come from.</param>
    /// <param name="size">How many bytes to copy.</param>
    /// <remarks>
    /// The two ranges must not overlap; use <see cref="Move(byte*, byte*, int)"/> when they may. On overlapping
    /// ranges Copy still reads only <c>[source, source + size)</c> and writes only
    /// <c>[destination, destination + size)</c>, but the bytes written are unspecified.
    /// </remarks>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="size"/> is negative.</exception>
    public static void Copy(byte* destination, byte* source, int size) => CopyInline(destination, source, size);

    /// <summary>
    /// The same as <see cref="Copy(byte*, byte*, int)"/>, marked for inlining so a hot call site (a value
    /// written into a page) pays no call for small sizes.
    /// </summary>
    /// <inheritdoc cref="Copy(byte*, byte*, int)"/>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void CopyInline(byte* destination, byte* source, int size) =>
        SizeClasses.Dispatch<CopyOperation, NoResult>(new CopyOperation(destination, source), size);

    /// <summary>
    /// Copies <paramref name="size"/> bytes from <paramref name="source"/> to <paramref name="destination"/>,
    /// right whatever the overlap of the two ranges (shifting a page's slot array by a few bytes, say).
    /// </summary>
    /// <param name="destination">Where the bytes go.</param>
    /// <param name="source">Where the bytes come from.</param>
    /// <param name="size">How many bytes to move.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="size"/> is negative.</exception>
    public static void Move(byte* destination, byte* source, int size) =>
        SizeClasses.Dispatch<MoveOperation, NoResult>(new MoveOperation(destination, source), size);

    /// <summary>Copies <paramref name="source"/> to the start of <paramref name="destination"/>, which must not overlap it.</summary>
    /// <param name="source">The bytes to copy.</param>
    /// <param name="destination">Receives the bytes; at least as long as <paramref name="source"/>.</param>
    /// <remarks>Use <see cref="Move(ReadOnlySpan{byte}, Span{byte})"/> when the spans may overlap.</remarks>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <paramref name="source"/>; nothing is written.</exception>
    public static void Copy(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* to = &MemoryMarshal.GetReference(Fitting(source, destination)))
        fixed (byte* from = &MemoryMarshal.GetReference(source))
            SizeClasses.Dispatch<CopyOperation, NoResult>(new CopyOperation(to, from), source.Length);
    }

    /// <summary>Copies <paramref name="source"/> to the start of <paramref name="destination"/>, right whatever their overlap.</summary>
    /// <param name="source">The bytes to copy.</param>
    /// <param name="destination">Receives the bytes; at least as long as <paramref name="source"/>.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <paramref name="source"/>; nothing is written.</exception>
    public static void Move(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* to = &MemoryMarshal.GetReference(Fitting(source, destination)))
        fixed (byte* from = &MemoryMarshal.GetReference(source))
            SizeClasses.Dispatch<MoveOperation, NoResult>(new MoveOperation(to, from), source.Length);
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
internal readonly unsafe struct CopyOperation(byte* destination, byte* source) : ISizeClassOperation<NoResult>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult Empty() => default;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult UpToThreeBytes(nuint size)
    {
        // All three loaded before any store, so an overlapping move is right too.
        byte first = source[0];
        byte middle = source[size / 2];
        byte last = source[size - 1];
        destination[0] = first;
        destination[size / 2] = middle;
        destination[size - 1] = last;
        return default;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult TwoWords<TWord>(nuint last) where TWord : unmanaged => Words.CopyTwo<TWord>(destination, source, last);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult Masked(Vector256<byte> mask)
    {
        MaskedVector.Store(destination, mask, MaskedVector.Load(source, mask));
        return default;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult VectorBlocks(nuint size) => VectorStrides.Copy(destination, source, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult WordBlocks(nuint size) => WordStrides.Copy(destination, source, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult AdvSimdBlocks(nuint size) => WordBlocks(size);
}

/// <summary>Move: <see cref="CopyOperation"/> up to the block sizes (each of its classes loads before it stores), then blocks in the direction the overlap needs.</summary>
internal readonly unsafe struct MoveOperation(byte* destination, byte* source) : ISizeClassOperation<NoResult>
{
    private readonly CopyOperation _copy = new(destination, source);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult Empty() => default;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult UpToThreeBytes(nuint size) => _copy.UpToThreeBytes(size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult TwoWords<TWord>(nuint last) where TWord : unmanaged => _copy.TwoWords<TWord>(last);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult Masked(Vector256<byte> mask) => _copy.Masked(mask);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult VectorBlocks(nuint size) => VectorStrides.Move(destination, source, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult WordBlocks(nuint size) => WordStrides.Move(destination, source, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult AdvSimdBlocks(nuint size) => WordBlocks(size);
}
