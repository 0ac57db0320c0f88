using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Formatting;

public static partial class DateTimeFormatter
{
    /// <summary>
    /// Formats <paramref name="value"/> as <c>yyyy-MM-ddTHH:mm:ss.fffffff</c>, followed by <c>Z</c> when its
    /// <see cref="DateTime.Kind"/> is <see cref="DateTimeKind.Utc"/> (nothing follows for Local and Unspecified).
    /// </summary>
    /// <param name="value">The timestamp; its ticks are written as they are, with no time-zone conversion.</param>
    /// <returns>A new 27-character string, or 28 characters for a UTC value.</returns>
    public static unsafe string Format(DateTime value)
    {
        // PERF: the text is written straight into a new string that nothing else has seen yet: no stack buffer and
        // copy (new string(span)), and no callback through a delegate (string.Create)
        // (DateTimeFormatBenchmarks.SparrowFormat, against BclToStringO).
        string text = UninitializedString.Allocate(LengthOf(value));
        fixed (char* characters = text)
            FormatCore(value, ref *characters, Vector128.IsHardwareAccelerated);
        return text;
    }

    /// <summary>Writes the text of <see cref="Format(DateTime)"/> as UTF-16 characters.</summary>
    /// <param name="value">The timestamp to format.</param>
    /// <param name="destination">Receives the characters; needs 27, or 28 when the value is UTC.</param>
    /// <param name="charsWritten">The number of characters written (27 or 28), or 0 when <paramref name="destination"/> is too short.</param>
    /// <returns><see langword="true"/> when the text fit; otherwise <see langword="false"/> and nothing is written.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool TryFormat(DateTime value, Span<char> destination, out int charsWritten) =>
        TryFormatCore(value, destination, out charsWritten);

    /// <summary>Writes the text of <see cref="Format(DateTime)"/> as UTF-8 bytes (ASCII, one byte per character).</summary>
    /// <param name="value">The timestamp to format.</param>
    /// <param name="utf8Destination">Receives the bytes; needs 27, or 28 when the value is UTC.</param>
    /// <param name="bytesWritten">The number of bytes written (27 or 28), or 0 when <paramref name="utf8Destination"/> is too short.</param>
    /// <returns><see langword="true"/> when the text fit; otherwise <see langword="false"/> and nothing is written.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool TryFormat(DateTime value, Span<byte> utf8Destination, out int bytesWritten) =>
        TryFormatCore(value, utf8Destination, out bytesWritten);

    /// <summary>
    /// Writes the text (char or byte) into <paramref name="destination"/> on the best path; false, having written
    /// nothing and with <paramref name="written"/> 0, when it is too short.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryFormatCore<TChar>(DateTime value, Span<TChar> destination, out int written)
        where TChar : unmanaged
    {
        if (destination.Length < LengthOf(value))
        {
            written = 0;
            return false;
        }

        written = FormatCore(value, ref MemoryMarshal.GetReference(destination), Vector128.IsHardwareAccelerated);
        return true;
    }

