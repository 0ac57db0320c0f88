using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Formatting;

public readonly partial struct Etag
{
    /// <summary>
    /// The SIMD formatter. The 16 little-endian bytes of (restarts, changes) are split into high and low
    /// nibbles, each turned into a hex digit by one 16-entry table shuffle; pairs of constant shuffles then
    /// place the 32 digits (byte-reversed, so most significant first) into the output windows [0, 16),
    /// [16, 32) and [20, 36), with the dashes OR-ed in. UTF-8 stores the windows directly, the last one over the
    /// end of the second; UTF-16 widens them, the last one's upper half being [28, 36). A destination that
    /// crosses a page boundary is written by <see cref="WriteAroundBoundary"/> instead.
    /// </summary>
    /// <typeparam name="TChar"><see cref="char"/> (UTF-16) or <see cref="byte"/> (UTF-8).</typeparam>
    /// <param name="restarts">The first counter.</param>
    /// <param name="changes">The second counter.</param>
    /// <param name="destination">The first of 36 writable elements; nothing outside them is touched.</param>
    /// <param name="widenBy256">
    /// UTF-16 only: widen 16 characters per instruction into a Vector256 (where accelerated) instead of 8
    /// into a Vector128. A constant at every call site; both forms are tested.
    /// </param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static unsafe void FormatVector<TChar>(ulong restarts, ulong changes, ref TChar destination, bool widenBy256)
        where TChar : unmanaged
    {
        FormatWindows(restarts, changes, out Vector128<byte> first, out Vector128<byte> second, out Vector128<byte> third);

        // PERF: a vector store split across two pages costs several times an aligned one (the page-crossing case of
        // EtagTryFormatBenchmarks, against EtagTryFormat); one test of the address sends such a destination to
        // stores that each stay on one page.
        nuint untilPageEnd = PageSize - ((nuint)Unsafe.AsPointer(ref destination) & (PageSize - 1));
        if (untilPageEnd < (nuint)(FormattedLength * sizeof(TChar)))
        {
            WriteAroundBoundary(ref destination, (int)untilPageEnd / sizeof(TChar), first, second, third);
            return;
        }

        if (typeof(TChar) == typeof(byte))
        {
            ref byte target = ref Unsafe.As<TChar, byte>(ref destination);
            first.StoreUnsafe(ref target);
            second.StoreUnsafe(ref target, 16);
            third.StoreUnsafe(ref target, 20);
        }
        else
        {
            ref ushort target = ref Unsafe.As<TChar, ushort>(ref destination);
            if (widenBy256)
            {
                // PERF: one vpmovzxbw ymm per 16 characters instead of two 128-bit widenings and a byte shift.
                Vector256.WidenLower(first.ToVector256Unsafe()).StoreUnsafe(ref target);
                Vector256.WidenLower(second.ToVector256Unsafe()).StoreUnsafe(ref target, 16);
            }
            else
            {
                Vector128.WidenLower(first).StoreUnsafe(ref target);
                Vector128.WidenUpper(first).StoreUnsafe(ref target, 8);
                Vector128.WidenLower(second).StoreUnsafe(ref target, 16);
                Vector128.WidenUpper(second).StoreUnsafe(ref target, 24);
            }

            Vector128.WidenUpper(third).StoreUnsafe(ref target, 28);
        }
    }

    /// <summary>The 36 characters as three windows of ASCII bytes: positions [0, 16), [16, 32) and [20, 36).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void FormatWindows(ulong restarts, ulong changes, out Vector128<byte> first, out Vector128<byte> second, out Vector128<byte> third)
    {
        // PERF: built from the two counters (movq + pinsrq), not one 16-byte load of the struct: callers often
        // hold an etag in two registers, and a 16-byte load of what two 8-byte stores just wrote misses store
        // forwarding (EtagToStringBenchmarks.EtagToString).
        Vector128<byte> value = Vector128.Create(restarts, changes).AsByte();
        Vector128<byte> nibbleMask = Vector128.Create((byte)0x0F);
        Vector128<byte> hexDigits = Vector128.Create(Tables.UppercaseHexDigits);
        // Lane i holds the digit of the high (resp. low) nibble of little-endian byte i: 0-7 restarts, 8-15 changes.
        Vector128<byte> highDigits = Vector128.ShuffleNative(hexDigits, (value.AsUInt16() >> 4).AsByte() & nibbleMask);
        Vector128<byte> lowDigits = Vector128.ShuffleNative(hexDigits, value & nibbleMask);

        // Index constants are packed as two ulongs, lane 0 in the lowest byte, 0x80 = zero lane (see the
        // comment on each: source lane per output lane, '-' for zero). PERF: packed constants keep the IL
        // small enough for the JIT to inline the whole formatter into its callers; they fold to the same
        // pshufb memory operands as 16-argument Vector128.Create calls.

        // Output positions 0-15: "01234567-89AB-CD".
        first =
            Vector128.Shuffle(highDigits, Vector128.Create(0x8004800580068007UL, 0x8001808002800380UL).AsByte())  // 7, -, 6, -, 5, -, 4, -, -, 3, -, 2, -, -, 1, -
            | Vector128.Shuffle(lowDigits, Vector128.Create(0x0480058006800780UL, 0x0180800280038080UL).AsByte())  // -, 7, -, 6, -, 5, -, 4, -, -, 3, -, 2, -, -, 1
            | Vector128.Create(0x0000000000000000UL, 0x00002D000000002DUL).AsByte();  // '-' at 8 and 13

        // Output positions 16-31: "EF-1122-33445566".
        second =
            Vector128.Shuffle(highDigits, Vector128.Create(0x80800E800F808000UL, 0x800A800B800C800DUL).AsByte())  // 0, -, -, 15, -, 14, -, -, 13, -, 12, -, 11, -, 10, -
            | Vector128.Shuffle(lowDigits, Vector128.Create(0x800E800F80800080UL, 0x0A800B800C800D80UL).AsByte())  // -, 0, -, -, 15, -, 14, -, -, 13, -, 12, -, 11, -, 10
            | Vector128.Create(0x2D000000002D0000UL, 0x0000000000000000UL).AsByte();  // '-' at 18 and 23

        // Output positions 20-35: "122-334455667788", overlapping the end of the second window.
        third =
            Vector128.Shuffle(highDigits, Vector128.Create(0x800C800D80800E80UL, 0x80088009800A800BUL).AsByte())  // -, 14, -, -, 13, -, 12, -, 11, -, 10, -, 9, -, 8, -
            | Vector128.Shuffle(lowDigits, Vector128.Create(0x0C800D80800E800FUL, 0x088009800A800B80UL).AsByte())  // 15, -, 14, -, -, 13, -, 12, -, 11, -, 10, -, 9, -, 8
            | Vector128.Create(0x000000002D000000UL, 0x0000000000000000UL).AsByte();  // '-' at 23
    }

    /// <summary>
    /// Writes the 36 characters in <see cref="FormatWindows"/>'s windows with the 16-byte stores of the usual path,
    /// except that a window holding the <paramref name="boundary"/> (an element index, 0..36) is written as two
    /// 8-byte words, and the word holding it as the bytes on either side of it, so no store crosses it.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    internal static unsafe void WriteAroundBoundary<TChar>(ref TChar destination, int boundary, Vector128<byte> first, Vector128<byte> second, Vector128<byte> third)
        where TChar : unmanaged
    {
        ref byte target = ref Unsafe.As<TChar, byte>(ref destination);
        int split = boundary * sizeof(TChar);
        if (typeof(TChar) == typeof(byte))
        {
            StoreWindowAvoiding(ref target, 0, first, split);
            StoreWindowAvoiding(ref target, 16, second, split);
            StoreWindowAvoiding(ref target, 20, third, split);
        }
        else
        {
            StoreWindowAvoiding(ref target, 0, Vector128.WidenLower(first).AsByte(), split);
            StoreWindowAvoiding(ref target, 16, Vector128.WidenUpper(first).AsByte(), split);
            StoreWindowAvoiding(ref target, 32, Vector128.WidenLower(second).AsByte(), split);
            StoreWindowAvoiding(ref target, 48, Vector128.WidenUpper(second).AsByte(), split);
            StoreWindowAvoiding(ref target, 56, Vector128.WidenUpper(third).AsByte(), split);
        }
    }

    /// <summary>Stores 16 bytes at <paramref name="offset"/>: in one store, or as two words when byte <paramref name="split"/> falls inside them.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreWindowAvoiding(ref byte target, int offset, Vector128<byte> window, int split)
    {
        if (offset < split && split < offset + Vector128<byte>.Count)
        {
            StoreAvoiding(ref target, offset, window.AsUInt64().ToScalar(), split);
            StoreAvoiding(ref target, offset + sizeof(ulong), window.AsUInt64().GetElement(1), split);
        }
        else
        {
            window.StoreUnsafe(ref target, (nuint)offset);
        }
    }

    /// <summary>
    /// Stores <paramref name="word"/> at <paramref name="offset"/>: as one store, or, when byte <paramref name="split"/>
    /// falls inside it, the bytes before it and the bytes from it on, each by at most two overlapping stores.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreAvoiding(ref byte target, int offset, ulong word, int split)
    {
        ref byte at = ref Unsafe.Add(ref target, offset);
        int before = split - offset;
        if (before <= 0 || before >= sizeof(ulong))
        {
            Unsafe.WriteUnaligned(ref at, word);
            return;
        }

        StoreBytes(ref at, word, before);
        StoreBytes(ref Unsafe.Add(ref at, before), word >> (8 * before), sizeof(ulong) - before);
    }

    /// <summary>Stores the low <paramref name="count"/> (1..7) bytes of <paramref name="value"/> by at most two overlapping stores.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreBytes(ref byte at, ulong value, int count)
    {
        if (count >= sizeof(uint))
        {
            Unsafe.WriteUnaligned(ref at, (uint)value);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref at, count - sizeof(uint)), (uint)(value >> (8 * (count - sizeof(uint)))));
        }
        else if (count >= sizeof(ushort))
        {
            Unsafe.WriteUnaligned(ref at, (ushort)value);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref at, count - sizeof(ushort)), (ushort)(value >> (8 * (count - sizeof(ushort)))));
        }
        else
        {
            at = (byte)value;
        }
    }
}
