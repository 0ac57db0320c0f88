using System.Text;
using static Sparrow.Formatting.Tests.DateTimeReference;
using System.Runtime.Intrinsics;

namespace Sparrow.Formatting.Tests;

public class DateTimeParseTests
{
    /// <summary>Valid 27-character texts: the example, leap days, month and year ends, the extremes.</summary>
    private static readonly string[] BaseTexts =
    [
        "2015-01-15T00:41:16.6616631",
        "2024-02-29T23:59:59.9999999",
        "2000-02-29T00:00:00.0000000",
        "2023-02-28T12:30:45.1234567",
        "1900-02-28T09:08:07.0000001",
        "2021-04-30T19:59:09.5000000",
        "1999-12-31T23:59:59.9999999",
        "0001-01-01T00:00:00.0000000",
        "9999-12-31T23:59:59.9999999",
    ];

    /// <summary>Every replacement the issue lists, plus look-alikes: non-ASCII digits and characters whose low byte is ASCII.</summary>
    private static readonly char[] Replacements =
    [
        '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '-', ':', 'T', 'Z', ' ', '\0', '\u0080', '\u00E9',
        '.', '+', 't', 'z', '/', '\u0130', '\u012D', '\u013A', '\u0660', '\uFF10', '\u3030', '\u8030', '\uFFFF',
    ];

    private static IEnumerable<string> BothForms() => BaseTexts.SelectMany(s => new[] { s, s + "Z" });

    [Fact]
    public void BaseTexts_ParseLikeBcl_InBothForms()
    {
        foreach (string s in BothForms())
        {
            Assert.True(AssertParsesLikeBcl(s), s);
            DateTime parsed = DateTimeFormatter.Parse(s);
            Assert.Equal(s.EndsWith('Z') ? DateTimeKind.Utc : DateTimeKind.Unspecified, parsed.Kind);
            Assert.Equal(s, DateTimeFormatter.Format(parsed));
        }
    }

    /// <summary>Each position of each valid text replaced by each character: acceptance, ticks and Kind equal the BCL's.</summary>
    [Fact]
    public void EverySingleCharacterMutation_ParsesLikeBcl()
    {
        int accepted = 0, rejected = 0;
        foreach (string s in BothForms())
        {
            for (int position = 0; position < s.Length; position++)
            {
                foreach (char replacement in Replacements)
                {
                    char[] mutated = s.ToCharArray();
                    mutated[position] = replacement;
                    if (AssertParsesLikeBcl(new string(mutated)))
                        accepted++;
                    else
                        rejected++;
                }
            }
        }

        // Both outcomes occur (digit-for-digit swaps mostly stay valid), so the comparison is not vacuous.
        Assert.True(accepted > 1000 && rejected > 1000, $"accepted {accepted}, rejected {rejected}");
    }

    /// <summary>Every length 0..40: truncations of both forms and extensions by digits, letters and offsets.</summary>
    [Fact]
    public void EveryLength_0To40_ParsesLikeBclWithinTheTwoShapes_AndOnlyThoseLengthsAreAccepted()
    {
        string[] extensions = ["0000000000000", "Z000000000000", "+00:00", "-05:30", "ZZZZZZZZZZZZZ", "             "];
        foreach (string s in BaseTexts)
        {
            foreach (string text in new[] { s, s + "Z" }.Concat(extensions.Select(e => s + e)))
            {
                for (int length = 0; length <= Math.Min(40, text.Length); length++)
                {
                    string candidate = text[..length];
                    bool accepted = DateTimeFormatter.TryParse(candidate.AsSpan(), out DateTime value);
                    bool acceptedUtf8 = DateTimeFormatter.TryParse(Encoding.UTF8.GetBytes(candidate), out DateTime valueUtf8);
                    Assert.Equal(accepted, acceptedUtf8);
                    Assert.Equal(value, valueUtf8);
                    if (length is 27 || (length is 28 && candidate[27] == 'Z'))
                    {
                        AssertParsesLikeBcl(candidate);
                        continue;
                    }

                    // Outside the two shapes nothing is accepted, whatever the BCL "O" parser does with, e.g.,
                    // an offset suffix (the 33-character Local form, which this format does not have).
                    Assert.False(accepted, candidate);
                    var exception = Assert.Throws<FormatException>(() => DateTimeFormatter.Parse(candidate));
                    if (length != 28)
                        Assert.Equal($"Invalid timestamp: {length} characters; expected 27 (yyyy-MM-ddTHH:mm:ss.fffffff) or 28 ending in 'Z'.", exception.Message);
                    else
                        Assert.Contains("position 27", exception.Message);
                    if (ReferenceAccepts(candidate))
                        Assert.True(length > 28, $"BCL accepted \"{candidate}\" of a length the issue does not define");
                }
            }
        }
    }

