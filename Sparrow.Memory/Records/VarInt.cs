using System.Numerics;
using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>
/// LEB128 variable-length integers ("varints", as protobuf and <see cref="System.IO.BinaryWriter.Write7BitEncodedInt(int)"/>
/// write them): seven bits per byte, least significant group first, the high bit of each byte set when another
/// byte follows. Encoders, byte counts, zigzag mapping for signed values, and a bulk decoder for tables of
/// 32-bit varints (<see cref="Decode"/>); <see cref="SpanReader"/> reads them one at a time.
/// </summary>
/// <remarks>
/// Decoding accepts a value padded with redundant zero groups (<c>0x80 0x00</c> for 0), as protobuf and most
/// LEB128 readers do, as long as it stays within <see cref="MaxLength32"/> (or <see cref="MaxLength64"/>) bytes
/// and its final byte has no bits beyond the type's range. The encoders always write the shortest form.
/// </remarks>
public static partial class VarInt
{
    /// <summary>The most bytes a 32-bit varint takes (32 bits in groups of 7).</summary>
    public const int MaxLength32 = 5;

    /// <summary>The most bytes a 64-bit varint takes (64 bits in groups of 7).</summary>
    public const int MaxLength64 = 10;

    /// <summary>How many bytes <see cref="Write(Span{byte}, uint)"/> writes for <paramref name="value"/>: 1 to <see cref="MaxLength32"/>.</summary>
    /// <param name="value">The value to encode.</param>
    /// <returns>The length of the shortest encoding.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int GetByteCount(uint value) => GetByteCount((ulong)value);

    /// <summary>How many bytes <see cref="Write(Span{byte}, ulong)"/> writes for <paramref name="value"/>: 1 to <see cref="MaxLength64"/>.</summary>
    /// <param name="value">The value to encode.</param>
    /// <returns>The length of the shortest encoding.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int GetByteCount(ulong value)
    {
        // PERF: ceil(bits / 7) without a division or a loop: for bits = 1..64, (9 * bits + 64) / 64 equals it
        // (9/64 is just above 1/7, and the error stays below one step over that range).
        int bits = 64 - BitOperations.LeadingZeroCount(value | 1);
        return (9 * bits + 64) >> 6;
    }

    /// <summary>Writes <paramref name="value"/> as a varint of <see cref="GetByteCount(uint)"/> bytes.</summary>
    /// <param name="destination">Where to write; it must hold at least <see cref="GetByteCount(uint)"/> bytes.</param>
    /// <param name="value">The value to encode.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too short.</exception>
    public static int Write(Span<byte> destination, uint value) => Write(destination, (ulong)value);

    /// <summary>Writes <paramref name="value"/> as a varint of <see cref="GetByteCount(ulong)"/> bytes.</summary>
    /// <param name="destination">Where to write; it must hold at least <see cref="GetByteCount(ulong)"/> bytes.</param>
    /// <param name="value">The value to encode.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too short.</exception>
    public static int Write(Span<byte> destination, ulong value)
    {
        if (!TryWrite(destination, value, out int written))
            ThrowDestinationTooShort(GetByteCount(value), destination.Length);
        return written;
    }

    /// <summary>Writes <paramref name="value"/> as a varint when <paramref name="destination"/> is long enough.</summary>
    /// <param name="destination">Where to write.</param>
    /// <param name="value">The value to encode.</param>
    /// <param name="bytesWritten">The number of bytes written, or 0 when <paramref name="destination"/> is too short.</param>
    /// <returns>Whether the value was written; nothing is written when it returns false.</returns>
    public static bool TryWrite(Span<byte> destination, uint value, out int bytesWritten) =>
        TryWrite(destination, (ulong)value, out bytesWritten);

    /// <summary>Writes <paramref name="value"/> as a varint when <paramref name="destination"/> is long enough.</summary>
    /// <param name="destination">Where to write.</param>
    /// <param name="value">The value to encode.</param>
    /// <param name="bytesWritten">The number of bytes written, or 0 when <paramref name="destination"/> is too short.</param>
    /// <returns>Whether the value was written; nothing is written when it returns false.</returns>
    public static bool TryWrite(Span<byte> destination, ulong value, out int bytesWritten)
    {
        int length = GetByteCount(value);
        if ((uint)length > (uint)destination.Length)
        {
            bytesWritten = 0;
            return false;
        }

        int last = length - 1;
        for (int i = 0; i < last; i++)
        {
            destination[i] = (byte)(value | 0x80);
            value >>= 7;
        }

        destination[last] = (byte)value;
        bytesWritten = length;
        return true;
    }

    /// <summary>Maps a signed value to an unsigned one so small magnitudes of either sign encode short: 0, -1, 1, -2 … → 0, 1, 2, 3 ….</summary>
    /// <param name="value">The signed value.</param>
    /// <returns><c>(value &lt;&lt; 1) ^ (value &gt;&gt; 31)</c>.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint ZigZagEncode(int value) => (uint)((value << 1) ^ (value >> 31));

    /// <inheritdoc cref="ZigZagEncode(int)"/>
    /// <returns><c>(value &lt;&lt; 1) ^ (value &gt;&gt; 63)</c>.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong ZigZagEncode(long value) => (ulong)((value << 1) ^ (value >> 63));

    /// <summary>The inverse of <see cref="ZigZagEncode(int)"/>.</summary>
    /// <param name="value">The zigzag-encoded value.</param>
    /// <returns>The signed value.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int ZigZagDecode(uint value) => (int)(value >> 1) ^ -(int)(value & 1);

    /// <summary>The inverse of <see cref="ZigZagEncode(long)"/>.</summary>
    /// <param name="value">The zigzag-encoded value.</param>
    /// <returns>The signed value.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static long ZigZagDecode(ulong value) => (long)(value >> 1) ^ -(long)(value & 1);

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private static void ThrowDestinationTooShort(int needed, int length) =>
        throw new ArgumentException($"The destination holds {length} byte(s); the varint needs {needed}.", "destination");
}
