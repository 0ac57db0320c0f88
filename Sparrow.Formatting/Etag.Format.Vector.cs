using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Formatting;

public readonly partial struct Etag
{
    /// <summary>
    /// The SIMD formatter. The 16 little-endian bytes of (restarts, changes) are split into high and low
    /// nibbles, each turned into a hex digit by one 16-entry table shuffle; pairs of constant shuffles then
    /// place the 32 digits (byte-reversed, so most significant first) into the output windows [0, 16),
    /// [16, 32) and a last one, with the dashes OR-ed in. UTF-8 stores the windows directly, the last one
    /// being [20, 36) over the end of the second; UTF-16 widens them, the last one being [28, 36).
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
    internal static void FormatVector<TChar>(ulong restarts, ulong changes, ref TChar destination, bool widenBy256)
        where TChar : unmanaged
    {
        // PERF: built from the two counters (movq + pinsrq), not one 16-byte load of the struct: callers often
        // hold an etag in two registers, and a 16-byte load of what two 8-byte stores just wrote misses store
        // forwarding (EtagToStringBenchmarks.EtagToString, where the etag is copied into string.Create's state).
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
        Vector128<byte> first =
            Vector128.Shuffle(highDigits, Vector128.Create(0x8004800580068007UL, 0x8001808002800380UL).AsByte())  // 7, -, 6, -, 5, -, 4, -, -, 3, -, 2, -, -, 1, -
            | Vector128.Shuffle(lowDigits, Vector128.Create(0x0480058006800780UL, 0x0180800280038080UL).AsByte())  // -, 7, -, 6, -, 5, -, 4, -, -, 3, -, 2, -, -, 1
            | Vector128.Create(0x0000000000000000UL, 0x00002D000000002DUL).AsByte();  // '-' at 8 and 13

        // Output positions 16-31: "EF-1122-33445566".
        Vector128<byte> second =
            Vector128.Shuffle(highDigits, Vector128.Create(0x80800E800F808000UL, 0x800A800B800C800DUL).AsByte())  // 0, -, -, 15, -, 14, -, -, 13, -, 12, -, 11, -, 10, -
            | Vector128.Shuffle(lowDigits, Vector128.Create(0x800E800F80800080UL, 0x0A800B800C800D80UL).AsByte())  // -, 0, -, -, 15, -, 14, -, -, 13, -, 12, -, 11, -, 10
            | Vector128.Create(0x2D000000002D0000UL, 0x0000000000000000UL).AsByte();  // '-' at 18 and 23

        if (typeof(TChar) == typeof(byte))
        {
            // Output positions 20-35: "122-334455667788", stored over the end of the second window.
            Vector128<byte> third =
                Vector128.Shuffle(highDigits, Vector128.Create(0x800C800D80800E80UL, 0x80088009800A800BUL).AsByte())  // -, 14, -, -, 13, -, 12, -, 11, -, 10, -, 9, -, 8, -
                | Vector128.Shuffle(lowDigits, Vector128.Create(0x0C800D80800E800FUL, 0x088009800A800B80UL).AsByte())  // 15, -, 14, -, -, 13, -, 12, -, 11, -, 10, -, 9, -, 8
                | Vector128.Create(0x000000002D000000UL, 0x0000000000000000UL).AsByte();  // '-' at 23

            ref byte target = ref Unsafe.As<TChar, byte>(ref destination);
            first.StoreUnsafe(ref target);
            second.StoreUnsafe(ref target, 16);
            third.StoreUnsafe(ref target, 20);
        }
        else
        {
            // Output positions 28-35: "55667788" in lanes 0-7, so one widening of the low half covers them.
            Vector128<byte> tail =
                Vector128.Shuffle(highDigits, Vector128.Create(0x80088009800A800BUL, 0x8080808080808080UL).AsByte())  // 11, -, 10, -, 9, -, 8, -, -...
                | Vector128.Shuffle(lowDigits, Vector128.Create(0x088009800A800B80UL, 0x8080808080808080UL).AsByte());  // -, 11, -, 10, -, 9, -, 8, -...

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

            Vector128.WidenLower(tail).StoreUnsafe(ref target, 28);
        }
    }
}
