using static Sparrow.Formatting.Tests.DateTimeReference;

namespace Sparrow.Formatting.Tests;

public class DateTimeFormatTests
{
    private static readonly int[] ListedYears = [1, 4, 100, 400, 1600, 1900, 2000, 2024, 2100, 9999];

    [Fact]
    public void MinValueAndMaxValue_MatchBcl_InEveryKind()
    {
        foreach (DateTimeKind kind in AllKinds)
        {
            AssertFormatsAndRoundTrips(DateTime.SpecifyKind(DateTime.MinValue, kind));
            AssertFormatsAndRoundTrips(DateTime.SpecifyKind(DateTime.MaxValue, kind));
        }

        Assert.Equal("0001-01-01T00:00:00.0000000", DateTimeFormatter.Format(DateTime.MinValue));
        Assert.Equal("9999-12-31T23:59:59.9999999Z", DateTimeFormatter.Format(DateTime.SpecifyKind(DateTime.MaxValue, DateTimeKind.Utc)));
    }

    [Fact]
    public void IssueExample_IsFormattedExactly()
    {
        var value = new DateTime(2015, 1, 15, 0, 41, 16).AddTicks(6_616_631);
        Assert.Equal("2015-01-15T00:41:16.6616631", DateTimeFormatter.Format(value));
        Assert.Equal("2015-01-15T00:41:16.6616631Z", DateTimeFormatter.Format(DateTime.SpecifyKind(value, DateTimeKind.Utc)));
        Assert.Equal("2015-01-15T00:41:16.6616631", DateTimeFormatter.Format(DateTime.SpecifyKind(value, DateTimeKind.Local)));
    }

    [Fact]
    public void FirstAndLastTickOfEveryMonth_OfTheListedYears_MatchBcl_InEveryKind()
    {
        foreach (int year in ListedYears)
            AssertMonthBoundaries(year, AllKinds);
    }

    /// <summary>Month estimation bugs show at month ends: check both edges of every month of every year.</summary>
    [Fact]
    public void MonthEnds_OfEveryYear_MatchBcl()
    {
        for (int year = 1; year <= 9999; year++)
            AssertMonthBoundaries(year, [(DateTimeKind)(year % 3)]);
    }

    [Fact]
    public void EveryFebruary28And29ToMarch1Transition_MatchesBcl()
    {
        for (int year = 1; year <= 9999; year++)
        {
            var march1 = new DateTime(year, 3, 1);
            DateTimeKind kind = (DateTimeKind)(year % 3);
            foreach (long ticks in new[] { march1.AddDays(-2).Ticks, march1.AddDays(-1).Ticks - 1, march1.AddDays(-1).Ticks, march1.Ticks - 1, march1.Ticks })
                AssertFormatsAndRoundTrips(new DateTime(ticks, kind));
        }
    }

    [Fact]
    public void OneMillionSeededRandomTicks_MatchBcl_InEveryKind()
    {
        var random = new Random(20150115);
        for (int i = 0; i < 1_000_000; i++)
        {
            long ticks = random.NextInt64(DateTime.MinValue.Ticks, DateTime.MaxValue.Ticks + 1);
            AssertFormatsAndRoundTrips(new DateTime(ticks, AllKinds[i % 3]));
        }
    }

    /// <summary>
    /// Every day of the calendar, against the BCL's own date decomposition: the year split, the day of the
    /// March-based year through the month-and-day table, and back through DaysFromCivil.
    /// </summary>
    [Fact]
    public void SplitDays_AndTheMonthDayTables_AndDaysFromCivil_MatchBcl_ForEveryDay()
    {
        uint lastDay = (uint)(DateTime.MaxValue.Ticks / TimeSpan.TicksPerDay);
        for (uint days = 0; days <= lastDay; days++)
        {
            var date = new DateTime(days * TimeSpan.TicksPerDay);
            DateTimeFormatter.SplitDays(days, out uint century, out uint yearOfCentury, out uint dayOfYear);
            uint year = century * 100 + yearOfCentury;
            (uint month, uint day) = MonthDayFromTable(dayOfYear);
            if (yearOfCentury > 99 || year != date.Year || month != date.Month || day != date.Day)
                Assert.Fail($"SplitDays({days}) = {century}|{yearOfCentury}, day of year {dayOfYear} → {month}-{day}; expected {date:yyyy-MM-dd}");
            if (DateTimeFormatter.DaysFromCivil(year, month, day) != days)
                Assert.Fail($"DaysFromCivil({year}, {month}, {day}) = {DateTimeFormatter.DaysFromCivil(year, month, day)}, expected {days}");
        }
    }

