namespace Sparrow.Benchmarks.Baselines;

/// <summary>
/// The 2015-era hand-written formatter (about 4,850 dates per ms then): date parts by the 400/100/4/1-year
/// decomposition and a month scan over a cumulative-days table, time parts by division, digits copied from a
/// 10,000-entry table of four-character arrays into a preallocated string filled with 'Z' (which doubles as
/// the UTC suffix). Reproduced for comparison only: it mutates a string after allocating it, which Sparrow
/// never does, and it is not used by any library.
/// </summary>
internal static unsafe class DateTimeHistoricalFormatter
{
    private const long TicksPerDay = TimeSpan.TicksPerDay;
    private const int DaysPerYear = 365;
    private const int DaysPer4Years = DaysPerYear * 4 + 1;
    private const int DaysPer100Years = DaysPer4Years * 25 - 1;
    private const int DaysPer400Years = DaysPer100Years * 4 + 1;

    private static readonly int[] DaysToMonth365 = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365];
    private static readonly int[] DaysToMonth366 = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335, 366];

    private static readonly char[][] FourDigits = CreateFourDigits();

    public static string Format(DateTime value)
    {
        bool isUtc = value.Kind == DateTimeKind.Utc;
        string result = new('Z', isUtc ? 28 : 27);
        long ticks = value.Ticks;

        int n = (int)(ticks / TicksPerDay);
        int y400 = n / DaysPer400Years;
        n -= y400 * DaysPer400Years;
        int y100 = n / DaysPer100Years;
        if (y100 == 4)
            y100 = 3;
        n -= y100 * DaysPer100Years;
        int y4 = n / DaysPer4Years;
        n -= y4 * DaysPer4Years;
        int y1 = n / DaysPerYear;
        if (y1 == 4)
            y1 = 3;
        n -= y1 * DaysPerYear;
        int year = y400 * 400 + y100 * 100 + y4 * 4 + y1 + 1;
        int[] daysToMonth = y1 == 3 && (y4 != 24 || y100 == 3) ? DaysToMonth366 : DaysToMonth365;
        int month = (n >> 5) + 1;
        while (n >= daysToMonth[month])
            month++;
        int day = n - daysToMonth[month - 1] + 1;

        int hour = (int)(ticks / TimeSpan.TicksPerHour % 24);
        int minute = (int)(ticks / TimeSpan.TicksPerMinute % 60);
        int second = (int)(ticks / TimeSpan.TicksPerSecond % 60);
        int fraction = (int)(ticks % TimeSpan.TicksPerSecond);

        fixed (char* chars = result)
        {
            char[] digits = FourDigits[year];
            chars[0] = digits[0];
            chars[1] = digits[1];
            chars[2] = digits[2];
            chars[3] = digits[3];
            chars[4] = '-';
            digits = FourDigits[month];
            chars[5] = digits[2];
            chars[6] = digits[3];
            chars[7] = '-';
            digits = FourDigits[day];
            chars[8] = digits[2];
            chars[9] = digits[3];
            chars[10] = 'T';
            digits = FourDigits[hour];
            chars[11] = digits[2];
            chars[12] = digits[3];
            chars[13] = ':';
            digits = FourDigits[minute];
            chars[14] = digits[2];
            chars[15] = digits[3];
            chars[16] = ':';
            digits = FourDigits[second];
            chars[17] = digits[2];
            chars[18] = digits[3];
            chars[19] = '.';
            digits = FourDigits[fraction / 10_000];
            chars[20] = digits[1];
            chars[21] = digits[2];
            chars[22] = digits[3];
            digits = FourDigits[fraction % 10_000];
            chars[23] = digits[0];
            chars[24] = digits[1];
            chars[25] = digits[2];
            chars[26] = digits[3];
        }

        return result;
    }

    private static char[][] CreateFourDigits()
    {
        var table = new char[10_000][];
        for (int i = 0; i < table.Length; i++)
            table[i] = [(char)('0' + i / 1000), (char)('0' + i / 100 % 10), (char)('0' + i / 10 % 10), (char)('0' + i % 10)];
        return table;
    }
}
