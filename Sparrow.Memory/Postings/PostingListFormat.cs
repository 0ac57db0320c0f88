using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Sparrow.Storage;

/// <summary>
/// The byte layout of an encoded posting list (docs/posting-list-format.md): the header, the skip records and
/// the blocks, read here by <see cref="PostingList"/> and <see cref="PostingListReader"/> alike, every length
/// and width checked before a byte is read.
/// </summary>
internal static class PostingListFormat
{
    /// <summary>The version byte this code writes; it reads every version up to it.</summary>
    public const byte FormatVersion = 1;

    /// <summary>Deltas per block: the skip granularity, and 4 lanes of 32 values in the vertical layout.</summary>
    public const int BlockLength = 128;

    /// <summary>Widest low part the vertical (4 lanes of 32-bit words) layout holds; wider blocks are packed horizontally.</summary>
    public const int MaxVerticalWidth = 32;

    /// <summary>Bits of a skip record's block code: the width, and whether the block has exceptions.</summary>
    public const int CodeBits = 7;

    /// <summary>The code's bits in a skip record: its low <see cref="CodeBits"/>.</summary>
    public const int CodeMask = (1 << CodeBits) - 1;

    /// <summary>Codes at or above it are blocks with exceptions, of width code - <see cref="ExceptionCodes"/> (0..62).</summary>
    public const int ExceptionCodes = 65;

    /// <summary>The header fields that come before the skip records.</summary>
    public ref struct Header
    {
        public int Count;
        public ulong First;
        public int BlockCount;
        public int SpanWidth;
        public ulong SpanBase;
        /// <summary>Offset of the skip records.</summary>
        public int RecordsStart;
        /// <summary>Offset of the first block (just past the skip records).</summary>
        public int BlocksStart;
    }

    /// <summary>Reads the version and the count; false when they are malformed.</summary>
    public static bool TryReadCount(ReadOnlySpan<byte> encoded, out int count, out int length)
    {
        count = 0;
        length = 0;
        if (encoded.IsEmpty || encoded[0] != FormatVersion)
            return false;
        var reader = new SpanReader(encoded[1..]);
        if (!reader.TryReadVarUInt32(out uint value) || value > int.MaxValue)
            return false;
        count = (int)value;
        length = 1 + reader.Position;
        return true;
    }

    /// <summary>Reads the whole header and checks that the skip records fit; false when it is malformed.</summary>
    public static bool TryReadHeader(ReadOnlySpan<byte> encoded, out Header header)
    {
        header = default;
        if (!TryReadCount(encoded, out header.Count, out int position))
            return false;
        if (header.Count == 0)
        {
            header.RecordsStart = header.BlocksStart = position;
            return true;
        }
        var reader = new SpanReader(encoded[position..]);
        if (!reader.TryReadVarUInt64(out header.First))
            return false;
        position += reader.Position;
        if (header.Count == 1)
        {
            header.RecordsStart = header.BlocksStart = position;
            return true;
        }
        header.BlockCount = (int)(((uint)header.Count - 1 + BlockLength - 1) / BlockLength);
        if (position >= encoded.Length || encoded[position] > 64)
            return false;
        header.SpanWidth = encoded[position++];
        reader = new SpanReader(encoded[position..]);
        if (!reader.TryReadVarUInt64(out header.SpanBase))
            return false;
        position += reader.Position;
        long recordBytes = RecordBytes(header.BlockCount, header.SpanWidth);
        if (recordBytes > encoded.Length - position)
            return false;
        header.RecordsStart = position;
        header.BlocksStart = position + (int)recordBytes;
        return true;
    }

    /// <summary>Bytes of the skip records of <paramref name="blockCount"/> blocks.</summary>
    public static long RecordBytes(int blockCount, int spanWidth) => ((long)blockCount * (CodeBits + spanWidth) + 7) >> 3;

    /// <summary>Deltas in block <paramref name="block"/> of a list of <paramref name="count"/> values: 128 but for the last.</summary>
    public static int DeltasInBlock(int count, int block) => Math.Min(BlockLength, count - 1 - block * BlockLength);

    /// <summary>Bytes of the packed low parts of <paramref name="deltas"/> deltas of <paramref name="width"/> bits.</summary>
    public static int PackedBytes(int deltas, int width) => (deltas * width + 7) >> 3;

    /// <summary>Whether a block's low parts use the vertical layout (full block, at most 32 bits) rather than the horizontal one.</summary>
    public static bool IsVertical(int deltas, int width) => deltas == BlockLength && width <= MaxVerticalWidth;