    /// <summary>The placed pairs: for every value and place, its two ASCII digits there and zero in every other byte.</summary>
    [Fact]
    public void DigitPairAt_PlacesTheTwoDigitsOfEveryValue_AtEveryPosition()
    {
        for (uint value = 0; value < 100; value++)
        {
            for (int position = 0; position <= 6; position++)
            {
                ulong expected = (ulong)('0' + value / 10) << (8 * position) | (ulong)('0' + value % 10) << (8 * position + 8);
                Assert.Equal(expected, DateTimeFormatter.DigitPairAt(value, position));
            }
        }

        Assert.Equal(8 + 8 * 100, Tables.DigitPairWords.Length);
        Assert.Equal(366, Tables.MonthDayText.Length);
    }

    /// <summary>Every fraction of a second, 0..9,999,999 ticks: the fixed-point digit pairs against integer division.</summary>
    [Fact]
    public void Fraction_WritesTheSevenDigits_OfEveryFraction()
    {
        Span<byte> expected = stackalloc byte[8];
        expected[0] = (byte)'.';
        for (uint fraction = 0; fraction < 10_000_000; fraction++)
        {
            uint rest = fraction;
            for (int i = 7; i >= 1; i--)
            {
                expected[i] = (byte)('0' + rest % 10);
                rest /= 10;
            }

            ulong actual = DateTimeFormatter.Fraction(fraction);
            if (actual != BitConverter.ToUInt64(expected))
                Assert.Fail($"Fraction({fraction}) = {actual:X16}, expected {BitConverter.ToUInt64(expected):X16}");
        }
    }

    /// <summary>Every second of the day: the fixed-point hour, minute and second against integer division.</summary>
    [Fact]
    public void SplitSecondOfDay_MatchesDivision_ForEverySecondOfTheDay()
    {
        for (uint secondOfDay = 0; secondOfDay < 86_400; secondOfDay++)
        {
            DateTimeFormatter.SplitSecondOfDay(secondOfDay, out ulong hour, out ulong minute, out ulong second);
            if (hour != secondOfDay / 3600 || minute != secondOfDay / 60 % 60 || second != secondOfDay % 60)
                Assert.Fail($"SplitSecondOfDay({secondOfDay}) = {hour}:{minute}:{second}");
        }
    }

    private static (uint Month, uint Day) MonthDayFromTable(uint dayOfYear)
    {
        ulong entry = Tables.MonthDayText[(int)dayOfYear];
        Assert.True((entry & 0xFF) == '-' && (entry >> 24 & 0xFF) == '-' && (entry >> 48 & 0xFF) == 'T' && entry >> 56 == 0,
            $"table entry {entry:X16} is not -MM-ddT and a zero byte");
        return (Digit(entry, 8) * 10 + Digit(entry, 16), Digit(entry, 32) * 10 + Digit(entry, 40));
    }

    private static uint Digit(ulong entry, int shift)
    {
        uint digit = (uint)((entry >> shift) & 0xFF) - '0';
        Assert.True(digit <= 9, $"table entry {entry:X} holds a non-digit");
        return digit;
    }

    [Fact]
    public void IsLeapYear_MatchesBcl_ForEveryYear()
    {
        for (int year = 1; year <= 9999; year++)
            Assert.Equal(DateTime.IsLeapYear(year), DateTimeFormatter.IsLeapYear((uint)year));
    }

    /// <summary>An old version wrote the UTC 'Z' unconditionally at the last position, over the 7th fraction digit.</summary>
    [Fact]
    public void UtcZ_DoesNotOverwriteTheSeventhFractionDigit()
    {
        Span<char> chars = stackalloc char[DateTimeFormatter.MaxFormattedLength];
        Span<byte> bytes = stackalloc byte[DateTimeFormatter.MaxFormattedLength];
        foreach (int lastDigit in new[] { 0, 1, 7, 9 })
        {
            var value = new DateTime(new DateTime(2024, 2, 29, 23, 59, 59).Ticks + 1_234_560 + lastDigit, DateTimeKind.Utc);
            string text = DateTimeFormatter.Format(value);
            Assert.Equal($"2024-02-29T23:59:59.123456{lastDigit}Z", text);

            Assert.True(DateTimeFormatter.TryFormat(value, chars, out int written));
            Assert.Equal(28, written);
            Assert.Equal((char)('0' + lastDigit), chars[26]);
            Assert.Equal('Z', chars[27]);

            Assert.True(DateTimeFormatter.TryFormat(value, bytes, out written));
            Assert.Equal((byte)('0' + lastDigit), bytes[26]);
            Assert.Equal((byte)'Z', bytes[27]);

            string unspecified = DateTimeFormatter.Format(DateTime.SpecifyKind(value, DateTimeKind.Unspecified));
            Assert.Equal($"2024-02-29T23:59:59.123456{lastDigit}", unspecified);
        }
    }

