using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Sparrow.Storage;

public sealed unsafe partial class MappedFile
{
    /// <summary>The <paramref name="byteCount"/> bytes at <paramref name="offset"/>, in place.</summary>
    /// <param name="offset">The position of the first byte in the file.</param>
    /// <param name="byteCount">How many bytes.</param>
    /// <returns>A span over the map; it must not be used after <see cref="Dispose"/>.</returns>
    /// <exception cref="ArgumentOutOfRangeException">
    /// <paramref name="offset"/> or <paramref name="byteCount"/> is negative, or the range ends past <see cref="Length"/>.
    /// </exception>
    /// <exception cref="ObjectDisposedException">The map has been disposed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ReadOnlySpan<byte> AsSpan(long offset, int byteCount)
    {
        if (IsOutside(offset, byteCount))
            ThrowOutsideFile(offset, byteCount);
        return MemoryMarshal.CreateReadOnlySpan(ref Unsafe.AsRef<byte>(_pointer + offset), byteCount);
    }

    /// <summary>
    /// The <paramref name="count"/> values of type <typeparamref name="T"/> stored at <paramref name="offset"/>,
    /// in place: a cast of the bytes, not a copy.
    /// </summary>
    /// <typeparam name="T">A type without references: a primitive or a struct of them.</typeparam>
    /// <param name="offset">The position of the first value's first byte in the file; any alignment.</param>
    /// <param name="count">How many values.</param>
    /// <returns>
    /// A span over the map; it must not be used after <see cref="Dispose"/>. At an offset that is not a multiple
    /// of <typeparamref name="T"/>'s alignment its elements are misaligned, as with <see cref="MemoryMarshal.Cast{TFrom, TTo}(ReadOnlySpan{TFrom})"/>:
    /// plain reads are fine on x64 and Arm64, atomic operations on them are not.
    /// </returns>
    /// <exception cref="ArgumentOutOfRangeException">
    /// <paramref name="offset"/> or <paramref name="count"/> is negative, or the <paramref name="count"/> values
    /// end past <see cref="Length"/> (their byte length is computed in 64 bits, so it cannot wrap around).
    /// </exception>
    /// <exception cref="ObjectDisposedException">The map has been disposed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ReadOnlySpan<T> Cast<T>(long offset, int count)
        where T : unmanaged
    {
        // |count| < 2^31 and sizeof(T) < 2^31, so the 64-bit product is exact (and negative for a negative count).
        if (IsOutside(offset, (long)count * sizeof(T)))
            ThrowOutsideFile(offset, count, sizeof(T));
        return MemoryMarshal.CreateReadOnlySpan(ref Unsafe.AsRef<T>(_pointer + offset), count);
    }

    /// <summary>The value of type <typeparamref name="T"/> stored at <paramref name="offset"/>, at any alignment.</summary>
    /// <typeparam name="T">A type without references: a primitive or a struct of them.</typeparam>
    /// <param name="offset">The position of the value's first byte in the file.</param>
    /// <returns>The value, read in the machine's byte order.</returns>
    /// <exception cref="ArgumentOutOfRangeException">
    /// <paramref name="offset"/> is negative, or the value ends past <see cref="Length"/>.
    /// </exception>
    /// <exception cref="ObjectDisposedException">The map has been disposed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public T Read<T>(long offset)
        where T : unmanaged
    {
        if (IsOutside<T>(offset))
            ThrowValueOutsideFile(offset, sizeof(T));
        return Unsafe.ReadUnaligned<T>(_pointer + offset);
    }

    /// <summary>
    /// Tells the OS that the <paramref name="byteCount"/> bytes at <paramref name="offset"/> will be read soon, so it
    /// can start reading them into the page cache (madvise MADV_WILLNEED on Linux and macOS). A hint: it returns
    /// at once, and does nothing where the OS offers no such hint (Windows).
    /// </summary>
    /// <param name="offset">The position of the first byte in the file.</param>
    /// <param name="byteCount">How many bytes.</param>
    /// <exception cref="ArgumentOutOfRangeException">
    /// <paramref name="offset"/> or <paramref name="byteCount"/> is negative, or the range ends past <see cref="Length"/>.
    /// </exception>
    /// <exception cref="ObjectDisposedException">The map has been disposed.</exception>
    public void WillNeed(long offset, long byteCount)
    {
        if (IsOutside(offset, byteCount))
            ThrowOutsideFile(offset, byteCount);
        if (byteCount != 0)
            MemoryAdvice.WillNeed(_pointer + offset, (nuint)byteCount);
    }

