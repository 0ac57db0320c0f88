using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Sparrow.Storage;

public ref partial struct SpanReader
{
    // A negative count is never satisfiable, so one unsigned compare rejects it together with a count
    // beyond the end: a length decoded from bad data and cast to int cannot get past it.

    /// <summary>Reads the next <paramref name="byteCount"/> bytes as a slice of the input (no copy).</summary>
    /// <param name="byteCount">How many bytes to read.</param>
    /// <returns>The bytes, a slice of the span the reader was created over.</returns>
    /// <exception cref="FormatException"><paramref name="byteCount"/> is negative or more than <see cref="Remaining"/>; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ReadOnlySpan<byte> ReadBytes(int byteCount)
    {
        int position = _position;
        if ((uint)byteCount > (uint)(_data.Length - position))
            ThrowNotEnoughBytes(byteCount, position, _data.Length - position);
        _position = position + byteCount;
        return MemoryMarshal.CreateReadOnlySpan(ref At(_data, position), byteCount);
    }

    /// <summary>Reads the next <paramref name="byteCount"/> bytes as a slice of the input (no copy).</summary>
    /// <param name="byteCount">How many bytes to read.</param>
    /// <param name="bytes">The bytes, or an empty span when it returns false.</param>
    /// <returns>Whether <paramref name="byteCount"/> is 0..<see cref="Remaining"/>; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadBytes(int byteCount, out ReadOnlySpan<byte> bytes)
    {
        int position = _position;
        if ((uint)byteCount > (uint)(_data.Length - position))
        {
            bytes = default;
            return false;
        }

        bytes = MemoryMarshal.CreateReadOnlySpan(ref At(_data, position), byteCount);
        _position = position + byteCount;
        return true;
    }

    /// <summary>Skips the next <paramref name="byteCount"/> bytes.</summary>
    /// <param name="byteCount">How many bytes to skip.</param>
    /// <exception cref="FormatException"><paramref name="byteCount"/> is negative or more than <see cref="Remaining"/>; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Skip(int byteCount)
    {
        int position = _position;
        if ((uint)byteCount > (uint)(_data.Length - position))
            ThrowNotEnoughBytes(byteCount, position, _data.Length - position);
        _position = position + byteCount;
    }

    /// <summary>Skips the next <paramref name="byteCount"/> bytes.</summary>
    /// <param name="byteCount">How many bytes to skip.</param>
    /// <returns>Whether <paramref name="byteCount"/> is 0..<see cref="Remaining"/>; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TrySkip(int byteCount)
    {
        int position = _position;
        if ((uint)byteCount > (uint)(_data.Length - position))
            return false;
        _position = position + byteCount;
        return true;
    }

    /// <summary>
    /// Reads a length-prefixed run of bytes: a 32-bit varint length, then that many bytes, returned as a slice
    /// of the input (no copy).
    /// </summary>
    /// <param name="bytes">The bytes after the length, or an empty span when it returns false.</param>
    /// <returns>Whether the length is a valid varint and that many bytes follow it; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadLengthPrefixedBytes(out ReadOnlySpan<byte> bytes)
    {
        ReadOnlySpan<byte> data = _data;
        int position = _position;

        // PERF: a length's value decides where the next read starts, so a branch on its byte count lets
        // nothing run ahead; it only mispredicts when lengths mix one and two bytes, as value lengths do.
        // Those two are decoded without that branch; longer lengths take the word decoder.
        if (!VarIntScalar.TryReadOneOrTwoBytes(data, position, out uint length, out int start))
        {
            ulong result = VarIntScalar.ReadUInt32(data, position);
            if (result == 0)
                goto Rejected;
            length = (uint)result;
            start = position + (int)(result >> 32);
        }

        if (length > (uint)(data.Length - start))
            goto Rejected;
        bytes = MemoryMarshal.CreateReadOnlySpan(ref At(data, start), (int)length);
        _position = start + (int)length;
        return true;

    Rejected:
        bytes = default;
        return false;
    }

    /// <summary>
    /// Reads a length-prefixed run of bytes: a 32-bit varint length, then that many bytes, returned as a slice
    /// of the input (no copy).
    /// </summary>
    /// <returns>The bytes after the length.</returns>
    /// <exception cref="FormatException">The length is not a valid 32-bit varint, or fewer bytes than it says follow it; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ReadOnlySpan<byte> ReadLengthPrefixedBytes()
    {
        if (!TryReadLengthPrefixedBytes(out ReadOnlySpan<byte> bytes))
            ThrowInvalidLengthPrefixed(_data, _position);
        return bytes;
    }
}
