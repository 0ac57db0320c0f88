using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;

namespace Sparrow.Formatting;

public readonly partial struct Etag
{
    /// <summary>
    /// Writes the etag as 16 big-endian bytes, <see cref="Restarts"/> then <see cref="Changes"/>, so that
    /// comparing the bytes with memcmp orders etags as <see cref="CompareTo(Etag)"/> does.
    /// </summary>
    /// <param name="destination">At least <see cref="ByteLength"/> bytes; the first 16 are written.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 16 bytes.</exception>
    public void WriteBytes(Span<byte> destination)
    {
        if (destination.Length < ByteLength)
            ThrowTooShort(destination.Length, isSource: false);
        BinaryPrimitives.WriteInt64BigEndian(destination, _restarts);
        BinaryPrimitives.WriteInt64BigEndian(destination.Slice(sizeof(long)), _changes);
    }

    /// <summary>Reads an etag written by <see cref="WriteBytes(Span{byte})"/>.</summary>
    /// <param name="source">At least <see cref="ByteLength"/> bytes; the first 16 are read.</param>
    /// <exception cref="ArgumentException"><paramref name="source"/> is shorter than 16 bytes.</exception>
    public static Etag FromBytes(ReadOnlySpan<byte> source)
    {
        if (source.Length < ByteLength)
            ThrowTooShort(source.Length, isSource: true);
        return new Etag(
            BinaryPrimitives.ReadInt64BigEndian(source),
            BinaryPrimitives.ReadInt64BigEndian(source.Slice(sizeof(long))));
    }

    // The parameter's name is chosen inside: a string literal passed as an argument is loaded by a JIT helper
    // call before the throw helper's call, on the hot path.
    [DoesNotReturn]
    private static void ThrowTooShort(int length, bool isSource) =>
        throw new ArgumentException($"An etag takes {ByteLength} bytes; the buffer has {length}.", isSource ? "source" : "destination");
}
