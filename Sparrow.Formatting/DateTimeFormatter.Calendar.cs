using System.Runtime.CompilerServices;

namespace Sparrow.Formatting;

public static partial class DateTimeFormatter
{
    // Both conversions work in a "computational" calendar whose years start on March 1, so the leap day is
    // the last day of its year and month lengths follow a linear pattern; the epoch, March 1 of year 0, is
    // the start of a 400-year Gregorian cycle. 0001-01-01 is day 306 of that calendar.
    private const uint DaysFromMarchToJanuary = 306;
    private const uint DaysPer400Years = 146_097;

    /// <summary>
    /// Days since 0001-01-01 (0 ≤ <paramref name="days"/> ≤ 3,652,058) → the civil year as
    /// <c>100 × <paramref name="century"/> + <paramref name="yearOfCentury"/></c> (each 0..99, two digits each), and the day of the March-based year (0..365) that <see cref="Tables.MonthDayText"/> turns
    /// into month and day digits. By Neri and Schneider's Euclidean affine
    /// functions: multiplications and shifts, no loop, no division by a variable.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void SplitDays(uint days, out uint century, out uint yearOfCentury, out uint dayOfYear)
    {
        uint n1 = 4 * (days + DaysFromMarchToJanuary) + 3;
        century = n1 / DaysPer400Years;
        // (n1 % DaysPer400Years) | 3 is 4 * (day of the century) + 3.
        uint n2 = (n1 - century * DaysPer400Years) | 3;
        // 2939745 / 2^32 ≈ 4 / 1461: the high half is the year of the century, the low half the scaled day of year.
        ulong p2 = 2_939_745UL * n2;
        dayOfYear = (uint)p2 / (4 * 2_939_745);
        // PERF: January and February (days 306.. of the March-based year) belong to the next civil year; adding that
        // year to the two halves separately (with a carry from 99 to the century, taken by about one date in 600) spares
        // the division by 100 that splitting a whole year into digit pairs would need.
        yearOfCentury = (uint)(p2 >> 32) + (dayOfYear >= DaysFromMarchToJanuary ? 1u : 0u);
        if (yearOfCentury == 100)
        {
            yearOfCentury = 0;
            century++;
        }
    }

    /// <summary><c>2^32 / 3600</c> rounded up: seconds times this are hours with 32 bits after the point.</summary>
    private const ulong HourReciprocal = (1UL << 32) / 3600 + 1;

    /// <summary>
    /// 0..86,399 seconds since midnight → hour (0..23), minute and second (0..59 each), by fixed-point arithmetic:
    /// the seconds / 3600 with 32 bits after the point have the hour as integer part; the bits after the point times
    /// 60 have the minute as integer part, and those after its point times 60 the second. The reciprocal errs by less
    /// than 86,400 / 2^32 in that number, which the two multiplies (by 3600 in all) keep below 0.08, below every
    /// step's distance to the next integer (every second of the day is tested).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void SplitSecondOfDay(uint secondOfDay, out ulong hour, out ulong minute, out ulong second)
    {
        // PERF: a multiply and a shift per field, the bits after the point taken by a 32-bit truncation (no mask
        // constant), not a division and a multiply-subtract per field.
        ulong hours = secondOfDay * HourReciprocal;
        hour = hours >> 32;
        ulong minutes = (ulong)(uint)hours * 60;
        minute = minutes >> 32;
        second = (ulong)(uint)minutes * 60 >> 32;
    }

    /// <summary>
    /// A valid proleptic Gregorian date (year 1..9999, month 1..12, day within the month) → days since 0001-01-01.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static uint DaysFromCivil(uint year, uint month, uint day)
    {
        // Move January and February to the end of the previous computational year (months 13 and 14).
        uint isJanuaryOrFebruary = month <= 2 ? 1u : 0u;
        uint y = year - isJanuaryOrFebruary;
        uint m = month + 12 * isJanuaryOrFebruary;
        uint century = y / 100;
        // 365.25 days a year, minus the century leap days, plus those of years divisible by 400;
        // (153 m - 457) / 5 is the number of days from March 1 to the first of month m (3..14).
        return (1461 * y >> 2) - century + (century >> 2) + (153 * m - 457) / 5 + day - 1 - DaysFromMarchToJanuary;
    }

    /// <summary>Whether <paramref name="year"/> has a February 29 (proleptic Gregorian rules).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool IsLeapYear(uint year) =>
        // PERF: a year divisible by 100 is divisible by 400 iff it is divisible by 16, a mask instead of a modulo.
        (year & (year % 100 == 0 ? 15u : 3u)) == 0;
}
