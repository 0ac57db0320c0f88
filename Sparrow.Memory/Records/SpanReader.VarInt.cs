using System.Runtime.CompilerServices;

namespace Sparrow;

public ref partial struct SpanReader
{
    // PERF: each varint read inlines the one- and two-byte cases: a load, a compare and an add in the caller
    // for one byte (counts and small tags are mostly below 128), one more of each for two. A predicted
    // branch moves the position by a constant, so the next reads start before this one resolves; taking
    // the two-byte case inline too keeps that true for mixed 1-2 byte data, where a call to the word
    // decoder after every mispredicted first byte measured about twice as slow (a loop like VarIntDecode's
    // ReadVarUInt32 on OneToTwoBytes). Longer values take one call to the word decoder (VarIntScalar).

    /// <summary>The inline half of every varint read: the value at the position when it takes one or two bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryReadShortVarInt(out uint value)
    {
        ReadOnlySpan<byte> data = _data;
        int position = _position;
        if ((uint)position < (uint)data.Length)
        {
            uint first = data[position];
            if (first < 0x80)
            {
                value = first;
                _position = position + 1;
                return true;
            }

            if ((uint)(position + 1) < (uint)data.Length && data[position + 1] < 0x80)
            {
                value = (first & 0x7F) | (uint)data[position + 1] << 7;
                _position = position + 2;
                return true;
            }
        }

        value = 0;
        return false;
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