    /// <summary>
    /// An old version filled a fresh string with 'Z' as a placeholder and relied on it as the suffix: the non-UTC
    /// form must contain no 'Z', the UTC form must write its own, and neither may touch anything past its length.
    /// </summary>
    [Fact]
    public void PlaceholderCharacters_NeverLeakIntoTheOutput()
    {
        var value = new DateTime(1999, 12, 31, 23, 59, 59).AddTicks(9_999_999);
        Span<char> chars = stackalloc char[40];
        Span<byte> bytes = stackalloc byte[40];
        foreach (char fill in new[] { 'Z', '#', '\0' })
        {
            foreach (DateTimeKind kind in AllKinds)
            {
                DateTime withKind = DateTime.SpecifyKind(value, kind);
                string expected = kind == DateTimeKind.Utc ? "1999-12-31T23:59:59.9999999Z" : "1999-12-31T23:59:59.9999999";

                chars.Fill(fill);
                Assert.True(DateTimeFormatter.TryFormat(withKind, chars, out int charsWritten));
                Assert.Equal(expected, chars[..charsWritten].ToString());
                Assert.True(chars[charsWritten..].IndexOfAnyExcept(fill) < 0, "wrote past the text");

                bytes.Fill((byte)fill);
                Assert.True(DateTimeFormatter.TryFormat(withKind, bytes, out int bytesWritten));
                Assert.Equal(expected, System.Text.Encoding.ASCII.GetString(bytes[..bytesWritten]));
                Assert.True(bytes[bytesWritten..].IndexOfAnyExcept((byte)fill) < 0, "wrote past the text");
            }
        }

        Assert.DoesNotContain('Z', DateTimeFormatter.Format(value));
        Assert.DoesNotContain('Z', DateTimeFormatter.Format(DateTime.SpecifyKind(value, DateTimeKind.Local)));
    }

    /// <summary>27 characters are needed for Unspecified and Local, 28 for UTC; anything shorter writes nothing.</summary>
    [Fact]
    public void ShortDestinations_ReturnFalse_WriteNothing_AndReportZero()
    {
        var value = new DateTime(2024, 2, 29, 12, 34, 56).AddTicks(7_654_321);
        foreach (DateTimeKind kind in AllKinds)
        {
            DateTime withKind = DateTime.SpecifyKind(value, kind);
            int needed = kind == DateTimeKind.Utc ? 28 : 27;
            for (int length = 0; length <= 40; length++)
            {
                char[] chars = new string('#', length).ToCharArray();
                bool fitChars = DateTimeFormatter.TryFormat(withKind, chars.AsSpan(), out int charsWritten);
                byte[] bytes = new byte[length];
                Array.Fill(bytes, (byte)'#');
                bool fitBytes = DateTimeFormatter.TryFormat(withKind, bytes.AsSpan(), out int bytesWritten);

                Assert.Equal(length >= needed, fitChars);
                Assert.Equal(length >= needed, fitBytes);
                if (length < needed)
                {
                    Assert.Equal(0, charsWritten);
                    Assert.Equal(0, bytesWritten);
                    Assert.All(chars, c => Assert.Equal('#', c));
                    Assert.All(bytes, b => Assert.Equal((byte)'#', b));
                }
                else
                {
                    Assert.Equal(needed, charsWritten);
                    Assert.Equal(needed, bytesWritten);
                    Assert.Equal(Format(withKind), new string(chars, 0, needed));
                    Assert.All(chars[needed..], c => Assert.Equal('#', c));
                    Assert.All(bytes[needed..], b => Assert.Equal((byte)'#', b));
                }
            }
        }
    }

    [Fact]
    public void TryFormat_AllocatesNothing_AndFormat_AllocatesOnlyItsString()
    {
        var value = new DateTime(2024, 2, 29, 12, 34, 56, DateTimeKind.Utc);
        Span<char> chars = stackalloc char[DateTimeFormatter.MaxFormattedLength];
        Span<byte> bytes = stackalloc byte[DateTimeFormatter.MaxFormattedLength];
        string text = DateTimeFormatter.Format(value);
        DateTimeFormatter.TryFormat(value, chars, out _);
        DateTimeFormatter.TryFormat(value, bytes, out _);

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 1000; i++)
        {
            DateTimeFormatter.TryFormat(value, chars, out _);
            DateTimeFormatter.TryFormat(value, bytes, out _);
        }
        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);

        long sameLengthString = AllocatedBy(() => new string('x', text.Length));
        Assert.Equal(sameLengthString, AllocatedBy(() => DateTimeFormatter.Format(value)));
    }

    private static long AllocatedBy(Func<string> create)
    {
        create();
        long before = GC.GetAllocatedBytesForCurrentThread();
        GC.KeepAlive(create());
        return GC.GetAllocatedBytesForCurrentThread() - before;
    }

    private static void AssertMonthBoundaries(int year, DateTimeKind[] kinds)
    {
        for (int month = 1; month <= 12; month++)
        {
            var first = new DateTime(year, month, 1);
            long lastTick = first.Ticks + DateTime.DaysInMonth(year, month) * TimeSpan.TicksPerDay - 1;
            foreach (DateTimeKind kind in kinds)
            {
                AssertFormatsAndRoundTrips(new DateTime(first.Ticks, kind));
                AssertFormatsAndRoundTrips(new DateTime(lastTick, kind));
            }
        }
    }
}
