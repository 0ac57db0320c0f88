using System.Diagnostics.CodeAnalysis;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Formatting;

public static partial class DateTimeFormatter
{
    // The text is checked and decoded as four little-endian 8-byte words of ASCII: characters 0..7, 8..15,
    // 11..18 and 19..26 (the third overlapping the second, so the words are two 16-character loads). For each word,
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
    private const ulong Pattern2 = 0x30303A30303A3030; // "00:00:00" in memory order
    private const ulong DigitCarry2 = 0x0606000606000606;
    private const ulong HighBits2 = 0xF0F0FFF0F0FFF0F0;
    private const ulong Pattern3 = 0x303030303030302E; // ".0000000" in memory order
    private const ulong DigitCarry3 = 0x0606060606060600;
    private const ulong HighBits3 = 0xF0F0F0F0F0F0F0FF;

    /// <summary>The expected character at each position of the UTC form (<c>0</c> stands for any digit).</summary>
    private const string Template = "0000-00-00T00:00:00.0000000Z";

    /// <summary>Parses the 27-character form (Kind Unspecified) or the 28-character form ending in <c>Z</c> (Kind Utc).</summary>
    /// <param name="s">The text, e.g. <c>2015-01-15T00:41:16.6616631</c> or <c>2015-01-15T00:41:16.6616631Z</c>.</param>
    /// <returns>The timestamp.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="s"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException">The text has another length, a wrong character, or a date or time that does not exist; the message says which and where.</exception>
    public static DateTime Parse(string s)
    {
        ArgumentNullException.ThrowIfNull(s);
        return ParseOrThrow(s.AsSpan());
    }

    /// <summary>Parses the 27-character form (Kind Unspecified) or the 28-character form ending in <c>Z</c> (Kind Utc).</summary>
    /// <param name="s">The text, e.g. <c>2015-01-15T00:41:16.6616631</c> or <c>2015-01-15T00:41:16.6616631Z</c>.</param>
    /// <returns>The timestamp.</returns>
    /// <exception cref="FormatException">The text has another length, a wrong character, or a date or time that does not exist; the message says which and where.</exception>
    public static DateTime Parse(ReadOnlySpan<char> s) => ParseOrThrow(s);

    /// <summary>Parses the UTF-8 27-byte form (Kind Unspecified) or 28-byte form ending in <c>Z</c> (Kind Utc).</summary>
    /// <param name="utf8Text">The text as UTF-8 (a valid timestamp is pure ASCII).</param>
    /// <returns>The timestamp.</returns>
    /// <exception cref="FormatException">The bytes have another length, a wrong byte, or a date or time that does not exist; the message says which and where.</exception>
    public static DateTime Parse(ReadOnlySpan<byte> utf8Text) => ParseOrThrow(utf8Text);

    /// <summary>Parses the 27-character form (Kind Unspecified) or the 28-character form ending in <c>Z</c> (Kind Utc).</summary>
    /// <param name="s">The text; <see langword="null"/> gives false.</param>
    /// <param name="result">The timestamp, or <see langword="default"/> when the text is not valid.</param>
    /// <returns><see langword="true"/> when <paramref name="s"/> is a valid timestamp of either form.</returns>
    public static bool TryParse([NotNullWhen(true)] string? s, out DateTime result) => TryParse(s.AsSpan(), out result);

    /// <summary>Parses the 27-character form (Kind Unspecified) or the 28-character form ending in <c>Z</c> (Kind Utc).</summary>
    /// <param name="s">The text.</param>
    /// <param name="result">The timestamp, or <see langword="default"/> when the text is not valid.</param>
    /// <returns><see langword="true"/> when <paramref name="s"/> is a valid timestamp of either form.</returns>
    public static bool TryParse(ReadOnlySpan<char> s, out DateTime result) => ParseCore(s, Vector128.IsHardwareAccelerated, out result).IsNone;

    /// <summary>Parses the UTF-8 27-byte form (Kind Unspecified) or 28-byte form ending in <c>Z</c> (Kind Utc).</summary>
    /// <param name="utf8Text">The text as UTF-8 (a valid timestamp is pure ASCII).</param>
    /// <param name="result">The timestamp, or <see langword="default"/> when the text is not valid.</param>
    /// <returns><see langword="true"/> when <paramref name="utf8Text"/> is a valid timestamp of either form.</returns>
    public static bool TryParse(ReadOnlySpan<byte> utf8Text, out DateTime result) => ParseCore(utf8Text, Vector128.IsHardwareAccelerated, out result).IsNone;

    /// <summary>Parses <paramref name="text"/> (char or byte), throwing the <see cref="FormatException"/> of its error.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static DateTime ParseOrThrow<TChar>(ReadOnlySpan<TChar> text)
        where TChar : unmanaged
    {
        ParseError error = ParseCore(text, Vector128.IsHardwareAccelerated, out DateTime value);
        if (!error.IsNone)
            ThrowInvalidTimestamp(text, error);
        return value;
    }

