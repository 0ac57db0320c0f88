using System.Buffers;
using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// The scalar varint decoder, shared by <see cref="SpanReader"/> (one value at a time) and by
/// <see cref="VarInt.Decode"/> where no vector path applies (and for the vector path's tail). Every length is
/// read from one 8-byte little-endian word: the first byte without the continuation bit is found by counting
/// trailing zeros, and the 7-bit groups are gathered in one step, so no byte of the value takes a branch.
/// </summary>
internal static class VarIntScalar
{
    /// <summary>The continuation bit of every byte of a word.</summary>
    public const ulong ContinuationBits = 0x8080_8080_8080_8080;

    /// <summary>The 7 payload bits of every byte of a word.</summary>
    public const ulong PayloadBits = 0x7F7F_7F7F_7F7F_7F7F;

    /// <summary>
    /// Decodes the 32-bit varint at <paramref name="position"/> of <paramref name="data"/> (which may be its end).
    /// Returns the value in the low 32 bits and its length (1..5) in the high 32 bits, or 0 when the
    /// bytes there are not a complete, valid 32-bit varint (the position consumes nothing then).
    /// </summary>
    /// <remarks>Out of line: <see cref="SpanReader"/> inlines the one- and two-byte cases and calls this for the rest.</remarks>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static ulong ReadUInt32(ReadOnlySpan<byte> data, int position)
    {
        ulong word = LoadWord(data, position, out ulong stops);
        return DecodeUInt32(word, stops);
    }

    /// <summary>
    /// Decodes the 64-bit varint at <paramref name="position"/> of <paramref name="data"/>: its value and length
    /// (1..10), or length 0 when the bytes there are not a complete, valid 64-bit varint.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static (ulong Value, int Length) ReadUInt64(ReadOnlySpan<byte> data, int position)
    {
        ulong word = LoadWord(data, position, out ulong stops);
        if (stops != 0)
            return (Gather(word, stops), FirstStopLength(stops));

        // Eight continuation bytes (or fewer, all of them continuation bytes, before the end): only a 9- or
        // 10-byte value remains possible, and only when the bytes exist.
        int available = data.Length - position;
        if (available <= sizeof(ulong))
            return default;
        ref byte next = ref Unsafe.Add(ref MemoryMarshal.GetReference(data), position + sizeof(ulong));
        ulong value = Gather(word, stops) | (ulong)(next & 0x7Fu) << 56;
        if (next < 0x80)
            return (value, 9);
        if (available == 9)
            return default;

        // The tenth byte holds bit 63 only: 0 or 1, and it must be the last.
        uint last = Unsafe.Add(ref next, 1);
        return last <= 1 ? (value | (ulong)last << 63, VarInt.MaxLength64) : default;
    }

