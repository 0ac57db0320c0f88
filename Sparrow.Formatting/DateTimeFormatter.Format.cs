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
    /// characters [0, 8), [8, 16), [11, 19) and [19, 27), stored as bytes or widened to UTF-16 (see
    /// <see cref="AsciiText.StoreWords"/>) in two stores of 16, the second overlapping the first from character 11, so
    /// nothing past character 26 is written; then the 28th (<c>Z</c>) only for a UTC value.
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
        SplitSecondOfDay(secondOfDay, out ulong hour, out ulong minute, out ulong second);

        // PERF: a loop of calls is bound by integer ALU operations; loads run beside them on their own ports. So every
        // two-digit field is one load that places its digits at their byte in the word (DigitPairAt), joined by an
        // OR, with no shift; month, day and their separators are one table word; each word's separators one constant.
        ulong monthDay = Unsafe.Add(ref MemoryMarshal.GetReference(Tables.MonthDayText), (nint)dayOfYear);
        ulong date = DigitPairAt(century, 0) | DigitPairAt(yearOfCentury, 2) | monthDay << 32;
        // PERF: only characters 8..10 (day and 'T') of the second word count: the second store, from character 11,
        // overwrites the rest, so the hour and minute are not shifted into it.
        ulong dayTime = monthDay >> 32;
        ulong time = DigitPairAt(hour, 0) | DigitPairAt(minute, 3) | DigitPairAt(second, 6) | TimeSeparators;
        ulong fractionText = Fraction(fraction);
        AsciiText.StoreWords(ref destination, 0, vectorized, date, dayTime);
        AsciiText.StoreWords(ref destination, 11, vectorized, time, fractionText);

        // PERF: no branch on the kind (a mispredicted one for a mix of UTC and other values): element 26 + isUtc is
        // written again, with 'Z' for a UTC value, else with the last digit it already holds; the byte is picked from
        // the pair (last digit, 'Z') by a shift of 8 × isUtc.
        nuint isUtc = UtcBit(value);
        uint last = (uint)((fractionText >> 56 | (ulong)'Z' << 8) >> (int)(8 * isUtc)) & 0xFF;
        ref TChar suffix = ref Unsafe.Add(ref Unsafe.Add(ref destination, UtcSuffixOffset - 1), isUtc);
        if (typeof(TChar) == typeof(byte))
            Unsafe.As<TChar, byte>(ref suffix) = (byte)last;
        else
            Unsafe.As<TChar, char>(ref suffix) = (char)last;
        return UnspecifiedLength + (int)isUtc;
    }

    /// <summary>The separators of characters [11, 19), <c>HH:mm:ss</c>: ':' at bytes 2 and 5.</summary>
    private const ulong TimeSeparators = (ulong)':' << 16 | (ulong)':' << 40;

    /// <summary><c>2^32 / 1000</c> rounded up: 0..99,999 times this is that number / 1000 with 32 bits after the point.</summary>
    private const ulong ThousandthReciprocal = (1UL << 32) / 1000 + 1;

    /// <summary>
    /// 0..9,999,999 → <c>.fffffff</c>: the '.' and the seven digits as a little-endian word of ASCII bytes.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong Fraction(uint fraction)
    {
        // PERF: the first pair by a division (a multiply-high), the other five digits by fixed-point arithmetic: the
        // rest / 1000 with 32 bits after the point has the second pair as its integer part; the bits after the point
        // (a 32-bit truncation, no mask) times 100 have the third pair, and those times 10 the last digit. The
        // reciprocal errs by less than 10^5 / 2^32 in that number, which the two multiplies (by 1000 in all) keep below
        // 0.03, below every step's distance to the next integer (all 10^7 fractions are tested). A multiply and a
        // shift a pair, not the divisions and per-lane masks of a SWAR split.
        ulong pair1 = fraction / 100_000;
        ulong thousandths = (fraction - (uint)pair1 * 100_000) * ThousandthReciprocal;
        ulong pair2 = thousandths >> 32;
        ulong tenths = (ulong)(uint)thousandths * 100;
        ulong pair3 = tenths >> 32;
        ulong lastDigit = (ulong)(uint)tenths * 10 >> 32;
        // PERF: the last digit is placed as the pair 0..9 at bytes 6..7, OR-ed over the third pair's ones digit: its
        // tens digit, '0' (0x30), changes no digit (0x30..0x39) it is OR-ed into.
        return '.' | DigitPairAt(pair1, 1) | DigitPairAt(pair2, 3) | DigitPairAt(pair3, 5) | DigitPairAt(lastDigit, 6);
    }

    /// <summary>The length of the text of <paramref name="value"/>: 28 for a UTC value, else 27.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int LengthOf(DateTime value) => UnspecifiedLength + (int)UtcBit(value);

    /// <summary>1 when the kind of <paramref name="value"/> is <see cref="DateTimeKind.Utc"/>, else 0.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint UtcBit(DateTime value) =>
        // PERF: Unspecified is 0, Utc 1 and Local 2, so bit 0 is the test, one AND instead of a compare and a set.
        (uint)value.Kind & 1;

    /// <summary>
    /// 0..99 → its two digits as ASCII at bytes <paramref name="position"/> (tens) and <paramref name="position"/> + 1
    /// (ones) of a little-endian word, zero in every other byte (see <see cref="Tables.DigitPairWords"/>).
    /// </summary>
    /// <param name="value">0..99.</param>
    /// <param name="position">0..6, a constant at every call site (it folds into the load's address).</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong DigitPairAt(ulong value, int position) =>
        Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref MemoryMarshal.GetReference(Tables.DigitPairWords), (nint)value * 8 + (8 - position)));
}