    /// <summary>
    /// Whether a <typeparamref name="T"/> at <paramref name="offset"/> is not all inside the map: true for a negative
    /// offset, for one past the last whole value, and always once the map is disposed.
    /// </summary>
    /// <remarks>
    /// PERF: one unsigned compare against the number of offsets a value can start at, <c>Length - sizeof(T) + 1</c>
    /// clamped at 0 (a file shorter than a value, or disposed): a negative offset is a huge unsigned one, so it
    /// fails the same compare. For the sizes of the primitives the count is precomputed (<see cref="ValueStarts"/>),
    /// so a read in a caller's loop is one compare with a field; the JIT cannot be relied on to hoist the count
    /// out of the loop (it hoists no field load that follows a store in the loop, such as a foreach variable's).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool IsOutside<T>(long offset)
        where T : unmanaged
    {
        // sizeof(T) is a constant for the JIT: one arm of the switch survives.
        long starts = sizeof(T) switch
        {
            1 => _valueStarts[0],
            2 => _valueStarts[1],
            4 => _valueStarts[2],
            8 => _valueStarts[3],
            16 => _valueStarts[4],
            _ => Math.Max(_length - sizeof(T) + 1, 0),
        };
        return (ulong)offset >= (ulong)starts;
    }

    /// <summary>
    /// Whether <paramref name="byteCount"/> bytes at <paramref name="offset"/> are not all inside the map: true when
    /// either is negative, when they end past the length, and always once the map is disposed (length -1).
    /// </summary>
    /// <remarks>
    /// PERF: one branch for all of it: each term is negative exactly when its condition fails, so the OR of
    /// the four is negative when any fails. No term can wrap around unless an earlier one is already negative
    /// (<c>room</c> only overflows for a negative offset, <c>room - byteCount</c> only for a negative room or
    /// count). The Span.Slice idiom, <c>(ulong)offset + (ulong)length &gt; (ulong)Length</c>, needs a type twice
    /// as wide as the offset to be exact; with a 64-bit offset it would wrap and accept offsets just below 0.
    /// (<see cref="IsOutside{T}(long)"/> needs one compare because its size is a constant, never negative.)
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool IsOutside(long offset, long byteCount)
    {
        long room = _length - offset;
        return (offset | byteCount | room | (room - byteCount)) < 0;
    }

    // The exceptions for a range IsOutside rejected: ObjectDisposedException once disposed, else the range.
    // PERF: deliberately not NoInlining: a body that only throws keeps the call out of line, and the JIT
    // knows it does not return (as SizeClasses.ThrowNegativeSize).

    [DoesNotReturn]
    private void ThrowOutsideFile(long offset, long length) =>
        throw OutsideFile(offset, "length", $"offset {offset}, length {length}");

    [DoesNotReturn]
    private void ThrowOutsideFile(long offset, int count, int valueSize) =>
        throw OutsideFile(offset, "count", $"offset {offset}, count {count} of {valueSize}-byte values");

    [DoesNotReturn]
    private void ThrowValueOutsideFile(long offset, int valueSize) =>
        throw OutsideFile(offset, "offset", $"offset {offset}, one {valueSize}-byte value");

    private Exception OutsideFile(long offset, string lengthName, string range)
    {
        long fileLength = _length;
        if (fileLength == Disposed)
            return new ObjectDisposedException(GetType().FullName);
        // The offset is to blame when it is outside the file by itself; otherwise the length is.
        return new ArgumentOutOfRangeException(
            offset < 0 || offset > fileLength ? "offset" : lengthName,
            $"The range ({range}) is not inside the file's {fileLength} bytes.");
    }
}