    /// <summary>
    /// The formatter of both encodings: the 27 characters are built as four little-endian words of ASCII bytes,
    /// characters [0, 8), [8, 16), [11, 19) and [19, 27) (the third overlapping the second, so nothing past
    /// character 26 is written), stored as bytes or widened to UTF-16 (see <see cref="AsciiText.StoreWords"/>);
    /// then the 28th (<c>Z</c>) only for a UTC value.
    /// </summary>
    /// <typeparam name="TChar"><see cref="char"/> (UTF-16) or <see cref="byte"/> (UTF-8).</typeparam>
    /// <param name="value">The timestamp to format.</param>
    /// <param name="destination">The first of 27 writable elements, or 28 when the value is UTC.</param>
    /// <param name="vectorized">UTF-16 only: widen with vectors (where accelerated) rather than with shifts. A
    /// constant at every call site; both paths are tested.</param>
    /// <returns>The number of elements written: 27, or 28 for a UTC value.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int FormatCore<TChar>(DateTime value, ref TChar destination, bool vectorized)
        where TChar : unmanaged
    {
        ulong ticks = (ulong)value.Ticks;
        ulong totalSeconds = ticks / TicksPerSecond;
        uint fraction = (uint)(ticks - totalSeconds * TicksPerSecond);
        // PERF: the days straight from the ticks, a multiply-high beside (not after) the one for the seconds, which
        // shortens the dependency chain through the calendar split that bounds a loop of calls.
        uint days = (uint)(ticks / TicksPerDay);
        uint secondOfDay = (uint)(totalSeconds - (ulong)days * SecondsPerDay);
        SplitDays(days, out uint century, out uint yearOfCentury, out uint dayOfYear);
        uint hour = secondOfDay / 3600;
        uint secondOfHour = secondOfDay - hour * 3600;
        uint minute = secondOfHour / 60;
        uint second = secondOfHour - minute * 60;

        // PERF: every field is two digits from one table entry (month and day: four digits from one entry of the
        // March-based day of year), shifted into place beside separator constants; every division above is by a
        // constant (a multiply-high), and the fraction's seven digits come from SWAR arithmetic, not a division each.
        ulong monthDay = Unsafe.Add(ref MemoryMarshal.GetReference(Tables.MonthDayUtf8), (nint)dayOfYear);
        ulong hourMinute = DigitPair(hour) | (ulong)':' << 16 | DigitPair(minute) << 24;
        ulong date = DigitPair(century) | DigitPair(yearOfCentury) << 16 | (ulong)'-' << 32 | (monthDay & 0xFFFF) << 40 | (ulong)'-' << 56;
        ulong dayHourMinute = monthDay >> 16 | (ulong)'T' << 16 | hourMinute << 24;
        ulong time = hourMinute | (ulong)':' << 40 | DigitPair(second) << 48;
        AsciiText.StoreWords(ref destination, 0, vectorized, date, dayHourMinute);
        ulong fractionText = Fraction(fraction);
        AsciiText.StoreWords(ref destination, 11, vectorized, time, fractionText);

        // PERF: no branch on the kind (a mispredicted one for a mix of UTC and other values): element 26 + isUtc is
        // written again, with 'Z' for a UTC value, else with the last digit it already holds.
        uint isUtc = IsUtc(value) ? 1u : 0u;
        uint lastDigit = (uint)(fractionText >> 56);
        // Arithmetic, not a conditional (which the JIT compiles to a branch): 'Z' when isUtc is 1, else lastDigit.
        uint last = lastDigit + (('Z' - lastDigit) & (0u - isUtc));
        if (typeof(TChar) == typeof(byte))
            Unsafe.As<TChar, byte>(ref Unsafe.Add(ref destination, (nint)(UtcSuffixOffset - 1 + isUtc))) = (byte)last;
        else
            Unsafe.As<TChar, char>(ref Unsafe.Add(ref destination, (nint)(UtcSuffixOffset - 1 + isUtc))) = (char)last;
        return UnspecifiedLength + (int)isUtc;
    }

    /// <summary>
    /// 0..9,999,999 → <c>.fffffff</c>: the '.' and the seven digits as a little-endian word of ASCII bytes.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Fraction(uint fraction)
    {
        // The eight digits of the fraction (the first always 0), most significant in the lowest byte: split into
        // halves of four digits (32-bit lanes), each into pairs (16-bit lanes, / 100 as * 5243 >> 19), each into
        // digits (8-bit lanes, / 10 as * 103 >> 10); every quotient fits its lane, so lanes never mix.
        uint high = fraction / 10_000;
        ulong quads = high | (ulong)(fraction - high * 10_000) << 32;
        ulong hundreds = (quads * 5243 >> 19) & 0x0000007F0000007F;
        ulong pairs = hundreds | (quads - hundreds * 100) << 16;
        ulong tens = (pairs * 103 >> 10) & 0x000F000F000F000F;
        ulong digits = tens | (pairs - tens * 10) << 8;
        // The leading 0 becomes '.' (0x2E): '0' + 0 - 2 in the lowest byte, which borrows nothing.
        return (digits | 0x3030303030303030) - ('0' - '.');
    }

    /// <summary>The length of the text of <paramref name="value"/>: 28 for a UTC value, else 27.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int LengthOf(DateTime value) => UnspecifiedLength + (IsUtc(value) ? 1 : 0);

    /// <summary>Whether the kind of <paramref name="value"/> is <see cref="DateTimeKind.Utc"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool IsUtc(DateTime value) => value.Kind == DateTimeKind.Utc;

    /// <summary>0..99 → its two digits as two ASCII bytes in the low 16 bits, tens first.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong DigitPair(uint value) =>
        Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref MemoryMarshal.GetReference(Tables.DecimalPairsUtf8), (nint)(2 * value)));
}
