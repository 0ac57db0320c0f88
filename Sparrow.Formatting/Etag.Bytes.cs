using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

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
            ThrowBufferTooShort(nameof(destination), destination.Length);
        BinaryPrimitives.WriteInt64BigEndian(destination, _restarts);
        BinaryPrimitives.WriteInt64BigEndian(destination.Slice(sizeof(long)), _changes);
    }

    /// <summary>Reads an etag written by <see cref="WriteBytes(Span{byte})"/>.</summary>
    /// <param name="source">At least <see cref="ByteLength"/> bytes; the first 16 are read.</param>
    /// <exception cref="ArgumentException"><paramref name="source"/> is shorter than 16 bytes.</exception>
    public static Etag FromBytes(ReadOnlySpan<byte> source)
    {
        if (source.Length < ByteLength)
            ThrowBufferTooShort(nameof(source), source.Length);
        return new Etag(
            BinaryPrimitives.ReadInt64BigEndian(source),
            BinaryPrimitives.ReadInt64BigEndian(source.Slice(sizeof(long))));
    }

    [DoesNotReturn]
    private static void ThrowBufferTooShort(string parameterName, int length) =>
        throw new ArgumentException($"An etag takes {ByteLength} bytes; the buffer has {length}.", parameterName);
}