    private static bool ReferenceAccepts(string s) => TryParse(s, out _);

    [Theory]
    [InlineData("2023-00-10T00:00:00.0000000", 5)]
    [InlineData("2023-13-10T00:00:00.0000000", 5)]
    [InlineData("2023-99-10T00:00:00.0000000", 5)]
    [InlineData("2023-01-00T00:00:00.0000000", 8)]
    [InlineData("2023-01-32T00:00:00.0000000", 8)]
    [InlineData("2023-04-31T00:00:00.0000000", 8)]
    [InlineData("2023-02-29T00:00:00.0000000", 8)]
    [InlineData("1900-02-29T00:00:00.0000000", 8)]
    [InlineData("2100-02-29T00:00:00.0000000Z", 8)]
    [InlineData("2024-02-30T00:00:00.0000000", 8)]
    [InlineData("2000-02-30T00:00:00.0000000", 8)]
    [InlineData("2024-01-01T24:00:00.0000000", 11)]
    [InlineData("2024-01-01T99:00:00.0000000Z", 11)]
    [InlineData("2024-01-01T23:60:00.0000000", 14)]
    [InlineData("2024-01-01T23:59:60.0000000", 17)]
    [InlineData("2016-12-31T23:59:60.0000000Z", 17)]
    [InlineData("0000-01-01T00:00:00.0000000", 0)]
    public void OutOfRangeFields_AreRejectedLikeBcl_AtTheFieldPosition(string s, int position)
    {
        Assert.False(AssertParsesLikeBcl(s));
        var exception = Assert.Throws<FormatException>(() => DateTimeFormatter.Parse(s));
        Assert.Contains($"at position {position}", exception.Message);
    }

    [Theory]
    [InlineData("2000-02-29T00:00:00.0000000")]
    [InlineData("2024-02-29T23:59:59.9999999Z")]
    [InlineData("1600-02-29T12:00:00.0000000")]
    [InlineData("0004-02-29T00:00:00.0000000")]
    [InlineData("2024-01-31T23:59:59.0000000")]
    [InlineData("2024-04-30T00:00:00.0000000")]
    [InlineData("2024-12-31T23:00:00.0000000Z")]
    public void EdgeFieldValues_AreAcceptedLikeBcl(string s) => Assert.True(AssertParsesLikeBcl(s));

    /// <summary>Hour 24, minute 60, second 60 and Feb 30 were once accepted; each field's whole range is checked here.</summary>
    [Fact]
    public void EveryTwoDigitValueOfEveryField_ParsesLikeBcl()
    {
        const string valid = "2024-02-29T12:34:56.7890123";
        foreach (int position in new[] { 2, 5, 8, 11, 14, 17 })
        {
            for (int value = 0; value <= 99; value++)
            {
                string s = valid[..position] + value.ToString("D2") + valid[(position + 2)..];
                AssertParsesLikeBcl(s);
                AssertParsesLikeBcl(s + "Z");
            }
        }

        for (int year = 0; year <= 9999; year += year < 2500 ? 1 : 37)
            AssertParsesLikeBcl($"{year:D4}-02-29T00:00:00.0000000");
    }

