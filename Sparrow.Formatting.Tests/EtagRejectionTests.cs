using static Sparrow.Formatting.Tests.EtagTestData;

namespace Sparrow.Formatting.Tests;

public class EtagRejectionTests
{
    private static readonly string[] ValidTexts = [Sample, "ABCDEFab-cdef-0918-FfFf-aAbBcCdDeEfF", "00000000-0000-0000-0000-000000000000"];

    /// <summary>
    /// Non-ASCII characters, several chosen so that a truncating narrow to a byte would turn them into a
    /// valid digit or dash (0x130 → '0', 0x141 → 'A', 0x12D → '-', 0xFF10 → 0x10, 0x8030 → '0').
    /// </summary>
    private static readonly int[] NonAsciiChars = [0x80, 0xE9, 0xFF, 0x100, 0x130, 0x141, 0x161, 0x12D, 0x7F30, 0x8030, 0xFF10, 0xFF21, 0xFFFF];

    /// <summary>Every character that is wrong at each position: all of 0..127 not valid there, plus non-ASCII.</summary>
    private static IEnumerable<int> BadCharsAt(int position) =>
        Enumerable.Range(0, 128).Where(c => !IsValidAt(position, c)).Concat(NonAsciiChars);

    /// <summary>Every byte that is wrong at each position: all of 0..255 not valid there.</summary>
    private static IEnumerable<int> BadBytesAt(int position) =>
        Enumerable.Range(0, 256).Where(b => !IsValidAt(position, b));

    [Theory]
    [InlineData(EtagPath.Public)]
    [InlineData(EtagPath.Scalar)]
    [InlineData(EtagPath.Vector)]
    public void EachBadCharacterAtEachPosition(EtagPath path)
    {
        foreach (string valid in ValidTexts)
        {
            for (int position = 0; position < Etag.FormattedLength; position++)
            {
                char[] chars = valid.ToCharArray();
                foreach (int bad in BadCharsAt(position))
                {
                    chars[position] = (char)bad;
                    Assert.False(TryParse(chars, path, out Etag result), $"U+{bad:X4} at {position}");
                    Assert.Equal(Etag.Empty, result);
                }

                byte[] bytes = Utf8(valid);
                foreach (int bad in BadBytesAt(position))
                {
                    bytes[position] = (byte)bad;
                    Assert.False(TryParse(bytes, path, out Etag result), $"0x{bad:X2} at {position}");
                    Assert.Equal(Etag.Empty, result);
                }
            }
        }
    }

    [Fact]
    public void ScalarParserReportsTheFirstOffendingPosition()
    {
        for (int position = 0; position < Etag.FormattedLength; position++)
        {
            foreach (int bad in BadCharsAt(position))
            {
                char[] chars = Sample.ToCharArray();
                chars[position] = (char)bad;
                // A second bad character later must not hide the first one.
                chars[35] = position == 35 ? chars[35] : 'X';
                ParseError error = Etag.ParseScalar(ref chars[0], out _);
                Assert.Equal((ParseFailure.Character, position), (error.Failure, error.Position));
            }

            foreach (int bad in BadBytesAt(position))
            {
                byte[] bytes = Utf8(Sample);
                bytes[position] = (byte)bad;
                bytes[35] = position == 35 ? bytes[35] : (byte)'X';
                ParseError error = Etag.ParseScalar(ref bytes[0], out _);
                Assert.Equal((ParseFailure.Character, position), (error.Failure, error.Position));
            }
        }
    }

    [Fact]
    public void ParseThrowsFormatExceptionNamingPositionAndCharacter()
    {
        for (int position = 0; position < Etag.FormattedLength; position++)
        {
            foreach (int bad in BadCharsAt(position))
            {
                char[] chars = Sample.ToCharArray();
                chars[position] = (char)bad;
                var exception = Assert.Throws<FormatException>(() => Etag.Parse(new string(chars)));
                Assert.Contains($"position {position}", exception.Message);
                Assert.Contains(bad is > ' ' and < 0x7F ? $"'{(char)bad}'" : $"U+{bad:X4}", exception.Message);
                Assert.Contains(IsDashPosition(position) ? "expected '-'" : "expected a hex digit", exception.Message);
            }

            foreach (int bad in BadBytesAt(position))
            {
                byte[] bytes = Utf8(Sample);
                bytes[position] = (byte)bad;
                var exception = Assert.Throws<FormatException>(() => Etag.Parse(bytes));
                Assert.Contains($"position {position}", exception.Message);
                Assert.Contains(bad switch { > 0x7F => $"byte 0x{bad:X2}", > ' ' and < 0x7F => $"'{(char)bad}'", _ => $"U+{bad:X4}" }, exception.Message);
            }
        }
    }

