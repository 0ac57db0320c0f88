using System.Diagnostics.CodeAnalysis;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Formatting;

public static partial class DateTimeFormatter
{
    // The text is checked and decoded as four little-endian 8-byte words of ASCII: characters 0..7, 8..15,
    // 16..23 and 19..26 (the last overlapping the third so no read goes past character 26). For each word,
    // Pattern holds '0' at digit positions and the separator elsewhere; w ^ Pattern is then the digit's value
    // (0..9) at a digit position and 0 at a correct separator. DigitCarry adds 6 at digit positions, so a value
    // above 9 carries into the high nibble, which HighBits tests (the whole byte at separator positions).
    // PERF: so checking all 27 characters is four XOR/ADD/OR/AND groups and one branch, and no character is
    // used (as a digit or an index) before that check has passed.
    private const ulong Pattern0 = 0x2D30302D30303030; // "0000-00-" in memory order
    private const ulong DigitCarry0 = 0x0006060006060606;
    private const ulong HighBits0 = 0xFFF0F0FFF0F0F0F0;
    private const ulong Pattern1 = 0x30303A3030543030; // "00T00:00" in memory order
    private const ulong DigitCarry1 = 0x0606000606000606;
    private const ulong HighBits1 = 0xF0F0FFF0F0FFF0F0;
    private const ulong Pattern2 = 0x303030302E30303A; // ":00.0000" in memory order
    private const ulong DigitCarry2 = 0x0606060600060600;
    private const ulong HighBits2 = 0xF0F0F0F0FFF0F0FF;
    private const ulong Pattern3 = 0x303030303030302E; // ".0000000" in memory order
    private const ulong DigitCarry3 = 0x0606060606060600;
    private const ulong HighBits3 = 0xF0F0F0F0F0F0F0FF;

    /// <summary>The expected character at each position of the UTC form (<c>0</c> stands for any digit).</summary>
    private const string Template = "0000-00-00T00:00:00.0000000Z";

    /// <summary>Parses the 27-character form (Kind Unspecified) or the 28-character form ending in <c>Z</c> (Kind Utc).</summary>
    /// <param name="s">The text, e.g. <c>2015-01-15T00:41:16.6616631</c> or <c>2015-01-15T00:41:16.6616631Z</c>.</param>
    /// <returns>The timestamp.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="s"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException">The text has another length, a wrong character, or a date or time that does not exist; the message gives the position.</exception>
    public static DateTime Parse(string s)
    {
        ArgumentNullException.ThrowIfNull(s);
        ReadOnlySpan<char> text = s;
        int error = ParseUtf16(text, out DateTime value);
        if (error != 0)
            ThrowFormatException(text, error);
        return value;
    }

    /// <summary>Parses the 27-character form (Kind Unspecified) or the 28-character form ending in <c>Z</c> (Kind Utc).</summary>
    /// <param name="s">The text, e.g. <c>2015-01-15T00:41:16.6616631</c> or <c>2015-01-15T00:41:16.6616631Z</c>.</param>
    /// <returns>The timestamp.</returns>
    /// <exception cref="FormatException">The text has another length, a wrong character, or a date or time that does not exist; the message gives the position.</exception>
    public static DateTime Parse(ReadOnlySpan<char> s)
    {
        int error = ParseUtf16(s, out DateTime value);
        if (error != 0)
            ThrowFormatException(s, error);
        return value;
    }

    /// <summary>Parses the 27-character form (Kind Unspecified) or the 28-character form ending in <c>Z</c> (Kind Utc).</summary>
    /// <param name="s">The text.</param>
    /// <param name="value">The timestamp, or <see langword="default"/> when the text is not valid.</param>
    /// <returns><see langword="true"/> when <paramref name="s"/> is a valid timestamp of either form.</returns>
    public static bool TryParse(ReadOnlySpan<char> s, out DateTime value) => ParseUtf16(s, out value) == 0;

