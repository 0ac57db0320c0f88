using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

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
    public short ReadInt16LittleEndian() => Read<short>(bigEndian: false);

    /// <summary>Reads a 16-bit signed integer stored in 2 little-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 2 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadInt16LittleEndian(out short value) => TryRead(out value, bigEndian: false);

    /// <summary>Reads a 16-bit signed integer stored in 2 big-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 2 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public short ReadInt16BigEndian() => Read<short>(bigEndian: true);

    /// <summary>Reads a 16-bit signed integer stored in 2 big-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 2 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadInt16BigEndian(out short value) => TryRead(out value, bigEndian: true);

    /// <summary>Reads a 16-bit unsigned integer stored in 2 little-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 2 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ushort ReadUInt16LittleEndian() => Read<ushort>(bigEndian: false);

    /// <summary>Reads a 16-bit unsigned integer stored in 2 little-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 2 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadUInt16LittleEndian(out ushort value) => TryRead(out value, bigEndian: false);

    /// <summary>Reads a 16-bit unsigned integer stored in 2 big-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 2 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ushort ReadUInt16BigEndian() => Read<ushort>(bigEndian: true);

    /// <summary>Reads a 16-bit unsigned integer stored in 2 big-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 2 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadUInt16BigEndian(out ushort value) => TryRead(out value, bigEndian: true);

    /// <summary>Reads a 32-bit signed integer stored in 4 little-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 4 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadInt32LittleEndian() => Read<int>(bigEndian: false);

    /// <summary>Reads a 32-bit signed integer stored in 4 little-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 4 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadInt32LittleEndian(out int value) => TryRead(out value, bigEndian: false);

    /// <summary>Reads a 32-bit signed integer stored in 4 big-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 4 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadInt32BigEndian() => Read<int>(bigEndian: true);

    /// <summary>Reads a 32-bit signed integer stored in 4 big-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 4 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadInt32BigEndian(out int value) => TryRead(out value, bigEndian: true);

    /// <summary>Reads a 32-bit unsigned integer stored in 4 little-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 4 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadUInt32LittleEndian() => Read<uint>(bigEndian: false);

    /// <summary>Reads a 32-bit unsigned integer stored in 4 little-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 4 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadUInt32LittleEndian(out uint value) => TryRead(out value, bigEndian: false);

    /// <summary>Reads a 32-bit unsigned integer stored in 4 big-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 4 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadUInt32BigEndian() => Read<uint>(bigEndian: true);

    /// <summary>Reads a 32-bit unsigned integer stored in 4 big-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 4 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadUInt32BigEndian(out uint value) => TryRead(out value, bigEndian: true);

    /// <summary>Reads a 64-bit signed integer stored in 8 little-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 8 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long ReadInt64LittleEndian() => Read<long>(bigEndian: false);

    /// <summary>Reads a 64-bit signed integer stored in 8 little-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 8 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadInt64LittleEndian(out long value) => TryRead(out value, bigEndian: false);

    /// <summary>Reads a 64-bit signed integer stored in 8 big-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 8 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long ReadInt64BigEndian() => Read<long>(bigEndian: true);

    /// <summary>Reads a 64-bit signed integer stored in 8 big-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 8 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadInt64BigEndian(out long value) => TryRead(out value, bigEndian: true);

    /// <summary>Reads a 64-bit unsigned integer stored in 8 little-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 8 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadUInt64LittleEndian() => Read<ulong>(bigEndian: false);

    /// <summary>Reads a 64-bit unsigned integer stored in 8 little-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 8 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadUInt64LittleEndian(out ulong value) => TryRead(out value, bigEndian: false);

    /// <summary>Reads a 64-bit unsigned integer stored in 8 big-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 8 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadUInt64BigEndian() => Read<ulong>(bigEndian: true);

    /// <summary>Reads a 64-bit unsigned integer stored in 8 big-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 8 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadUInt64BigEndian(out ulong value) => TryRead(out value, bigEndian: true);

    /// <summary>Reads a single-precision (32-bit IEEE 754) value stored in 4 little-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 4 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public float ReadSingleLittleEndian() => Read<float>(bigEndian: false);

    /// <summary>Reads a single-precision (32-bit IEEE 754) value stored in 4 little-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 4 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadSingleLittleEndian(out float value) => TryRead(out value, bigEndian: false);

    /// <summary>Reads a single-precision (32-bit IEEE 754) value stored in 4 big-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 4 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public float ReadSingleBigEndian() => Read<float>(bigEndian: true);

    /// <summary>Reads a single-precision (32-bit IEEE 754) value stored in 4 big-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 4 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadSingleBigEndian(out float value) => TryRead(out value, bigEndian: true);

    /// <summary>Reads a double-precision (64-bit IEEE 754) value stored in 8 little-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 8 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public double ReadDoubleLittleEndian() => Read<double>(bigEndian: false);

    /// <summary>Reads a double-precision (64-bit IEEE 754) value stored in 8 little-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 8 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadDoubleLittleEndian(out double value) => TryRead(out value, bigEndian: false);

    /// <summary>Reads a double-precision (64-bit IEEE 754) value stored in 8 big-endian bytes.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="FormatException">Fewer than 8 bytes remain; the message gives the position.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public double ReadDoubleBigEndian() => Read<double>(bigEndian: true);

    /// <summary>Reads a double-precision (64-bit IEEE 754) value stored in 8 big-endian bytes.</summary>
    /// <param name="value">The value, or 0 when it returns false.</param>
    /// <returns>Whether 8 bytes remained; nothing is consumed when it returns false.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadDoubleBigEndian(out double value) => TryRead(out value, bigEndian: true);

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

    /// <summary>A <typeparamref name="T"/> stored in <paramref name="bigEndian"/> byte order, in machine order.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private T Read<T>(bool bigEndian)
        where T : unmanaged =>
        InMachineOrder(ReadUnaligned<T>(), bigEndian);

    /// <summary>The <see cref="Read{T}(bool)"/> that returns false, consuming nothing, where too few bytes remain.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryRead<T>(out T value, bool bigEndian)
        where T : unmanaged
    {
        bool read = TryReadUnaligned(out T raw);
        value = InMachineOrder(raw, bigEndian);
        return read;
    }

    /// <summary>
    /// <paramref name="raw"/> (2, 4 or 8 bytes as loaded) with its bytes reversed when its stored order is not the
    /// machine's. <paramref name="bigEndian"/> is a constant at every call site and
    /// <see cref="BitConverter.IsLittleEndian"/> and the size are JIT-time constants, so one branch survives.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe T InMachineOrder<T>(T raw, bool bigEndian)
        where T : unmanaged
    {
        if (bigEndian != BitConverter.IsLittleEndian)
            return raw;
        return sizeof(T) == sizeof(ushort) ? Unsafe.BitCast<ushort, T>(BinaryPrimitives.ReverseEndianness(Unsafe.BitCast<T, ushort>(raw)))
            : sizeof(T) == sizeof(uint) ? Unsafe.BitCast<uint, T>(BinaryPrimitives.ReverseEndianness(Unsafe.BitCast<T, uint>(raw)))
            : Unsafe.BitCast<ulong, T>(BinaryPrimitives.ReverseEndianness(Unsafe.BitCast<T, ulong>(raw)));
    }
}