    /// <summary>
    /// A parser that indexes a table with an unchecked character misreads non-ASCII input; every UTF-16 look-alike
    /// (fullwidth and Arabic-Indic digits, units whose low byte is ASCII) must be rejected at its own position, on
    /// both paths (every UTF-8 byte 0x80..0xFF: <see cref="Utf8Parse_EveryByteAtEveryPosition_AgreesWithBcl_AndNamesTheByte"/>).
    /// </summary>
    [Fact]
    public void NonAsciiInput_IsRejectedAtItsPosition_BeforeAnyLookup()
    {
        foreach (string s in BothForms())
        {
            for (int position = 0; position < s.Length; position++)
            {
                foreach (char c in new[] { '\u0080', '\u00B2', '\u00E9', '\u00FF', '\u0100', '\u0130', '\u012D', '\u0154', '\u015A',
                             '\u0660', '\u0669', '\u06F0', '\u0966', '\uFF10', '\uFF19', '\u2030', '\u8030', '\u802D', '\uFFFF' })
                {
                    char[] chars = s.ToCharArray();
                    chars[position] = c;
                    foreach (bool vectorized in Paths)
                    {
                        ParseError error = DateTimeFormatter.ParseCore<char>(chars, vectorized, out _);
                        Assert.Equal((ParseFailure.Character, position), (error.Failure, error.Position));
                    }
                }
            }
        }
    }

    [Fact]
    public void FormatException_NamesThePositionAndTheCharacter()
    {
        var exception = Assert.Throws<FormatException>(() => DateTimeFormatter.Parse("2015-01-15X00:41:16.6616631"));
        Assert.Contains("'X'", exception.Message);
        Assert.Contains("position 10", exception.Message);
        Assert.Contains("'T'", exception.Message);

        exception = Assert.Throws<FormatException>(() => DateTimeFormatter.Parse("2015-01-15T00:41:16.661663\u00E9"));
        Assert.Contains("U+00E9", exception.Message);
        Assert.Contains("position 26", exception.Message);
        Assert.Contains("digit", exception.Message);

        exception = Assert.Throws<FormatException>(() => DateTimeFormatter.Parse("2015-01-15T00:41:16.6616631+"));
        Assert.Contains("position 27", exception.Message);
        Assert.Contains("'Z'", exception.Message);

        exception = Assert.Throws<FormatException>(() => DateTimeFormatter.Parse("2015-01-15"));
        Assert.Contains("10 characters", exception.Message);

        exception = Assert.Throws<FormatException>(() => DateTimeFormatter.Parse("2023-02-29T00:00:00.0000000"));
        Assert.Equal("Invalid timestamp: day 29 at position 8; expected a day of 2023-02.", exception.Message);

        exception = Assert.Throws<FormatException>(() => DateTimeFormatter.Parse("2023-02-28T24:00:00.0000000".AsSpan()));
        Assert.Equal("Invalid timestamp: hour 24 at position 11; expected 00..23.", exception.Message);
    }

    /// <summary>The first wrong character is reported even when a later one is also wrong, or a field is out of range.</summary>
    [Fact]
    public void TheFirstErrorInPositionOrder_IsReported()
    {
        Assert.Equal((ParseFailure.Character, 4), Describe("2015x13-15T00:41:16.661663xZ"));
        Assert.Equal((ParseFailure.Month, 5), Describe("2015-13-32T24:41:16.6616631X"));
        Assert.Equal((ParseFailure.Character, 23), Describe("2015-01-15T00:41:16.661x631"));
        Assert.Equal((ParseFailure.Character, 27), Describe("2015-01-15T00:41:16.6616631z"));
        Assert.Equal((ParseFailure.Length, 0), Describe(""));

        static (ParseFailure, int) Describe(string s)
        {
            ParseError error = DateTimeFormatter.ParseCore(s.AsSpan(), Vector128.IsHardwareAccelerated, out _);
            return (error.Failure, error.Position);
        }
    }