    /// <summary>Parses the UTF-8 27-byte form (Kind Unspecified) or 28-byte form ending in <c>Z</c> (Kind Utc).</summary>
    /// <param name="utf8">The text as UTF-8 (a valid timestamp is pure ASCII).</param>
    /// <param name="value">The timestamp, or <see langword="default"/> when the text is not valid.</param>
    /// <returns><see langword="true"/> when <paramref name="utf8"/> is a valid timestamp of either form.</returns>
    public static bool TryParse(ReadOnlySpan<byte> utf8, out DateTime value)
    {
        int length = utf8.Length;
        if (length != UnspecifiedLength && length != UtcLength)
        {
            value = default;
            return false;
        }

        ref byte first = ref MemoryMarshal.GetReference(utf8);
        int error = ParseWords(
            Unsafe.ReadUnaligned<ulong>(ref first),
            Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref first, 8)),
            Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref first, 16)),
            Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref first, 19)),
            length == UtcLength && Unsafe.Add(ref first, UtcSuffixOffset) != 'Z',
            out ulong ticks);
        return Complete(error, ticks, length, out value);
    }

    /// <summary>The UTF-16 parser behind every char overload: 0 and the value, or an error code (see <see cref="Error"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int ParseUtf16(ReadOnlySpan<char> s, out DateTime value)
    {
        int length = s.Length;
        if (length != UnspecifiedLength && length != UtcLength)
        {
            value = default;
            return Error(ParseError.Length, 0);
        }

        // PERF: four 16-byte loads and two saturating packs turn characters 0..26 into the four ASCII words the
        // byte parser takes, so both encodings share one SWAR decoder. A character above 0xFF saturates to 0xFF
        // (0x8000 and above, signed, to 0x00), neither of which is a digit or a separator, so no character
        // outside ASCII can pass for a valid one.
        ref ushort first = ref Unsafe.As<char, ushort>(ref MemoryMarshal.GetReference(s));
        Vector128<byte> head = NarrowSaturated(Vector128.LoadUnsafe(ref first), Vector128.LoadUnsafe(ref first, 8));
        Vector128<byte> tail = NarrowSaturated(Vector128.LoadUnsafe(ref first, 16), Vector128.LoadUnsafe(ref first, 19));
        int error = ParseWords(
            head.AsUInt64().ToScalar(), head.AsUInt64().GetElement(1),
            tail.AsUInt64().ToScalar(), tail.AsUInt64().GetElement(1),
            length == UtcLength && Unsafe.Add(ref first, UtcSuffixOffset) != 'Z',
            out ulong ticks);
        Complete(error, ticks, length, out value);
        return error;
    }

    /// <summary>Packs two vectors of UTF-16 code units into bytes, clamping every unit above 0xFF to a non-ASCII byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector128<byte> NarrowSaturated(Vector128<ushort> lower, Vector128<ushort> upper)
    {
        if (Sse2.IsSupported)
            return Sse2.PackUnsignedSaturate(lower.AsInt16(), upper.AsInt16());
        return NarrowSaturatedPortable(lower, upper);
    }

    /// <summary>The non-x86 path of <see cref="NarrowSaturated"/>: every unit above 0xFF becomes 0xFF. Tested on x86 too.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector128<byte> NarrowSaturatedPortable(Vector128<ushort> lower, Vector128<ushort> upper)
    {
        Vector128<ushort> byteMax = Vector128.Create((ushort)byte.MaxValue);
        return Vector128.Narrow(Vector128.Min(lower, byteMax), Vector128.Min(upper, byteMax));
    }

    /// <summary>Turns the core parser's result into the DateTime of the right Kind, or <see langword="default"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool Complete(int error, ulong ticks, int length, out DateTime value)
    {
        if (error != 0)
        {
            value = default;
            return false;
        }

        value = length == UtcLength ? new DateTime((long)ticks, DateTimeKind.Utc) : new DateTime((long)ticks);
        return true;
    }

    /// <summary>
    /// The core parser over characters 0..7, 8..15, 16..23 and 19..26 as ASCII words (see <see cref="Pattern0"/>):
    /// checks every character before using it, decodes the fields with SWAR multiplications, checks they make a
    /// real date and time, and returns 0 with the ticks, or the first error in position order.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int ParseWords(ulong word0, ulong word1, ulong word2, ulong word3, bool badSuffix, out ulong ticks)
    {
        ticks = 0;
        ulong digits0 = word0 ^ Pattern0;
        ulong digits1 = word1 ^ Pattern1;
        ulong digits2 = word2 ^ Pattern2;
        ulong digits3 = word3 ^ Pattern3;
        ulong invalid0 = (digits0 | (digits0 + DigitCarry0)) & HighBits0;
        ulong invalid1 = (digits1 | (digits1 + DigitCarry1)) & HighBits1;
        ulong invalid2 = (digits2 | (digits2 + DigitCarry2)) & HighBits2;
        ulong invalid3 = (digits3 | (digits3 + DigitCarry3)) & HighBits3;
        if ((invalid0 | invalid1 | invalid2 | invalid3) != 0)
            return Error(ParseError.Character, FirstInvalidPosition(invalid0, invalid1, invalid2, invalid3));

        // PERF: one multiply-add per word puts 10 × digit[i] + digit[i + 1] in every byte i (each at most 99, so
        // no byte carries into the next), which gives every two-digit field at once; separators decode as 0.
        ulong pairs0 = digits0 * 10 + (digits0 >> 8);
        ulong pairs1 = digits1 * 10 + (digits1 >> 8);
        uint year = (uint)(byte)pairs0 * 100 + (byte)(pairs0 >> 16);
        uint month = (byte)(pairs0 >> 40);
        uint day = (byte)pairs1;
        uint hour = (byte)(pairs1 >> 24);
        uint minute = (byte)(pairs1 >> 48);
        uint second = (byte)((digits2 * 10 + (digits2 >> 8)) >> 8);

        if (year == 0)
            return Error(ParseError.Year, 0);
        if (month - 1 >= 12)
            return Error(ParseError.Month, 5);
        uint daysInMonth = Unsafe.Add(ref MemoryMarshal.GetReference(Tables.DaysInMonth), (nint)month);
        if (day - 1 >= daysInMonth && !(day == 29 && month == 2 && IsLeapYear(year)))
            return Error(ParseError.Day, 8);
        if (hour >= 24)
            return Error(ParseError.Hour, 11);
        if (minute >= 60)
            return Error(ParseError.Minute, 14);
        if (second >= 60)
            return Error(ParseError.Second, 17);
        if (badSuffix)
            return Error(ParseError.Character, UtcSuffixOffset);

        ticks = DaysFromCivil(year, month, day) * TicksPerDay
            + ((hour * 60 + minute) * 60 + second) * TicksPerSecond
            + DecodeEightDigits(digits3);
        return 0;
    }

    /// <summary>Eight digit values, first digit in the low byte → their decimal number (here ".fffffff": the '.' decodes as a leading 0).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint DecodeEightDigits(ulong digits)
    {
        // PERF: three multiply-shift-mask rounds combine digit pairs, then pairs of pairs, then the two halves:
        // log2(8) steps instead of seven multiply-adds in a chain.
        ulong pairs = (digits * 10 + (digits >> 8)) & 0x00FF00FF00FF00FF;
        ulong quads = (pairs * 100 + (pairs >> 16)) & 0x0000FFFF0000FFFF;
        return (uint)(quads * 10_000 + (quads >> 32));
    }

    /// <summary>The lowest position whose byte was flagged in one of the four words (the first flagged is exact, see <see cref="Pattern0"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int FirstInvalidPosition(ulong invalid0, ulong invalid1, ulong invalid2, ulong invalid3)
    {
        // A carry only moves upward from an invalid byte, so the lowest flagged byte is the first invalid character.
        if (invalid0 != 0)
            return BitOperations.TrailingZeroCount(invalid0) >> 3;
        if (invalid1 != 0)
            return 8 + (BitOperations.TrailingZeroCount(invalid1) >> 3);
        if (invalid2 != 0)
            return 16 + (BitOperations.TrailingZeroCount(invalid2) >> 3);
        return 19 + (BitOperations.TrailingZeroCount(invalid3) >> 3);
    }

    /// <summary>What was wrong with a parsed text; the core parser returns it with the position as <see cref="Error"/>.</summary>
    internal enum ParseError
    {
        None,
        Length,
        Character,
        Year,
        Month,
        Day,
        Hour,
        Minute,
        Second,
    }

    /// <summary>Encodes an error and its position as the core parser's nonzero result.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int Error(ParseError error, int position) => (int)error | position << 8;

    /// <summary>The error code of the core parser's result.</summary>
    internal static ParseError ErrorOf(int result) => (ParseError)(result & 0xFF);

    /// <summary>The position of the core parser's result.</summary>
    internal static int PositionOf(int result) => result >> 8;

    /// <summary>Runs the UTF-16 core parser and returns its raw result (0, or error and position), for tests.</summary>
    internal static int ParseResult(ReadOnlySpan<char> s) => ParseUtf16(s, out _);

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowFormatException(ReadOnlySpan<char> s, int result) =>
        throw new FormatException(DescribeError(s, result));

    /// <summary>The message of the <see cref="FormatException"/> thrown for a parser result.</summary>
    private static string DescribeError(ReadOnlySpan<char> s, int result)
    {
        int position = PositionOf(result);
        switch (ErrorOf(result))
        {
            case ParseError.Length:
                return $"A timestamp has {UnspecifiedLength} characters (yyyy-MM-ddTHH:mm:ss.fffffff) or {UtcLength} ending in 'Z'; got {s.Length}.";
            case ParseError.Character:
                char found = s[position];
                char expected = Template[position];
                string expectation = expected == '0' ? "a digit" : $"'{expected}'";
                string shown = char.IsControl(found) || char.IsWhiteSpace(found) ? "" : $"'{found}' ";
                return $"Invalid character {shown}(U+{(int)found:X4}) at position {position}; expected {expectation}.";
            case ParseError.Year:
                return $"Year 0000 at position {position} is out of range 0001..9999.";
            case ParseError.Day:
                return $"Day {s.Slice(position, 2)} at position {position} does not exist in {s[..7]}.";
            default:
                string field = ErrorOf(result).ToString();
                string range = ErrorOf(result) switch
                {
                    ParseError.Month => "01..12",
                    ParseError.Hour => "00..23",
                    _ => "00..59",
                };
                return $"{field} {s.Slice(position, 2)} at position {position} is out of range {range}.";
        }
    }
}