    /// <summary>
    /// The parser of both encodings: characters [0, 8), [8, 16), [11, 19) and [19, 27) as four little-endian words
    /// of ASCII bytes (UTF-16 narrowed, see <see cref="AsciiText.LoadWords"/>), decoded by <see cref="ParseWords"/>.
    /// </summary>
    /// <typeparam name="TChar"><see cref="char"/> (UTF-16) or <see cref="byte"/> (UTF-8).</typeparam>
    /// <param name="text">The text.</param>
    /// <param name="vectorized">UTF-16 only: narrow with vectors rather than with shifts. A constant at every call
    /// site; both paths are tested.</param>
    /// <param name="value">The timestamp, Kind Utc for the 28-character form, or <see langword="default"/> on error.</param>
    /// <returns><see cref="ParseError.None"/>, or the first error in position order.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ParseError ParseCore<TChar>(ReadOnlySpan<TChar> text, bool vectorized, out DateTime value)
        where TChar : unmanaged
    {
        int length = text.Length;
        if (length != UnspecifiedLength && length != UtcLength)
        {
            value = default;
            return ParseError.At(ParseFailure.Length, 0);
        }

        ref TChar first = ref MemoryMarshal.GetReference(text);
        AsciiText.LoadWords(ref first, 0, vectorized, out ulong word0, out ulong word1);
        AsciiText.LoadWords(ref first, 11, vectorized, out ulong word2, out ulong word3);
        ParseError error = ParseWords(word0, word1, word2, word3,
            length == UtcLength && AsciiText.Read(ref first, UtcSuffixOffset) != 'Z', out ulong ticks);
        if (!error.IsNone)
            value = default;
        else
            value = length == UtcLength ? new DateTime((long)ticks, DateTimeKind.Utc) : new DateTime((long)ticks);
        return error;
    }

    /// <summary>
    /// The core parser over characters 0..7, 8..15, 11..18 and 19..26 as ASCII words (see <see cref="Pattern0"/>):
    /// checks every character before using it, decodes the fields with SWAR multiplications, checks they make a
    /// real date and time, and returns 0 with the ticks, or the first error in position order.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ParseError ParseWords(ulong word0, ulong word1, ulong word2, ulong word3, bool badSuffix, out ulong ticks)
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
            return ParseError.At(ParseFailure.Character, FirstInvalidPosition(invalid0, invalid1, invalid2, invalid3));

        // PERF: one multiply-add per word puts 10 × digit[i] + digit[i + 1] in every byte i (each at most 99, so
        // no byte carries into the next), which gives every two-digit field at once; separators decode as 0.
        ulong pairs0 = digits0 * 10 + (digits0 >> 8);
        ulong pairs1 = digits1 * 10 + (digits1 >> 8);
        uint year = (uint)(byte)pairs0 * 100 + (byte)(pairs0 >> 16);
        uint month = (byte)(pairs0 >> 40);
        uint day = (byte)pairs1;
        uint hour = (byte)(pairs1 >> 24);
        uint minute = (byte)(pairs1 >> 48);
        uint second = (byte)((digits2 * 10 + (digits2 >> 8)) >> 48);

        if (year == 0)
            return ParseError.At(ParseFailure.Year, 0);
        if (month - 1 >= 12)
            return ParseError.At(ParseFailure.Month, 5);
        uint daysInMonth = Unsafe.Add(ref MemoryMarshal.GetReference(Tables.DaysInMonth), (nint)month);
        if (day - 1 >= daysInMonth && !(day == 29 && month == 2 && IsLeapYear(year)))
            return ParseError.At(ParseFailure.Day, 8);
        if (hour >= 24)
            return ParseError.At(ParseFailure.Hour, 11);
        if (minute >= 60)
            return ParseError.At(ParseFailure.Minute, 14);
        if (second >= 60)
            return ParseError.At(ParseFailure.Second, 17);
        if (badSuffix)
            return ParseError.At(ParseFailure.Character, UtcSuffixOffset);

        ticks = DaysFromCivil(year, month, day) * TicksPerDay
            + ((hour * 60 + minute) * 60 + second) * TicksPerSecond
            + DecodeEightDigits(digits3);
        return ParseError.None;
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
        // A carry only moves upward from an invalid byte, so the lowest flagged byte is the first invalid character;
        // word 2 repeats characters 11..15 of word 1, which is tested first.
        if (invalid0 != 0)
            return BitOperations.TrailingZeroCount(invalid0) >> 3;
        if (invalid1 != 0)
            return 8 + (BitOperations.TrailingZeroCount(invalid1) >> 3);
        if (invalid2 != 0)
            return 11 + (BitOperations.TrailingZeroCount(invalid2) >> 3);
        return 19 + (BitOperations.TrailingZeroCount(invalid3) >> 3);
    }

    [DoesNotReturn]
    private static void ThrowInvalidTimestamp<TChar>(ReadOnlySpan<TChar> text, ParseError error)
        where TChar : unmanaged
    {
        int position = error.Position;
        string expected = error.Failure switch
        {
            ParseFailure.Length => $"{UnspecifiedLength} (yyyy-MM-ddTHH:mm:ss.fffffff) or {UtcLength} ending in 'Z'",
            ParseFailure.Character => Template[position] == '0' ? "a digit" : $"'{Template[position]}'",
            ParseFailure.Year => "0001..9999",
            ParseFailure.Month => "01..12",
            ParseFailure.Day => $"a day of {ParseError.Characters(text, 0, 7)}",
            ParseFailure.Hour => "00..23",
            _ => "00..59",
        };
        throw error.ToException(text, "timestamp", expected);
    }
}
