using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using static Sparrow.Storage.PostingListFormat;

namespace Sparrow.Storage;

/// <summary>
/// A strictly ascending list of unsigned integers (document ids, row ids, page numbers) stored as deltas bit-packed
/// in blocks of 128, with exceptions (PFor) for the few large deltas of a block, and a skip record per block (its
/// width and the sum of its deltas) so that <see cref="PostingListReader.SkipTo"/> passes whole blocks without
/// decoding them.
/// </summary>
/// <remarks>
/// <para>
/// The format (docs/posting-list-format.md) starts with a version byte, so a list written today stays readable:
/// version 1, a varint count, the first value as a varint, then (for two or more values) the skip records, one per
/// block of 128 deltas (delta - 1 of each value after the first, the last block shorter), and the blocks. A full block
/// whose deltas fit 32 bits is packed in four 32-bit lanes (delta i in lane i % 4), which the vector paths unpack with
/// whole-vector shifts; other blocks are packed least significant bit first.
/// </para>
/// <para>
/// One format serves both widths: a list encoded from <see cref="uint"/> values decodes into <see cref="ulong"/>
/// values, and a list holding a value above <see cref="uint.MaxValue"/> decoded into a <see cref="Span{T}"/> of
/// <see cref="uint"/> is <see cref="OperationStatus.InvalidData"/>.
/// </para>
/// <para>
/// Decoding checks everything: the version, the widths (at most 64 bits), the counts, the exceptions (in range, in
/// ascending positions, their bytes present), each block's last value against its skip record, that every value
/// stays strictly above the one before it without overflowing, and that the bytes end exactly where the last block
/// does. A list that passes is strictly ascending; any other bytes give <see cref="OperationStatus.InvalidData"/>,
/// never an exception, and nothing outside the spans is read or written.
/// </para>
/// </remarks>
public static partial class PostingList
{
    /// <summary>A bound on the bytes <see cref="Encode(ReadOnlySpan{ulong}, Span{byte})"/> writes for <paramref name="count"/> values.</summary>
    /// <param name="count">The number of values.</param>
    /// <returns>A length of destination that always fits.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative, or its bound exceeds <see cref="int.MaxValue"/>.</exception>
    public static int GetMaxEncodedLength(int count)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        long bound = MaxEncodedLength(count);
        if (bound > int.MaxValue)
            throw new ArgumentOutOfRangeException(nameof(count), count, "The encoding of this many values could exceed int.MaxValue bytes.");
        return (int)bound;
    }

    /// <summary>The bound of <see cref="GetMaxEncodedLength"/>, as a long for any count.</summary>
    internal static long MaxEncodedLength(int count)
    {
        // Version, count, first value, span width, span base; a record of 7 + 64 bits per block; at worst 8 bytes a
        // delta (a block never costs more than its deltas packed at 64 bits without exceptions).
        const int HeaderBound = 1 + 5 + 10 + 1 + 10;
        int blocks = count <= 1 ? 0 : (int)(((long)count - 1 + BlockLength - 1) / BlockLength);
        return HeaderBound + RecordBytes(blocks, 64) + 8L * Math.Max(0, count - 1);
    }

    /// <summary>Encodes a strictly ascending list of 32-bit values.</summary>
    /// <param name="values">The values, each above the one before it.</param>
    /// <param name="destination">Where the encoding goes; <see cref="GetMaxEncodedLength"/> of the count always fits.</param>
    /// <returns>The bytes written.</returns>
    /// <exception cref="ArgumentException">A value is not above the one before it (the message names its index), or the encoding does not fit <paramref name="destination"/> (nothing is written then).</exception>
    public static int Encode(ReadOnlySpan<uint> values, Span<byte> destination) =>
        PostingListEncoder.Encode(ref MemoryMarshal.GetReference(values), values.Length, destination);

    /// <summary>Encodes a strictly ascending list of 64-bit values.</summary>
    /// <param name="values">The values, each above the one before it.</param>
    /// <param name="destination">Where the encoding goes; <see cref="GetMaxEncodedLength"/> of the count always fits.</param>
    /// <returns>The bytes written.</returns>
    /// <exception cref="ArgumentException">A value is not above the one before it (the message names its index), or the encoding does not fit <paramref name="destination"/> (nothing is written then).</exception>
    public static int Encode(ReadOnlySpan<ulong> values, Span<byte> destination) =>
        PostingListEncoder.Encode(ref MemoryMarshal.GetReference(values), values.Length, destination);

    /// <summary>The number of values an encoded list holds, read from its header.</summary>
    /// <param name="encoded">An encoded list (only its version and count are read).</param>
    /// <returns>The count.</returns>
    /// <exception cref="FormatException">The version is unknown or the count is malformed.</exception>
    public static int GetCount(ReadOnlySpan<byte> encoded)
    {
        if (!TryReadCount(encoded, out int count, out _))
            throw new FormatException($"Not a posting list: {(encoded.IsEmpty ? "no bytes" : encoded[0] != FormatVersion ? $"version byte {encoded[0]} at offset 0 (this code reads version {FormatVersion})" : "the count at offset 1 is truncated or above int.MaxValue")}.");
        return count;
    }

    /// <summary>Decodes a whole list of values that each fit 32 bits.</summary>
    /// <param name="encoded">The encoded list.</param>
    /// <param name="destination">Where the values go.</param>
    /// <param name="valuesWritten">The values written: the count when it returns <see cref="OperationStatus.Done"/>, else 0.</param>
    /// <returns>
    /// <see cref="OperationStatus.Done"/>; <see cref="OperationStatus.DestinationTooSmall"/> when
    /// <paramref name="destination"/> is shorter than the count (nothing is written);
    /// <see cref="OperationStatus.InvalidData"/> when the bytes are not a list <see cref="Encode(ReadOnlySpan{uint}, Span{byte})"/>
    /// could have written, or a value exceeds <see cref="uint.MaxValue"/> (what was written before it was found is unspecified).
    /// It never throws, and reads and writes nothing outside the spans.
    /// </returns>
    public static OperationStatus Decode(ReadOnlySpan<byte> encoded, Span<uint> destination, out int valuesWritten) =>
        DecodeOnThisMachine(encoded, destination, out valuesWritten);

    /// <summary>Decodes a whole list of 64-bit values.</summary>
    /// <param name="encoded">The encoded list.</param>
    /// <param name="destination">Where the values go.</param>
    /// <param name="valuesWritten">The values written: the count when it returns <see cref="OperationStatus.Done"/>, else 0.</param>
    /// <returns>
    /// <see cref="OperationStatus.Done"/>; <see cref="OperationStatus.DestinationTooSmall"/> when
    /// <paramref name="destination"/> is shorter than the count (nothing is written);
    /// <see cref="OperationStatus.InvalidData"/> when the bytes are not a list <see cref="Encode(ReadOnlySpan{ulong}, Span{byte})"/>
    /// could have written (what was written before it was found is unspecified).
    /// It never throws, and reads and writes nothing outside the spans.
    /// </returns>
    public static OperationStatus Decode(ReadOnlySpan<byte> encoded, Span<ulong> destination, out int valuesWritten) =>
        DecodeOnThisMachine(encoded, destination, out valuesWritten);

    private static OperationStatus DecodeOnThisMachine<T>(ReadOnlySpan<byte> encoded, Span<T> destination, out int valuesWritten)
        where T : unmanaged
    {
        var decode = new DecodeList<T> { Encoded = encoded, Destination = destination };
        OperationStatus status = UnpackPath.Run<DecodeList<T>, OperationStatus>(ref decode);
        valuesWritten = decode.ValuesWritten;
        return status;
    }

    /// <summary>The decoder with one path's kernels: what the public methods run, and what the tests call for each path.</summary>
    internal static OperationStatus Decode<TUnpack, T>(ReadOnlySpan<byte> encoded, Span<T> destination, out int valuesWritten)
        where TUnpack : struct, IPostingUnpack
        where T : unmanaged
    {
        valuesWritten = 0;
        if (!TryReadHeader(encoded, out Header header))
            return OperationStatus.InvalidData;
        if (destination.Length < header.Count)
            return OperationStatus.DestinationTooSmall;
        ulong max = typeof(T) == typeof(uint) ? uint.MaxValue : ulong.MaxValue;
        ref T values = ref MemoryMarshal.GetReference(destination);
        if (header.Count != 0)
        {
            if (header.First > max)
                return OperationStatus.InvalidData;
            Store(ref values, header.First);
        }

        ReadOnlySpan<byte> records = encoded[header.RecordsStart..header.BlocksStart];
        int offset = header.BlocksStart, length = encoded.Length, last = header.BlockCount - 1;
        ulong start = header.First, spanBase = header.SpanBase;
        ref byte bytes = ref MemoryMarshal.GetReference(encoded);
        int recordBits = CodeBits + header.SpanWidth;
        bool loadWhole = RecordsLoadWhole(recordBits, length);
        ulong recordMask = loadWhole ? (1UL << recordBits) - 1 : 0;
        long bit = 8L * header.RecordsStart, lastLoad = length - sizeof(ulong);
        for (int block = 0; block <= last; block++, bit += recordBits)
        {
            int code;
            ulong span;
            if (loadWhole)
            {
                // PERF: the record in one load (as SkipTo reads it), not the general bit reader's branches.
                if (!TrySplitRecord(LoadRecord(ref bytes, bit, lastLoad, recordMask), spanBase, out code, out span))
                    return OperationStatus.InvalidData;
            }
            else if (!TryReadRecord(records, block, header.SpanWidth, spanBase, out code, out span))
            {
                return OperationStatus.InvalidData;
            }
            if (span > max - start)
                return OperationStatus.InvalidData;
            ref T blockValues = ref Unsafe.Add(ref values, 1 + block * BlockLength);
            // PERF: the common block (full, no exceptions, sums below 2^32) goes straight to the kernel: its length is its
            // width's 16 bytes a bit, no layout to fill in.
            if (code <= PostingBlockDecoder.MaxFusedWidth && block != last)
            {
                int packedBytes = code * (BlockLength / 8);
                if (loadWhole && block + 1 != last)
                {
                    // PERF: a common block followed by another of its width: both through one kernel, their work interleaved
                    // (decoded one by one, a block's chains left the scheduler waiting on their latency). A next record that
                    // is not such a block, or not valid, is read again on its own turn.
                    if (TrySplitRecord(LoadRecord(ref bytes, bit + recordBits, lastLoad, recordMask), spanBase, out int nextCode, out ulong nextSpan)
                        && nextCode == code && nextSpan <= max - start - span)
                    {
                        if (2 * packedBytes > length - offset
                            || !PostingBlockDecoder.TryDecodeFusedPair<TUnpack, T>(ref Unsafe.Add(ref bytes, offset), code, start, span, nextSpan, ref blockValues))
                            return OperationStatus.InvalidData;
                        offset += 2 * packedBytes;
                        start += span + nextSpan;
                        block++;
                        bit += recordBits;
                        continue;
                    }
                }
                if (packedBytes > length - offset || !PostingBlockDecoder.TryDecodeFused<TUnpack, T>(ref Unsafe.Add(ref bytes, offset), code, start, span, ref blockValues))
                    return OperationStatus.InvalidData;
                offset += packedBytes;
            }
            else if (!TryLayOut(encoded, offset, code, DeltasInBlock(header.Count, block), out Block layout)
                || !PostingBlockDecoder.TryDecode<TUnpack, T>(encoded, layout, DeltasInBlock(header.Count, block), start, span, ref blockValues))
            {
                return OperationStatus.InvalidData;
            }
            else
            {
                offset = layout.End;
            }
            start += span;
        }
        if (offset != encoded.Length)
            return OperationStatus.InvalidData;
        valuesWritten = header.Count;
        return OperationStatus.Done;
    }

    /// <summary>
    /// Decodes one block on this machine's path (the reader's decoder): 64-bit values, or 32-bit offsets from the value
    /// before the block when <paramref name="start"/> is 0 and <paramref name="span"/> fits 32 bits.
    /// </summary>
    // PERF: inlined into the reader's block decoder (itself compiled on its own), a block with exceptions makes one call
    // fewer; as a call it cost SkipTo over a list with outliers about a tenth.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryDecodeBlock<T>(ReadOnlySpan<byte> encoded, in Block block, int deltas, ulong start, ulong span, ref T values)
        where T : unmanaged
    {
        var decode = new DecodeBlock<T> { Encoded = encoded, Block = block, Deltas = deltas, Start = start, Span = span, Values = ref values };
        return UnpackPath.Run<DecodeBlock<T>, bool>(ref decode);
    }

    /// <summary>
    /// Decodes one common block (full, no exceptions, a width of at most 24) on this machine's path: 64-bit values, or
    /// 32-bit offsets from the value before the block when <paramref name="start"/> is 0.
    /// </summary>
    // PERF: compiled on its own, so that the reader's two entries to its block decoder (DecodeIntoBuffer and DecodeInto)
    // share one jump table over the widths for 64-bit values instead of each inlining its own.
    [MethodImpl(MethodImplOptions.NoInlining)]
    internal static bool TryDecodeFusedBlock<T>(ref byte packed, int width, ulong start, ulong span, ref T values)
        where T : unmanaged
    {
        var decode = new DecodeFusedBlock<T> { Packed = ref packed, Width = width, Start = start, Span = span, Values = ref values };
        return UnpackPath.Run<DecodeFusedBlock<T>, bool>(ref decode);
    }

    /// <summary>Widens <paramref name="count"/> 32-bit offsets onto <paramref name="start"/> on this machine's path (the reader's buffered block).</summary>
    internal static void Widen(ref uint relative, ulong start, ref ulong values, int count)
    {
        var widen = new WidenValues { Relative = ref relative, Start = start, Values = ref values, Count = count };
        UnpackPath.Run<WidenValues, bool>(ref widen);
    }

    /// <summary>One common block decoded with one path.</summary>
    private ref struct DecodeFusedBlock<T> : IUnpackOperation<bool> where T : unmanaged
    {
        public ref byte Packed;
        public int Width;
        public ulong Start;
        public ulong Span;
        public ref T Values;

        public readonly bool Run<TUnpack>() where TUnpack : struct, IPostingUnpack =>
            PostingBlockDecoder.TryDecodeFused<TUnpack, T>(ref Packed, Width, Start, Span, ref Values);
    }

    /// <summary>Offsets widened onto a value with one path.</summary>
    private ref struct WidenValues : IUnpackOperation<bool>
    {
        public ref uint Relative;
        public ulong Start;
        public ref ulong Values;
        public int Count;

        public readonly bool Run<TUnpack>() where TUnpack : struct, IPostingUnpack
        {
            TUnpack.Widen(ref Relative, Start, ref Values, Count);
            return true;
        }
    }

    /// <summary>A whole list decoded with one path.</summary>
    private ref struct DecodeList<T> : IUnpackOperation<OperationStatus> where T : unmanaged
    {
        public ReadOnlySpan<byte> Encoded;
        public Span<T> Destination;
        public int ValuesWritten;

        public OperationStatus Run<TUnpack>() where TUnpack : struct, IPostingUnpack =>
            Decode<TUnpack, T>(Encoded, Destination, out ValuesWritten);
    }

    /// <summary>One block decoded with one path.</summary>
    private ref struct DecodeBlock<T> : IUnpackOperation<bool> where T : unmanaged
    {
        public ReadOnlySpan<byte> Encoded;
        public Block Block;
        public int Deltas;
        public ulong Start;
        public ulong Span;
        public ref T Values;

        public readonly bool Run<TUnpack>() where TUnpack : struct, IPostingUnpack =>
            PostingBlockDecoder.TryDecode<TUnpack, T>(Encoded, Block, Deltas, Start, Span, ref Values);
    }

    private static void Store<T>(ref T values, ulong value) where T : unmanaged
    {
        if (typeof(T) == typeof(uint))
            Unsafe.As<T, uint>(ref values) = (uint)value;
        else
            Unsafe.As<T, ulong>(ref values) = value;
    }
}
