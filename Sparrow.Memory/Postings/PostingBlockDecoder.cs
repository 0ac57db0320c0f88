using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using static Sparrow.Storage.PostingListFormat;

namespace Sparrow.Storage;

/// <summary>128 deltas or values of a block, on the stack.</summary>
[InlineArray(PostingListFormat.BlockLength)]
internal struct BlockOfUInt32
{
    private uint _element;
}

/// <summary>128 deltas or values of a block, on the stack.</summary>
[InlineArray(PostingListFormat.BlockLength)]
internal struct BlockOfUInt64
{
    private ulong _element;
}

/// <summary>
/// Decodes one block into values, checking everything: the common block (full, low parts of at most 24 bits,
/// exceptions that keep its sums below 2^32) through a path's vector kernels, any other through a checked
/// scalar loop. Both end with the block's last value, which must be its first value before it plus the span
/// its skip record gives.
/// </summary>
internal static class PostingBlockDecoder
{
    /// <summary>The widest block decoded in one pass: 128 deltas of at most 2^24 (plus one) sum below 2^32.</summary>
    public const int MaxFusedWidth = 24;

    /// <summary>
    /// Writes the <paramref name="deltas"/> values of <paramref name="block"/> that follow <paramref name="start"/>
    /// to <paramref name="values"/>; false when they are not strictly ascending within <typeparamref name="T"/> or do
    /// not end at <paramref name="start"/> + <paramref name="span"/>. The caller has checked that sum fits in
    /// <typeparamref name="T"/>.
    /// </summary>
    [SkipLocalsInit]
    public static bool TryDecode<TUnpack, T>(ReadOnlySpan<byte> encoded, in Block block, int deltas, ulong start, ulong span, ref T values)
        where TUnpack : struct, IPostingUnpack
        where T : unmanaged
    {
        int width = block.Width;
        ref byte packed = ref Unsafe.Add(ref MemoryMarshal.GetReference(encoded), block.Packed);
        if (deltas == BlockLength && block.ExceptionCount == 0 && width <= MaxFusedWidth)
            return TryDecodeFused<TUnpack, T>(ref packed, width, start, span, ref values);
        int highWidth = block.ExceptionWidth;
        if (deltas == BlockLength && width <= MaxFusedWidth && width + highWidth <= MaxVerticalWidth && block.End >= sizeof(ulong))
        {
            // PERF: the prefix sum is linear: the low parts decode as a plain block (in registers, one pass), then each
            // exception's high part is added to every value from its position on, the running total of the high parts
            // over the range up to the next position. A scalar patch stored into the low parts and reloaded as vectors
            // for the sum stalled on the failed store-to-load forward.
            uint lowSum = typeof(T) == typeof(uint)
                ? TUnpack.Decode(ref packed, width, (uint)start, ref Unsafe.As<T, uint>(ref values))
                : TUnpack.Decode(ref packed, width, start, ref Unsafe.As<T, ulong>(ref values));
            ref byte bytes = ref MemoryMarshal.GetReference(encoded);
            ref byte positions = ref Unsafe.Add(ref bytes, block.Positions);
            int last = block.ExceptionCount - 1;
            long bit = 8L * block.Highs, lastLoad = block.End - sizeof(ulong);
            ulong highMask = (1UL << highWidth) - 1;
            // Each delta + 1 is at most 2^width plus its high part: while the high parts stay within this, the 32-bit sums are exact.
            ulong limit = uint.MaxValue - ((ulong)BlockLength << width);
            ulong total = 0;
            int position = positions;
            for (int i = 0; ; i++, bit += highWidth)
            {
                // PERF: a high part in one 8-byte load (at its byte, or at the block's last 8 bytes near its end), as the skip
                // records are read, not the general bit reader's loop over a short tail.
                total += LoadRecord(ref bytes, bit, lastLoad, highMask) << width;
                if (total > limit)
                    return TryDecodeChecked<TUnpack, T>(encoded, block, deltas, start, span, ref values);
                // The positions ascend strictly within the block; the last range ends at the block's end.
                int next = i < last ? Unsafe.Add(ref positions, i + 1) : BlockLength;
                if (next <= position || (i < last && next >= BlockLength))
                    return false;
                if (typeof(T) == typeof(uint))
                    TUnpack.AddRange(ref Unsafe.As<T, uint>(ref values), position, next, (uint)total);
                else
                    TUnpack.AddRange(ref Unsafe.As<T, ulong>(ref values), position, next, total);
                if (i == last)
                    break;
                position = next;
            }
            // The last value is the start plus the low parts' sum plus every high part (the last range ends at the block's
            // end): checked from registers, as the fused block's sum is.
            if (typeof(T) == typeof(uint))
                return (uint)(lowSum + total) == span;
            return lowSum + total == span;
        }
        return TryDecodeChecked<TUnpack, T>(encoded, block, deltas, start, span, ref values);
    }

