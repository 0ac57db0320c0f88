using System.Buffers;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// The AVX-512 path of <see cref="VarInt.Decode"/> (VBMI2 byte compress, VBMI byte permutes): 64 source bytes
/// per step, every varint that ends in them decoded at once, the rest left to the next step.
/// </summary>
/// <remarks>
/// <para>
/// A step loads 64 bytes and takes their continuation bits as a mask. A varint ends at each clear bit, so
/// compressing the byte indices at those bits lists every varint's end, and shifting that list by one lane
/// lists every start. Permuting the payload bytes by <c>start + k</c> gathers byte <c>k</c> of every varint
/// into one lane per value (zeroed where the varint is shorter), and widening and shifting those byte planes
/// into 32-bit lanes assembles the values, which masked stores write (so nothing past the last value is
/// written). The masked-VByte idea (Plaisance, Kurz, Lemire), done with whole-register permutes instead of a
/// shuffle table.
/// </para>
/// <para>
/// A step whose 64 bytes hold a varint longer than 5 bytes or a 5-byte varint that overflows 32 bits (always
/// one that starts in the step: each step starts at a varint) ends the loop, and <see cref="VarIntScalar"/>
/// decodes from there up to that varint and reports the status; it also decodes the tail of fewer than 64
/// bytes or of fewer than 64 free values.
/// </para>
/// </remarks>
internal static unsafe class VarIntAvx512
{
    /// <summary>Whether this path can run: AVX-512 VBMI2 present and 512-bit vectors accelerated.</summary>
    public static bool IsSupported => Avx512Vbmi2.IsSupported && Vector512.IsHardwareAccelerated;

    /// <summary>Source bytes per step; also the most values a step writes.</summary>
    private const int Block = 64;

    /// <summary>Decodes with the contract of <see cref="VarInt.Decode"/>; only call it when <see cref="IsSupported"/>.</summary>
    public static OperationStatus Decode(ReadOnlySpan<byte> source, Span<uint> destination, out int bytesConsumed, out int valuesWritten)
    {
        int consumed = 0, written = 0;
        fixed (byte* src = source)
        fixed (uint* dst = destination)
        {
            while (source.Length - consumed >= Block && destination.Length - written >= Block)
            {
                Vector512<byte> bytes = Vector512.Load(src + consumed);
                ulong continuation = bytes.ExtractMostSignificantBits();
                if (continuation == 0)
                {
                    // PERF: 64 one-byte values (the common case of small counts and lengths) are the bytes
                    // themselves, widened: no permute at all.
                    StoreOneByteValues(bytes, dst + written);
                    consumed += Block;
                    written += Block;
                    continue;
                }

                // Bit i of twoRun is set when bytes i-1 and i both continue a varint, of fourRun when i-3..i do.
                ulong twoRun = continuation & (continuation << 1);
                ulong fourRun = twoRun & (twoRun << 2);
                if (fourRun != 0 && !FiveByteVarIntsAreValid(bytes, continuation, fourRun))
                    break; // a bad varint starts in this step: the scalar decoder takes over and stops at it


                ulong ends = ~continuation;
                int count = BitOperations.PopCount(ends);
                if (twoRun == 0)
                    DecodeUpToTwoBytes(bytes, dst + written, count);
                else
                    DecodeUpToFiveBytes(bytes, dst + written, count);
                consumed += Block - BitOperations.LeadingZeroCount(ends);
                written += count;
            }
        }

        OperationStatus status = VarIntScalar.Decode(source[consumed..], destination[written..], out int restConsumed, out int restWritten);
        bytesConsumed = consumed + restConsumed;
        valuesWritten = written + restWritten;
        return status;
    }