    /// <summary>Reads <paramref name="width"/> (0..64) bits at <paramref name="bit"/> of <paramref name="data"/>, least significant first; the bits must lie inside it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong ReadBits(ReadOnlySpan<byte> data, long bit, int width)
    {
        if (width == 0)
            return 0;
        int start = (int)(bit >> 3);
        int shift = (int)(bit & 7);
        ref byte at = ref Unsafe.Add(ref MemoryMarshal.GetReference(data), start);
        ulong value;
        int available = data.Length - start;
        if (available >= sizeof(ulong))
            value = BinaryPrimitives.ReadUInt64LittleEndian(MemoryMarshal.CreateReadOnlySpan(ref at, sizeof(ulong))) >> shift;
        else
            value = LoadShort(ref at, available) >> shift;
        // A field of more than 64 - shift bits reaches a ninth byte.
        if (width + shift > 64)
            value |= (ulong)Unsafe.Add(ref at, sizeof(ulong)) << (64 - shift);
        return width == 64 ? value : value & ((1UL << width) - 1);
    }

    /// <summary>
    /// The code and span of skip record <paramref name="block"/>: false when the span (base plus field) overflows.
    /// A record of at most 64 bits (a span width up to 57, every list of 32-bit values) is one load.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool TryReadRecord(ReadOnlySpan<byte> records, int block, int spanWidth, ulong spanBase, out int code, out ulong span)
    {
        int recordBits = CodeBits + spanWidth;
        long bit = (long)block * recordBits;
        if (recordBits <= 64)
            return TrySplitRecord(ReadBits(records, bit, recordBits), spanBase, out code, out span);
        code = (int)ReadBits(records, bit, CodeBits);
        span = spanBase + ReadBits(records, bit + CodeBits, spanWidth);
        return span >= spanBase;
    }

    /// <summary>
    /// The code and span of a record read whole (its code in the low <see cref="CodeBits"/>, its span field above): false
    /// when the span (base plus field) overflows.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool TrySplitRecord(ulong record, ulong spanBase, out int code, out ulong span)
    {
        code = (int)record & CodeMask;
        span = spanBase + (record >> CodeBits);
        return span >= spanBase;
    }

    /// <summary>Whether the records of a list of <paramref name="length"/> bytes are each one load: at most 57 bits, and 8 bytes to load.</summary>
    public static bool RecordsLoadWhole(int recordBits, int length) => recordBits <= 57 && length >= sizeof(ulong);

    /// <summary>
    /// The record of <paramref name="recordMask"/>'s bits at bit <paramref name="bit"/> of <paramref name="encoded"/>, in one
    /// 8-byte load: at the record's first byte, or at <paramref name="lastLoad"/> (the list's last 8 bytes) when that
    /// is nearer the end, shifted further (a conditional move, not a branch). See <see cref="RecordsLoadWhole"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong LoadRecord(ref byte encoded, long bit, long lastLoad, ulong recordMask)
    {
        long at = bit >> 3, load = Math.Min(at, lastLoad);
        ulong word = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref encoded, (nint)load));
        if (!BitConverter.IsLittleEndian)
            word = BinaryPrimitives.ReverseEndianness(word);
        return (word >> (int)(((at - load) << 3) + (bit & 7))) & recordMask;
    }

    /// <summary>The <paramref name="length"/> (below 8) bytes at <paramref name="at"/>, little endian, zero above.</summary>
    private static ulong LoadShort(ref byte at, int length)
    {
        ulong value = 0;
        for (int i = length - 1; i >= 0; i--)
            value = (value << 8) | Unsafe.Add(ref at, i);
        return value;
    }

    /// <summary>Where a block's parts lie, read from its code and its exception bytes.</summary>
    public struct Block
    {
        public int Width;
        public int ExceptionCount;
        public int ExceptionWidth;
        /// <summary>Offset of the packed low parts.</summary>
        public int Packed;
        /// <summary>Offset of the exception positions (one byte each).</summary>
        public int Positions;
        /// <summary>Offset of the exceptions' high parts (<see cref="ExceptionWidth"/> bits each).</summary>
        public int Highs;
        /// <summary>Offset just past the block.</summary>
        public int End;
    }

    /// <summary>
    /// Lays out the block of <paramref name="deltas"/> deltas with <paramref name="code"/> at <paramref name="offset"/>:
    /// false when its exception bytes are impossible or it runs past <paramref name="encoded"/>.
    /// </summary>
    public static bool TryLayOut(ReadOnlySpan<byte> encoded, int offset, int code, int deltas, out Block block)
    {
        block = default;
        if (code < ExceptionCodes)
        {
            block.Width = code;
            block.Packed = offset;
            block.Positions = block.Highs = block.End = offset + PackedBytes(deltas, code);
            return block.End <= encoded.Length;
        }
        block.Width = code - ExceptionCodes;
        if (encoded.Length - offset < 2)
            return false;
        int count = encoded[offset];
        int width = encoded[offset + 1];
        if (count == 0 || count > deltas || width == 0 || width > 64 - block.Width)
            return false;
        block.ExceptionCount = count;
        block.ExceptionWidth = width;
        block.Packed = offset + 2;
        block.Positions = block.Packed + PackedBytes(deltas, block.Width);
        block.Highs = block.Positions + count;
        block.End = block.Highs + PackedBytes(count, width);
        return block.End <= encoded.Length;
    }
}
