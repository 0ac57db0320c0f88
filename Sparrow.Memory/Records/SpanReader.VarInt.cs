using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

public ref partial struct SpanReader
{
    // PERF: each varint read inlines the one- and two-byte cases without a branch on which: the next read's
    // position is this one's plus 1 + (first byte >> 7), a chain of a byte load, a shift and an add per value
    // that no misprediction breaks. A branch on the first byte would let one-byte data run ahead of its loads,
    // but mixed one- and two-byte data (values, lengths) mispredicts it about every other value, which costs
    // more than the whole chain. The only branches are predicted ones: at least two bytes left, and at most
    // two bytes in the value; anything else takes one call to the word decoder (VarIntScalar).

    /// <summary>The inline half of every varint read: the value at the position when it takes one or two bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryReadShortVarInt(out uint value)
    {
        if (!VarIntScalar.TryReadOneOrTwoBytes(_data, _position, out value, out int end))
            return false;
        _position = end;
        return true;
    }

    /// <summary>Reads a LEB128 varint of at most 5 bytes as a 32-bit unsigned value.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether a complete, valid 32-bit varint was read; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadVarUInt32(out uint value)
    {
        if (TryReadShortVarInt(out value))
            return true;
        ulong result = VarIntScalar.ReadUInt32(_data, _position);
        value = (uint)result;
        _position += (int)(result >> 32);
        return result != 0;
    }

    /// <summary>Reads a LEB128 varint of at most 5 bytes as a 32-bit unsigned value.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">The data ends inside the varint, it is longer than 5 bytes, or its value does not fit in 32 bits; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadVarUInt32()
    {
        if (TryReadShortVarInt(out uint value))
            return value;
        ulong result = VarIntScalar.ReadUInt32(_data, _position);
        if (result == 0)
            ThrowInvalidVarInt(_data, _position, VarInt.MaxLength32);
        _position += (int)(result >> 32);
        return (uint)result;
    }

    /// <summary>Reads a LEB128 varint of at most 10 bytes as a 64-bit unsigned value.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether a complete, valid 64-bit varint was read; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadVarUInt64(out ulong value)
    {
        if (TryReadShortVarInt(out uint shortValue))
        {
            value = shortValue;
            return true;
        }

        (value, int length) = VarIntScalar.ReadUInt64(_data, _position);
        _position += length;
        return length != 0;
    }

    /// <summary>Reads a LEB128 varint of at most 10 bytes as a 64-bit unsigned value.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">The data ends inside the varint, it is longer than 10 bytes, or its value does not fit in 64 bits; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadVarUInt64()
    {
        if (TryReadShortVarInt(out uint shortValue))
            return shortValue;
        (ulong value, int length) = VarIntScalar.ReadUInt64(_data, _position);
        if (length == 0)
            ThrowInvalidVarInt(_data, _position, VarInt.MaxLength64);
        _position += length;
        return value;
    }

    /// <summary>Reads a zigzag-encoded 32-bit signed varint (<see cref="VarInt.ZigZagEncode(int)"/>).</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">The bytes are not a valid 32-bit varint; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadVarInt32() => VarInt.ZigZagDecode(ReadVarUInt32());

    /// <summary>Reads a zigzag-encoded 64-bit signed varint (<see cref="VarInt.ZigZagEncode(long)"/>).</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">The bytes are not a valid 64-bit varint; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long ReadVarInt64() => VarInt.ZigZagDecode(ReadVarUInt64());

    /// <summary>Reads a zigzag-encoded 32-bit signed varint (<see cref="VarInt.ZigZagEncode(int)"/>).</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether a complete, valid 32-bit varint was read; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadVarInt32(out int value)
    {
        bool read = TryReadVarUInt32(out uint encoded);
        value = VarInt.ZigZagDecode(encoded);
        return read;
    }

    /// <summary>Reads a zigzag-encoded 64-bit signed varint (<see cref="VarInt.ZigZagEncode(long)"/>).</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether a complete, valid 64-bit varint was read; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadVarInt64(out long value)
    {
        bool read = TryReadVarUInt64(out ulong encoded);
        value = VarInt.ZigZagDecode(encoded);
        return read;
    }

    /// <summary>Skips a varint without keeping its value; it accepts exactly what <see cref="TryReadVarUInt64"/> accepts.</summary>
    /// <returns>Whether a complete, valid 64-bit varint was skipped; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TrySkipVarInt() => TryReadVarUInt64(out _);

    /// <summary>Skips a varint without keeping its value; it accepts exactly what <see cref="ReadVarUInt64"/> accepts.</summary>
    /// <exception cref="FormatException">The bytes are not a valid 64-bit varint; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void SkipVarInt() => ReadVarUInt64();
}