    /// <summary>
    /// The UTF-8 Parse: every byte value at every position of every valid text. An ASCII byte is judged by the BCL
    /// (through <see cref="DateTimeReference.AssertParsesLikeBcl"/>, which checks Parse(utf8) against TryParse
    /// and the other overloads' messages); a non-ASCII byte is rejected by TryParse, and Parse throws a
    /// FormatException naming it and its position.
    /// </summary>
    [Fact]
    public void Utf8Parse_EveryByteAtEveryPosition_AgreesWithBcl_AndNamesTheByte()
    {
        foreach (string s in BothForms())
        {
            byte[] utf8 = Encoding.ASCII.GetBytes(s);
            for (int position = 0; position < s.Length; position++)
            {
                for (int b = 0; b <= 0xFF; b++)
                {
                    byte[] mutated = (byte[])utf8.Clone();
                    mutated[position] = (byte)b;
                    if (b < 0x80)
                    {
                        AssertParsesLikeBcl(Encoding.ASCII.GetString(mutated));
                        continue;
                    }

                    Assert.False(DateTimeFormatter.TryParse(mutated, out DateTime value));
                    Assert.Equal(default, value);
                    var exception = Assert.Throws<FormatException>(() => DateTimeFormatter.Parse(mutated));
                    string expected = position == 27 ? "'Z'" : "0000-00-00T00:00:00.0000000"[position] == '0' ? "a digit" : $"'{s[position]}'";
                    Assert.Equal($"Invalid timestamp: byte 0x{b:X2} at position {position}; expected {expected}.", exception.Message);
                }
            }
        }
    }

    /// <summary>Seeded random UTF-8 byte strings of every length 0..30, mostly near-valid: Parse(utf8) agrees with the BCL.</summary>
    [Fact]
    public void Utf8Parse_SeededRandomMalformedInput_AgreesWithBcl()
    {
        var random = new Random(27);
        for (int i = 0; i < 20_000; i++)
        {
            byte[] text = Encoding.ASCII.GetBytes(DateTimeFormatter.Format(new DateTime(random.NextInt64(DateTime.MaxValue.Ticks + 1), AllKinds[i % 3])));
            Array.Resize(ref text, random.Next(i % 4 == 0 ? 0 : 26, 30));
            for (int mutations = random.Next(4); mutations > 0 && text.Length > 0; mutations--)
                text[random.Next(text.Length)] = (byte)random.Next(0x30 - 8, 0x3B + 8);
            AssertParsesLikeBcl(Encoding.ASCII.GetString(text));
        }
    }

    [Fact]
    public void NullString_ThrowsArgumentNullException()
    {
        Assert.Throws<ArgumentNullException>(() => DateTimeFormatter.Parse((string)null!));
    }

    [Fact]
    public void NullString_TryParseGivesFalseAndDefault()
    {
        Assert.False(DateTimeFormatter.TryParse((string?)null, out DateTime result));
        Assert.Equal(default, result);
    }

    [Fact]
    public void SeededRandomValidTexts_ParseLikeBcl()
    {
        var random = new Random(42);
        for (int i = 0; i < 20_000; i++)
        {
            var value = new DateTime(random.NextInt64(DateTime.MaxValue.Ticks + 1), AllKinds[i % 3]);
            string text = DateTimeFormatter.Format(value);
            Assert.True(AssertParsesLikeBcl(text), text);
        }
    }

    [Fact]
    public void TryParse_AllocatesNothing()
    {
        string text = "2024-02-29T23:59:59.9999999Z";
        byte[] utf8 = Encoding.ASCII.GetBytes(text);
        string bad = "2024-02-30T23:59:59.9999999Z";
        DateTimeFormatter.TryParse(text.AsSpan(), out _);
        DateTimeFormatter.TryParse(utf8, out _);
        DateTimeFormatter.TryParse(bad.AsSpan(), out _);

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 1000; i++)
        {
            DateTimeFormatter.TryParse(text.AsSpan(), out _);
            DateTimeFormatter.TryParse(utf8, out _);
            DateTimeFormatter.TryParse(bad.AsSpan(), out _);
        }
        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }
}