    /// <summary>
    /// Decodes the varint at <paramref name="position"/> when it takes one or two bytes, without a branch on which:
    /// its value and <paramref name="end"/>, the position after it. False (and nothing to use) when fewer than 2 bytes
    /// remain or both continue, which <see cref="ReadUInt32"/> handles.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool TryReadOneOrTwoBytes(ReadOnlySpan<byte> data, int position, out uint value, out int end)
    {
        value = 0;
        end = 0;
        if (data.Length - position < sizeof(ushort))
            return false;

        ref byte start = ref MemoryMarshal.GetReference(data);
        uint pair = Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref start, position));
        pair = BitConverter.IsLittleEndian ? pair : BinaryPrimitives.ReverseEndianness((ushort)pair);
        if ((pair & 0x8080) == 0x8080)
            return false;

        // PERF: a loop of reads is a chain from each position to the next; the shortest one is a byte load,
        // one shift and an add (one LEA with the +1). So the length comes from the first byte alone, loaded
        // again by itself (bit 7 of the pair would cost a mask too), and the pair's test above only picks this
        // path with a predicted branch. The byte's index is widened unsigned, the pair's signed: as two
        // different addresses the JIT folds each into its load, where one shared address would put a register
        // add on the chain.
        uint continues = (uint)Unsafe.Add(ref start, (nint)(uint)position) >> 7;
        // PERF: the multiply makes the second group's mask in one instruction, off the chain.
        value = (pair & 0x7F) | ((pair >> 1) & (continues * 0x3F80));
        end = position + 1 + (int)continues;
        return true;
    }

    /// <summary>
    /// Decodes a 32-bit varint from the little-endian <paramref name="word"/> whose final-byte candidates are
    /// <paramref name="stops"/> (the continuation bits that are clear, in bytes that exist). The same packed
    /// result as <see cref="ReadUInt32"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong DecodeUInt32(ulong word, ulong stops)
    {
        // PERF: one test covers every way to fail: no final byte in the first five (length 6..8, which
        // includes stops == 0), and a fifth byte with bits above bit 31 (the gathered 35 bits overflow 32).
        int length = FirstStopLength(stops);
        ulong value = Gather(word, stops);
        return length <= VarInt.MaxLength32 && value <= uint.MaxValue ? value | (ulong)length << 32 : 0;
    }

    /// <summary>
    /// Decodes every 32-bit varint of <paramref name="source"/> into <paramref name="destination"/> with the
    /// contract of <see cref="VarInt.Decode"/>.
    /// </summary>
    public static OperationStatus Decode(ReadOnlySpan<byte> source, Span<uint> destination, out int bytesConsumed, out int valuesWritten)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref uint dst = ref MemoryMarshal.GetReference(destination);
        int consumed = 0, written = 0;
        ulong result;

        // PERF: while a whole word remains, no call and no bounds check; the last 1..7 bytes go through
        // ReadUInt32, which loads a word ending at the last byte.
        int lastWord = source.Length - sizeof(ulong);
        while (consumed <= lastWord && written < destination.Length)
        {
            ulong word = LoadLittleEndian(ref Unsafe.Add(ref src, consumed));
            result = DecodeUInt32(word, ~word & ContinuationBits);
            if (result == 0)
                goto Failed;
            Unsafe.Add(ref dst, written++) = (uint)result;
            consumed += (int)(result >> 32);
        }

        while (consumed < source.Length && written < destination.Length)
        {
            result = ReadUInt32(source, consumed);
            if (result == 0)
                goto Failed;
            Unsafe.Add(ref dst, written++) = (uint)result;
            consumed += (int)(result >> 32);
        }

        bytesConsumed = consumed;
        valuesWritten = written;
        return consumed == source.Length ? OperationStatus.Done : OperationStatus.DestinationTooSmall;

    Failed:
        bytesConsumed = consumed;
        valuesWritten = written;
        return VarIntErrors.Classify(source[consumed..], VarInt.MaxLength32) == VarIntError.Truncated
            ? OperationStatus.NeedMoreData
            : OperationStatus.InvalidData;
    }

    /// <summary>
    /// The 8 bytes at <paramref name="position"/> as a little-endian word, and in <paramref name="stops"/> the
    /// clear continuation bits of the bytes that exist. Fewer than 8 bytes left: a word ending at the last byte
    /// of <paramref name="data"/>, shifted down, so nothing outside the span is read.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong LoadWord(ReadOnlySpan<byte> data, int position, out ulong stops)
    {
        ref byte start = ref MemoryMarshal.GetReference(data);
        int available = data.Length - position;
        if (available >= sizeof(ulong))
        {
            ulong word = LoadLittleEndian(ref Unsafe.Add(ref start, position));
            stops = ~word & ContinuationBits;
            return word;
        }

        ulong tail = LoadTail(data, available);
        stops = ~tail & ContinuationBits & ((1UL << (8 * available)) - 1);
        return tail;
    }

    /// <summary>The last <paramref name="available"/> (0..7) bytes of <paramref name="data"/>, little-endian, zero above.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong LoadTail(ReadOnlySpan<byte> data, int available)
    {
        ref byte start = ref MemoryMarshal.GetReference(data);
        if (data.Length >= sizeof(ulong))
        {
            // PERF: a final overlapping load instead of a byte loop; the bytes before the position that it
            // also reads belong to the span.
            ulong word = LoadLittleEndian(ref Unsafe.Add(ref start, data.Length - sizeof(ulong)));
            return available == 0 ? 0 : word >> (8 * (sizeof(ulong) - available));
        }

        // A span shorter than a word: assemble the few bytes there are.
        ulong tail = 0;
        int position = data.Length - available;
        for (int i = 0; i < available; i++)
            tail |= (ulong)Unsafe.Add(ref start, position + i) << (8 * i);
        return tail;
    }

    /// <summary>The 8 bytes at <paramref name="source"/> as a little-endian word.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong LoadLittleEndian(ref byte source)
    {
        ulong word = Unsafe.ReadUnaligned<ulong>(ref source);
        return BitConverter.IsLittleEndian ? word : BinaryPrimitives.ReverseEndianness(word);
    }

    /// <summary>The length of the varint whose first final byte is the lowest bit of <paramref name="stops"/>: 1..8, and 8 when it is 0.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int FirstStopLength(ulong stops) => (BitOperations.TrailingZeroCount(stops) + 1) >> 3;

    /// <summary>
    /// The 7-bit groups of <paramref name="word"/> up to and including the byte of the lowest bit of
    /// <paramref name="stops"/> (all 8 bytes when it is 0), packed into one value, first group lowest.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Gather(ulong word, ulong stops)
    {
        // PERF: stops ^ (stops - 1) keeps every bit up to the lowest set one (one BLSMSK), which cuts the word
        // after the final byte without a variable shift.
        ulong groups = word & (stops ^ (stops - 1)) & PayloadBits;
        return Bmi2.X64.IsSupported ? GatherBmi2(groups) : GatherPortable(groups);
    }

    /// <summary>Packs the 7-bit groups of <paramref name="groups"/> (the high bit of each byte clear) with one PEXT.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong GatherBmi2(ulong groups) => Bmi2.X64.ParallelBitExtract(groups, PayloadBits);

    /// <summary>Packs the 7-bit groups of <paramref name="groups"/> (the high bit of each byte clear) in three halving steps.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong GatherPortable(ulong groups)
    {
        // PERF: pairs of 7-bit groups into 14 bits per 16-bit lane, pairs of those into 28 bits per 32-bit
        // lane, then 56 bits: three shift/mask steps instead of seven, and no branch.
        ulong x = (groups & 0x007F_007F_007F_007F) | ((groups >> 1) & 0x3F80_3F80_3F80_3F80);
        x = (x & 0x0000_3FFF_0000_3FFF) | ((x >> 2) & 0x0FFF_C000_0FFF_C000);
        return (x & 0x0000_0000_0FFF_FFFF) | ((x >> 4) & 0x00FF_FFFF_F000_0000);
    }
}