    /// <summary>
    /// Whether no varint in the block is longer than 5 bytes (no run of five continuation bytes) and every
    /// 5-byte varint's final byte fits the 4 bits left of 32 (at most 0x0F).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool FiveByteVarIntsAreValid(Vector512<byte> bytes, ulong continuation, ulong fourRun)
    {
        ulong fiveRun = fourRun & (continuation << 4);
        ulong fiveByteEnds = ~continuation & (fourRun << 1);
        ulong aboveFourBits = Vector512.GreaterThan(bytes, Vector512.Create((byte)0x0F)).ExtractMostSignificantBits();
        return (fiveRun | (fiveByteEnds & aboveFourBits)) == 0;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreOneByteValues(Vector512<byte> bytes, uint* destination)
    {
        Vector512<ushort> low = Vector512.WidenLower(bytes), high = Vector512.WidenUpper(bytes);
        Vector512.WidenLower(low).Store(destination);
        Vector512.WidenUpper(low).Store(destination + 16);
        Vector512.WidenLower(high).Store(destination + 32);
        Vector512.WidenUpper(high).Store(destination + 48);
    }

    /// <summary>The <paramref name="count"/> varints ending in <paramref name="bytes"/>, none longer than 2 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void DecodeUpToTwoBytes(Vector512<byte> bytes, uint* destination, int count)
    {
        Layout(bytes, out Vector512<byte> payload, out Vector512<byte> starts, out Vector512<byte> lengths);
        Vector512<byte> byte0 = Avx512Vbmi.PermuteVar64x8(payload, starts);
        Vector512<byte> byte1 = ByteOfEach(payload, starts, lengths, 1);

        // PERF: two 7-bit groups fit 16-bit lanes; only then widen to 32 bits.
        Vector512<ushort> low = Vector512.WidenLower(byte0) | Vector512.WidenLower(byte1) << 7;
        Vector512<ushort> high = Vector512.WidenUpper(byte0) | Vector512.WidenUpper(byte1) << 7;
        Store(destination, Vector512.WidenLower(low), count);
        Store(destination + 16, Vector512.WidenUpper(low), count - 16);
        Store(destination + 32, Vector512.WidenLower(high), count - 32);
        Store(destination + 48, Vector512.WidenUpper(high), count - 48);
    }

    /// <summary>The <paramref name="count"/> varints ending in <paramref name="bytes"/>, valid and none longer than 5 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void DecodeUpToFiveBytes(Vector512<byte> bytes, uint* destination, int count)
    {
        Layout(bytes, out Vector512<byte> payload, out Vector512<byte> starts, out Vector512<byte> lengths);
        Vector512<byte> byte0 = Avx512Vbmi.PermuteVar64x8(payload, starts);
        Vector512<byte> byte1 = ByteOfEach(payload, starts, lengths, 1);
        Vector512<byte> byte2 = ByteOfEach(payload, starts, lengths, 2);
        Vector512<byte> byte3 = ByteOfEach(payload, starts, lengths, 3);
        Vector512<byte> byte4 = ByteOfEach(payload, starts, lengths, 4);

        // PERF: bytes 0-1 and 2-3 pair up in 16-bit lanes (14 bits each) before the widening to 32 bits,
        // and the upper 32 values, which need three or more bytes per value to be few, only when there are any.
        StoreHalf(destination, Vector512.WidenLower(byte0), Vector512.WidenLower(byte1), Vector512.WidenLower(byte2),
            Vector512.WidenLower(byte3), Vector512.WidenLower(byte4), count);
        if (count > 32)
        {
            StoreHalf(destination + 32, Vector512.WidenUpper(byte0), Vector512.WidenUpper(byte1), Vector512.WidenUpper(byte2),
                Vector512.WidenUpper(byte3), Vector512.WidenUpper(byte4), count - 32);
        }
    }

    /// <summary>32 values from the 16-bit planes of their bytes 0..4.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreHalf(uint* destination, Vector512<ushort> byte0, Vector512<ushort> byte1, Vector512<ushort> byte2,
        Vector512<ushort> byte3, Vector512<ushort> byte4, int count)
    {
        Vector512<ushort> low = byte0 | byte1 << 7;
        Vector512<ushort> middle = byte2 | byte3 << 7;
        Store(destination, Vector512.WidenLower(low) | Vector512.WidenLower(middle) << 14 | Vector512.WidenLower(byte4) << 28, count);
        Store(destination + 16, Vector512.WidenUpper(low) | Vector512.WidenUpper(middle) << 14 | Vector512.WidenUpper(byte4) << 28, count - 16);
    }

    /// <summary>
    /// The block's 7-bit payloads, and per value (lane j for the j-th varint ending in the block) its start
    /// offset and its length; lanes past the last value hold garbage that the stores mask off.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Layout(Vector512<byte> bytes, out Vector512<byte> payload, out Vector512<byte> starts, out Vector512<byte> lengths)
    {
        payload = bytes & Vector512.Create((byte)0x7F);
        Vector512<byte> isEnd = Vector512.LessThan(bytes, Vector512.Create((byte)0x80));

        // One past each end, in order; each start is the previous one's (index 255 reads lane 63 of the zero
        // table, so the first start is 0).
        Vector512<byte> pastEnds = Avx512Vbmi2.Compress(Vector512<byte>.Zero, isEnd, Vector512<byte>.Indices + Vector512<byte>.One);
        starts = Avx512Vbmi.PermuteVar64x8x2(pastEnds, Vector512<byte>.Indices - Vector512<byte>.One, Vector512<byte>.Zero);
        lengths = pastEnds - starts;
    }

    /// <summary>Byte <paramref name="k"/> (1..4) of each value's payload, 0 where the value is shorter.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<byte> ByteOfEach(Vector512<byte> payload, Vector512<byte> starts, Vector512<byte> lengths, byte k) =>
        Vector512.ConditionalSelect(
            Vector512.GreaterThan(lengths, Vector512.Create(k)),
            Avx512Vbmi.PermuteVar64x8(payload, starts + Vector512.Create(k)),
            Vector512<byte>.Zero);

    /// <summary>Stores the first <paramref name="lanes"/> of 16 values (all when it is 16 or more, none when it is 0 or less).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store(uint* destination, Vector512<uint> values, int lanes)
    {
        // PERF: a masked store for every group, full or partial, keeps the step free of branches on the count
        // and never writes past the last value.
        Vector512<uint> mask = Vector512.LessThan(Vector512<int>.Indices, Vector512.Create(lanes)).AsUInt32();
        Avx512F.MaskStore(destination, mask, values);
    }
}