    /// <summary>
    /// The common block, in one pass: full, no exceptions, and sums that stay below 2^32 (a <paramref name="width"/> of at
    /// most <see cref="MaxFusedWidth"/>: each delta + 1 at most 2^24); its 16 × width bytes at <paramref name="packed"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool TryDecodeFused<TUnpack, T>(ref byte packed, int width, ulong start, ulong span, ref T values)
        where TUnpack : struct, IPostingUnpack
        where T : unmanaged
    {
        // PERF: the kernel's sum comes back in a register; reading the last value back from the vector just stored
        // waited for the store to forward (a tenth of the decode).
        if (typeof(T) == typeof(uint))
            return TUnpack.Decode(ref packed, width, (uint)start, ref Unsafe.As<T, uint>(ref values)) == span;
        return TUnpack.Decode(ref packed, width, start, ref Unsafe.As<T, ulong>(ref values)) == span;
    }

    /// <summary>
    /// Two consecutive common blocks of one <paramref name="width"/> in one pass (<see cref="IPostingUnpack.DecodePair(ref byte, int, uint, ref uint)"/>):
    /// their 32 × width bytes at <paramref name="packed"/>, each checked against its span as <see cref="TryDecodeFused"/> checks one.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool TryDecodeFusedPair<TUnpack, T>(ref byte packed, int width, ulong start, ulong span, ulong nextSpan, ref T values)
        where TUnpack : struct, IPostingUnpack
        where T : unmanaged
    {
        ulong sums = typeof(T) == typeof(uint)
            ? TUnpack.DecodePair(ref packed, width, (uint)start, ref Unsafe.As<T, uint>(ref values))
            : TUnpack.DecodePair(ref packed, width, start, ref Unsafe.As<T, ulong>(ref values));
        return (uint)sums == span && sums >> 32 == nextSpan;
    }

    /// <summary>Any block: low parts into 64-bit deltas, high parts added, each sum checked against the type's maximum.</summary>
    [SkipLocalsInit]
    private static bool TryDecodeChecked<TUnpack, T>(ReadOnlySpan<byte> encoded, in Block block, int deltas, ulong start, ulong span, ref T values)
        where TUnpack : struct, IPostingUnpack
        where T : unmanaged
    {
        int width = block.Width;
        Unsafe.SkipInit(out BlockOfUInt64 buffer);
        ref ulong delta = ref buffer[0];
        if (IsVertical(deltas, width))
        {
            Unsafe.SkipInit(out BlockOfUInt32 lows);
            TUnpack.Unpack(ref Unsafe.Add(ref MemoryMarshal.GetReference(encoded), block.Packed), width, ref lows[0]);
            for (int i = 0; i < BlockLength; i++)
                Unsafe.Add(ref delta, i) = lows[i];
        }
        else
        {
            ReadOnlySpan<byte> packed = encoded.Slice(block.Packed, PackedBytes(deltas, width));
            for (int i = 0; i < deltas; i++)
                Unsafe.Add(ref delta, i) = ReadBits(packed, (long)i * width, width);
        }
        if (block.ExceptionCount != 0)
        {
            ReadOnlySpan<byte> highs = encoded.Slice(block.Highs, PackedBytes(block.ExceptionCount, block.ExceptionWidth));
            int previous = -1;
            for (int i = 0; i < block.ExceptionCount; i++)
            {
                int position = encoded[block.Positions + i];
                if (position <= previous || position >= deltas)
                    return false;
                previous = position;
                Unsafe.Add(ref delta, position) |= ReadBits(highs, (long)i * block.ExceptionWidth, block.ExceptionWidth) << width;
            }
        }
        ulong max = typeof(T) == typeof(uint) ? uint.MaxValue : ulong.MaxValue;
        ulong value = start;
        for (int i = 0; i < deltas; i++)
        {
            ulong d = Unsafe.Add(ref delta, i);
            // value + d + 1 <= max, written so that nothing overflows.
            if (d >= max - value)
                return false;
            value += d + 1;
            if (typeof(T) == typeof(uint))
                Unsafe.Add(ref Unsafe.As<T, uint>(ref values), i) = (uint)value;
            else
                Unsafe.Add(ref Unsafe.As<T, ulong>(ref values), i) = value;
        }
        return value - start == span;
    }
}