    [Fact]
    public void EveryWrongLengthIsRejected()
    {
        string longText = Sample + "0123";
        for (int length = 0; length <= 40; length++)
        {
            if (length == Etag.FormattedLength)
                continue;
            string text = longText[..length];
            Assert.False(Etag.TryParse(text, out Etag result));
            Assert.Equal(Etag.Empty, result);
            Assert.False(Etag.TryParse(Utf8(text), out _));
            var exception = Assert.Throws<FormatException>(() => Etag.Parse(text));
            Assert.Equal($"Invalid etag: {length} characters; expected 36.", exception.Message);
            exception = Assert.Throws<FormatException>(() => Etag.Parse(Utf8(text)));
            Assert.Equal($"Invalid etag: {length} bytes; expected 36.", exception.Message);
        }
    }

    [Theory]
    [InlineData(EtagPath.Public)]
    [InlineData(EtagPath.Scalar)]
    [InlineData(EtagPath.Vector)]
    public void MovedDashesAreRejected(EtagPath path)
    {
        string digits = Sample.Replace("-", "");
        // Every way of placing 4 dashes among the 36 positions except the right one would be 58,905 strings;
        // moving each dash alone to every other position covers each "dash where a digit belongs" case.
        int[] dashes = [8, 13, 18, 23];
        for (int moved = 0; moved < dashes.Length; moved++)
        {
            for (int target = 0; target < Etag.FormattedLength; target++)
            {
                int[] positions = (int[])dashes.Clone();
                positions[moved] = target;
                if (positions.Distinct().Count() < 4 || target == dashes[moved])
                    continue;
                char[] chars = new char[Etag.FormattedLength];
                int next = 0;
                for (int i = 0; i < chars.Length; i++)
                    chars[i] = positions.Contains(i) ? '-' : digits[next++];
                Assert.False(TryParse(chars, path, out _), new string(chars));
                Assert.False(TryParse(Utf8(new string(chars)), path, out _), new string(chars));
            }
        }
    }

    [Theory]
    [InlineData(EtagPath.Public)]
    [InlineData(EtagPath.Scalar)]
    [InlineData(EtagPath.Vector)]
    public void WhitespaceAroundIsRejected(EtagPath path)
    {
        foreach (string space in new[] { " ", "\t", "\n", "\r", "\u00A0", "\u2003" })
        {
            // Same length (one character displaced) reaches every path; longer texts reach the length check.
            foreach (string text in new[] { space + Sample[1..], Sample[..^1] + space, space + Sample[..^2] + space })
            {
                Assert.False(TryParse(text, path, out _), text);
                byte[] utf8 = Utf8(text);
                Assert.False(TryParse(utf8, utf8.Length == Etag.FormattedLength ? path : EtagPath.Public, out _), text);
            }

            Assert.False(Etag.TryParse(space + Sample, out _));
            Assert.False(Etag.TryParse(Sample + space, out _));
            Assert.False(Etag.TryParse(space + Sample + space, out _));
            Assert.Throws<FormatException>(() => Etag.Parse(space + Sample));
            Assert.Throws<FormatException>(() => Etag.Parse(Sample + space));
        }
    }

    [Theory]
    [InlineData(EtagPath.Public)]
    [InlineData(EtagPath.Scalar)]
    [InlineData(EtagPath.Vector)]
    public void KnownFailureModesOfOlderParsers(EtagPath path)
    {
        for (int position = 0; position < Etag.FormattedLength; position++)
        {
            if (IsDashPosition(position))
                continue;
            // Letters past 'F' are not digits 16..35, and '-' is never a digit.
            foreach (char bad in "GHIJKLMNOPQRSTUVWXYZghijklmnopqrstuvwxyz-{|}~\u007F")
            {
                char[] chars = Sample.ToCharArray();
                chars[position] = bad;
                Assert.False(TryParse(chars, path, out _), new string(chars));
            }
        }

        // Characters above 'z' and non-ASCII input give FormatException, never IndexOutOfRangeException.
        for (int c = 'z' + 1; c <= char.MaxValue; c += c < 0x400 ? 1 : 97)
        {
            char[] chars = Sample.ToCharArray();
            chars[20] = (char)c;
            Assert.False(TryParse(chars, path, out _));
            Assert.Throws<FormatException>(() => Etag.Parse(chars.AsSpan()));
        }
    }

    [Fact]
    public void TryParseNeverThrowsInternally()
    {
        // TryParse must not be try/catch around Parse: watch for any first-chance exception on this thread.
        int thread = Environment.CurrentManagedThreadId;
        int thrown = 0;
        EventHandler<System.Runtime.ExceptionServices.FirstChanceExceptionEventArgs> handler = (_, _) =>
        {
            if (Environment.CurrentManagedThreadId == thread)
                Interlocked.Increment(ref thrown);
        };
        AppDomain.CurrentDomain.FirstChanceException += handler;
        try
        {
            string[] bad = ["", "x", Sample + " ", Sample.Replace('-', '0'), Sample.Replace('A', 'G'), "\uFFFF" + Sample[1..], new string('-', 36)];
            foreach (string text in bad)
            {
                Assert.False(Etag.TryParse(text, out _));
                Assert.False(Etag.TryParse(text.AsSpan(), out _));
                Assert.False(Etag.TryParse(Utf8(text), out _));
            }
        }
        finally
        {
            AppDomain.CurrentDomain.FirstChanceException -= handler;
        }

        Assert.Equal(0, thrown);
    }
}
