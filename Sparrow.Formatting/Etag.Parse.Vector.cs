using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Formatting;

public readonly partial struct Etag
{
    /// <summary>
    /// The SIMD parser. Loads the text as three 16-byte windows, [0, 16), [16, 32) and [20, 36) (UTF-16 is
    /// narrowed by <see cref="AsciiText.Narrow"/>, so any character above 0xFF becomes the invalid 0xFF), gathers with constant
    /// shuffles the high-nibble and the low-nibble character of each result byte (little-endian, restarts
    /// then changes), validates and decodes those two vectors, and checks the four dashes as scalars.
    /// </summary>
    /// <typeparam name="TChar"><see cref="char"/> (UTF-16) or <see cref="byte"/> (UTF-8).</typeparam>
    /// <param name="source">The first of exactly 36 readable elements; nothing past them is read.</param>
    /// <param name="result">The etag when valid, else <see cref="Empty"/>.</param>
    /// <returns>Whether the 36 elements are an etag.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryParseVector<TChar>(ref TChar source, out Etag result)
        where TChar : unmanaged
    {
        Vector128<byte> first = AsciiText.Load16(ref source, 0);
        Vector128<byte> second = AsciiText.Load16(ref source, 16);
        Vector128<byte> third = AsciiText.Load16(ref source, 20);

        uint dashMismatch = (AsciiText.Read(ref source, 8) ^ '-') | (AsciiText.Read(ref source, 13) ^ '-')
            | (AsciiText.Read(ref source, 18) ^ '-') | (AsciiText.Read(ref source, 23) ^ '-');

        // Lane i: the character of the high (resp. low) nibble of little-endian result byte i (0-7 restarts,
        // 8-15 changes). Index constants are packed as two ulongs, lane 0 in the lowest byte, 0x80 = zero lane.
        // PERF: 16-argument Vector128.Create calls made TryParseVector's IL big enough that the JIT stopped
        // inlining the second DecodeHexDigits (seen in the JIT disassembly); packed constants fold the same.
        Vector128<byte> highCharacters =
            Vector128.Shuffle(first, Vector128.Create(0x00020406090B0E80UL, 0x8080808080808080UL).AsByte())      // -, 14, 11, 9, 6, 4, 2, 0, -...
            | Vector128.Shuffle(second, Vector128.Create(0x8080808080808000UL, 0x0305080A0C0E8080UL).AsByte())   // 0, -..., 14, 12, 10, 8, 5, 3
            | Vector128.Shuffle(third, Vector128.Create(0x8080808080808080UL, 0x8080808080800C0EUL).AsByte());   // -..., 14, 12, -...
        Vector128<byte> lowCharacters =
            Vector128.Shuffle(first, Vector128.Create(0x010305070A0C0F80UL, 0x8080808080808080UL).AsByte())      // -, 15, 12, 10, 7, 5, 3, 1, -...
            | Vector128.Shuffle(second, Vector128.Create(0x8080808080808001UL, 0x0406090B0D0F8080UL).AsByte())   // 1, -..., 15, 13, 11, 9, 6, 4
            | Vector128.Shuffle(third, Vector128.Create(0x8080808080808080UL, 0x8080808080800D0FUL).AsByte());   // -..., 15, 13, -...

        Vector128<byte> highNibbles = DecodeHexDigits(highCharacters);
        Vector128<byte> lowNibbles = DecodeHexDigits(lowCharacters);
        if (dashMismatch != 0 | ((highNibbles | lowNibbles) & Vector128.Create((byte)0xF0)) != Vector128<byte>.Zero)
        {
            result = default;
            return false;
        }

        // A nibble shifted left by 4 stays inside its byte, so a 16-bit shift is a byte shift here.
        Vector128<ulong> counters = ((highNibbles.AsUInt16() << 4).AsByte() | lowNibbles).AsUInt64();
        result = new Etag((long)counters.ToScalar(), (long)counters.GetElement(1));
        return true;
    }

    /// <summary>
    /// Per lane: the value 0-15 of a character '0'-'9', 'A'-'F' or 'a'-'f'; for any other byte value
    /// (0x80-0xFF included) a value with a bit of 0xF0 set, so one test over all lanes validates.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> DecodeHexDigits(Vector128<byte> characters)
    {
        Vector128<byte> isDigit = Vector128.LessThan(characters - Vector128.Create((byte)'0'), Vector128.Create((byte)10));
        Vector128<byte> isLetter = Vector128.LessThan((characters | Vector128.Create((byte)0x20)) - Vector128.Create((byte)'a'), Vector128.Create((byte)6));
        // '0'-'9' are 0x30-0x39 and 'A'-'F'/'a'-'f' are 0x41-0x46/0x61-0x66: the low nibble, plus 9 for letters.
        Vector128<byte> values = (characters & Vector128.Create((byte)0x0F)) + (isLetter & Vector128.Create((byte)9));
        return values | ~(isDigit | isLetter);
    }
}
