using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Sparrow;

public ref partial struct SpanReader
{
    // Fixed-width reads: one bounds test, one unaligned load, a byte swap only when the requested order
    // differs from the machine's (BitConverter.IsLittleEndian is a JIT-time constant).

    /// <summary>Reads one byte.</summary>
    /// <returns>The byte.</returns>
    /// <exception cref="FormatException">No byte remains; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public byte ReadByte() => ReadUnaligned<byte>();

    /// <summary>Reads one byte.</summary>
    /// <param name="value">The byte, or 0 when it returns false.</param>
    /// <returns>Whether a byte remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadByte(out byte value) => TryReadUnaligned(out value);

    /// <summary>Reads a 16-bit signed integer stored in 2 little-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 2 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public short ReadInt16LittleEndian() => (short)ToMachineOrderLittleEndian(ReadUnaligned<ushort>());

    /// <summary>Reads a 16-bit signed integer stored in 2 little-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 2 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadInt16LittleEndian(out short value)
    {
        bool read = TryReadUnaligned(out ushort raw);
        value = (short)ToMachineOrderLittleEndian(raw);
        return read;
    }

    /// <summary>Reads a 16-bit signed integer stored in 2 big-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 2 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public short ReadInt16BigEndian() => (short)ToMachineOrderBigEndian(ReadUnaligned<ushort>());

    /// <summary>Reads a 16-bit signed integer stored in 2 big-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 2 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadInt16BigEndian(out short value)
    {
        bool read = TryReadUnaligned(out ushort raw);
        value = (short)ToMachineOrderBigEndian(raw);
        return read;
    }

    /// <summary>Reads a 16-bit unsigned integer stored in 2 little-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 2 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ushort ReadUInt16LittleEndian() => ToMachineOrderLittleEndian(ReadUnaligned<ushort>());

    /// <summary>Reads a 16-bit unsigned integer stored in 2 little-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 2 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadUInt16LittleEndian(out ushort value)
    {
        bool read = TryReadUnaligned(out ushort raw);
        value = ToMachineOrderLittleEndian(raw);
        return read;
    }

    /// <summary>Reads a 16-bit unsigned integer stored in 2 big-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 2 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ushort ReadUInt16BigEndian() => ToMachineOrderBigEndian(ReadUnaligned<ushort>());

    /// <summary>Reads a 16-bit unsigned integer stored in 2 big-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 2 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadUInt16BigEndian(out ushort value)
    {
        bool read = TryReadUnaligned(out ushort raw);
        value = ToMachineOrderBigEndian(raw);
        return read;
    }

    /// <summary>Reads a 32-bit signed integer stored in 4 little-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 4 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadInt32LittleEndian() => (int)ToMachineOrderLittleEndian(ReadUnaligned<uint>());

    /// <summary>Reads a 32-bit signed integer stored in 4 little-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 4 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadInt32LittleEndian(out int value)
    {
        bool read = TryReadUnaligned(out uint raw);
        value = (int)ToMachineOrderLittleEndian(raw);
        return read;
    }

    /// <summary>Reads a 32-bit signed integer stored in 4 big-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 4 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadInt32BigEndian() => (int)ToMachineOrderBigEndian(ReadUnaligned<uint>());

    /// <summary>Reads a 32-bit signed integer stored in 4 big-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 4 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadInt32BigEndian(out int value)
    {
        bool read = TryReadUnaligned(out uint raw);
        value = (int)ToMachineOrderBigEndian(raw);
        return read;
    }

    /// <summary>Reads a 32-bit unsigned integer stored in 4 little-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 4 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadUInt32LittleEndian() => ToMachineOrderLittleEndian(ReadUnaligned<uint>());

    /// <summary>Reads a 32-bit unsigned integer stored in 4 little-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 4 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadUInt32LittleEndian(out uint value)
    {
        bool read = TryReadUnaligned(out uint raw);
        value = ToMachineOrderLittleEndian(raw);
        return read;
    }

    /// <summary>Reads a 32-bit unsigned integer stored in 4 big-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 4 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadUInt32BigEndian() => ToMachineOrderBigEndian(ReadUnaligned<uint>());

    /// <summary>Reads a 32-bit unsigned integer stored in 4 big-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 4 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadUInt32BigEndian(out uint value)
    {
        bool read = TryReadUnaligned(out uint raw);
        value = ToMachineOrderBigEndian(raw);
        return read;
    }

    /// <summary>Reads a 64-bit signed integer stored in 8 little-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 8 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long ReadInt64LittleEndian() => (long)ToMachineOrderLittleEndian(ReadUnaligned<ulong>());

    /// <summary>Reads a 64-bit signed integer stored in 8 little-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 8 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadInt64LittleEndian(out long value)
    {
        bool read = TryReadUnaligned(out ulong raw);
        value = (long)ToMachineOrderLittleEndian(raw);
        return read;
    }

    /// <summary>Reads a 64-bit signed integer stored in 8 big-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 8 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long ReadInt64BigEndian() => (long)ToMachineOrderBigEndian(ReadUnaligned<ulong>());

    /// <summary>Reads a 64-bit signed integer stored in 8 big-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 8 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadInt64BigEndian(out long value)
    {
        bool read = TryReadUnaligned(out ulong raw);
        value = (long)ToMachineOrderBigEndian(raw);
        return read;
    }

    /// <summary>Reads a 64-bit unsigned integer stored in 8 little-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 8 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadUInt64LittleEndian() => ToMachineOrderLittleEndian(ReadUnaligned<ulong>());

    /// <summary>Reads a 64-bit unsigned integer stored in 8 little-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 8 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadUInt64LittleEndian(out ulong value)
    {
        bool read = TryReadUnaligned(out ulong raw);
        value = ToMachineOrderLittleEndian(raw);
        return read;
    }

    /// <summary>Reads a 64-bit unsigned integer stored in 8 big-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 8 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadUInt64BigEndian() => ToMachineOrderBigEndian(ReadUnaligned<ulong>());

    /// <summary>Reads a 64-bit unsigned integer stored in 8 big-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 8 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadUInt64BigEndian(out ulong value)
    {
        bool read = TryReadUnaligned(out ulong raw);
        value = ToMachineOrderBigEndian(raw);
        return read;
    }

    /// <summary>Reads a single-precision (32-bit IEEE 754) value stored in 4 little-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 4 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public float ReadSingleLittleEndian() => BitConverter.UInt32BitsToSingle(ToMachineOrderLittleEndian(ReadUnaligned<uint>()));

    /// <summary>Reads a single-precision (32-bit IEEE 754) value stored in 4 little-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 4 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadSingleLittleEndian(out float value)
    {
        bool read = TryReadUnaligned(out uint raw);
        value = BitConverter.UInt32BitsToSingle(ToMachineOrderLittleEndian(raw));
        return read;
    }

    /// <summary>Reads a single-precision (32-bit IEEE 754) value stored in 4 big-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 4 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public float ReadSingleBigEndian() => BitConverter.UInt32BitsToSingle(ToMachineOrderBigEndian(ReadUnaligned<uint>()));

    /// <summary>Reads a single-precision (32-bit IEEE 754) value stored in 4 big-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 4 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadSingleBigEndian(out float value)
    {
        bool read = TryReadUnaligned(out uint raw);
        value = BitConverter.UInt32BitsToSingle(ToMachineOrderBigEndian(raw));
        return read;
    }

    /// <summary>Reads a double-precision (64-bit IEEE 754) value stored in 8 little-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 8 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public double ReadDoubleLittleEndian() => BitConverter.UInt64BitsToDouble(ToMachineOrderLittleEndian(ReadUnaligned<ulong>()));

    /// <summary>Reads a double-precision (64-bit IEEE 754) value stored in 8 little-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 8 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadDoubleLittleEndian(out double value)
    {
        bool read = TryReadUnaligned(out ulong raw);
        value = BitConverter.UInt64BitsToDouble(ToMachineOrderLittleEndian(raw));
        return read;
    }

    /// <summary>Reads a double-precision (64-bit IEEE 754) value stored in 8 big-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 8 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public double ReadDoubleBigEndian() => BitConverter.UInt64BitsToDouble(ToMachineOrderBigEndian(ReadUnaligned<ulong>()));

    /// <summary>Reads a double-precision (64-bit IEEE 754) value stored in 8 big-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 8 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadDoubleBigEndian(out double value)
    {
        bool read = TryReadUnaligned(out ulong raw);
        value = BitConverter.UInt64BitsToDouble(ToMachineOrderBigEndian(raw));
        return read;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private T ReadUnaligned<T>()
        where T : unmanaged
    {
        int position = _position;
        if (_data.Length - position < Unsafe.SizeOf<T>())
            ThrowNotEnoughBytes(Unsafe.SizeOf<T>(), position, _data.Length - position);
        T value = Unsafe.ReadUnaligned<T>(ref At(_data, position));
        _position = position + Unsafe.SizeOf<T>();
        return value;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryReadUnaligned<T>(out T value)
        where T : unmanaged
    {
        int position = _position;
        if (_data.Length - position < Unsafe.SizeOf<T>())
        {
            value = default;
            return false;
        }

        value = Unsafe.ReadUnaligned<T>(ref At(_data, position));
        _position = position + Unsafe.SizeOf<T>();
        return true;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ushort ToMachineOrderLittleEndian(ushort value) => BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ushort ToMachineOrderBigEndian(ushort value) => BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(value) : value;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint ToMachineOrderLittleEndian(uint value) => BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint ToMachineOrderBigEndian(uint value) => BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(value) : value;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong ToMachineOrderLittleEndian(ulong value) => BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong ToMachineOrderBigEndian(ulong value) => BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(value) : value;
}
