using System.Globalization;
using System.Text;

namespace Sparrow.Formatting.Tests;

/// <summary>The BCL references the DateTimeFormatter tests compare against, and checks shared by them.</summary>
internal static class DateTimeReference
{
    public const string CustomFormat = "yyyy'-'MM'-'dd'T'HH':'mm':'ss'.'fffffff";

    /// <summary>The BCL's custom-format text, plus the 'Z' the issue specifies for UTC values.</summary>
    public static string Format(DateTime value) =>
        value.ToString(CustomFormat, CultureInfo.InvariantCulture) + (value.Kind == DateTimeKind.Utc ? "Z" : "");

    /// <summary>The BCL's round-trip ("O") parser, which the issue makes the judge of what is valid.</summary>
    public static bool TryParse(string s, out DateTime value) =>
        DateTime.TryParseExact(s, "O", CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out value);

    public static readonly DateTimeKind[] AllKinds = [DateTimeKind.Unspecified, DateTimeKind.Utc, DateTimeKind.Local];

    /// <summary>
    /// Formats <paramref name="value"/> every way (string, UTF-16 span, UTF-8 span, and the core on its scalar and
    /// vector paths), checks each against the BCL reference, then parses the text back every way (string, UTF-16,
    /// UTF-8, both paths) and checks ticks and Kind.
    /// Uses Assert only on failure so it can run millions of times inside one [Fact].
    /// </summary>
    public static void AssertFormatsAndRoundTrips(DateTime value)
    {
        string expected = Format(value);
        string actual = DateTimeFormatter.Format(value);
        if (actual != expected)
            Assert.Fail($"Format({value.Ticks}, {value.Kind}) = \"{actual}\", expected \"{expected}\"");

        Span<char> chars = stackalloc char[DateTimeFormatter.MaxFormattedLength];
        if (!DateTimeFormatter.TryFormat(value, chars, out int charsWritten) || !chars[..charsWritten].SequenceEqual(expected))
            Assert.Fail($"TryFormat(chars) of {value.Ticks} {value.Kind} wrote \"{chars[..charsWritten]}\", expected \"{expected}\"");

        Span<byte> bytes = stackalloc byte[DateTimeFormatter.MaxFormattedLength];
        if (!DateTimeFormatter.TryFormat(value, bytes, out int bytesWritten) || bytesWritten != expected.Length)
            Assert.Fail($"TryFormat(utf8) of {value.Ticks} {value.Kind} wrote {bytesWritten} bytes, expected {expected.Length}");
        for (int i = 0; i < bytesWritten; i++)
        {
            if (bytes[i] != expected[i])
                Assert.Fail($"TryFormat(utf8) of {value.Ticks} {value.Kind} wrote \"{Encoding.ASCII.GetString(bytes[..bytesWritten])}\", expected \"{expected}\"");
        }

        Span<byte> core = stackalloc byte[DateTimeFormatter.MaxFormattedLength];
        foreach (bool vectorized in Paths)
        {
            chars.Clear();
            if (DateTimeFormatter.FormatCore(value, ref chars[0], vectorized) != expected.Length || !chars[..expected.Length].SequenceEqual(expected))
                Assert.Fail($"FormatCore(chars, vectorized: {vectorized}) of {value.Ticks} {value.Kind} wrote \"{chars}\", expected \"{expected}\"");
            core.Clear();
            if (DateTimeFormatter.FormatCore(value, ref core[0], vectorized) != expected.Length || !core[..expected.Length].SequenceEqual(bytes[..bytesWritten]))
                Assert.Fail($"FormatCore(utf8, vectorized: {vectorized}) of {value.Ticks} {value.Kind} wrote \"{Encoding.ASCII.GetString(core)}\", expected \"{expected}\"");
        }

        DateTimeKind parsedKind = value.Kind == DateTimeKind.Utc ? DateTimeKind.Utc : DateTimeKind.Unspecified;
        AssertParsesTo(expected, DateTimeFormatter.Parse(expected), value.Ticks, parsedKind, "Parse(string)");
        AssertParsesTo(expected, DateTimeFormatter.Parse(expected.AsSpan()), value.Ticks, parsedKind, "Parse(span)");
        if (!DateTimeFormatter.TryParse(expected.AsSpan(), out DateTime fromChars))
            Assert.Fail($"TryParse(chars) rejected \"{expected}\"");
        AssertParsesTo(expected, fromChars, value.Ticks, parsedKind, "TryParse(chars)");
        if (!DateTimeFormatter.TryParse(bytes[..bytesWritten], out DateTime fromBytes))
            Assert.Fail($"TryParse(utf8) rejected \"{expected}\"");
        AssertParsesTo(expected, fromBytes, value.Ticks, parsedKind, "TryParse(utf8)");
        AssertParsesTo(expected, DateTimeFormatter.Parse(bytes[..bytesWritten]), value.Ticks, parsedKind, "Parse(utf8)");
        foreach (bool vectorized in Paths)
        {
            if (!DateTimeFormatter.ParseCore(expected.AsSpan(), vectorized, out DateTime fromCore).IsNone)
                Assert.Fail($"ParseCore(chars, vectorized: {vectorized}) rejected \"{expected}\"");
            AssertParsesTo(expected, fromCore, value.Ticks, parsedKind, $"ParseCore(chars, vectorized: {vectorized})");
            if (!DateTimeFormatter.ParseCore((ReadOnlySpan<byte>)bytes[..bytesWritten], vectorized, out fromCore).IsNone)
                Assert.Fail($"ParseCore(utf8, vectorized: {vectorized}) rejected \"{expected}\"");
            AssertParsesTo(expected, fromCore, value.Ticks, parsedKind, $"ParseCore(utf8, vectorized: {vectorized})");
        }
    }

    /// <summary>The two paths of the formatter and the parser (the vector one is the public path where accelerated).</summary>
    public static readonly bool[] Paths = [false, true];

    private static void AssertParsesTo(string s, DateTime parsed, long ticks, DateTimeKind kind, string what)
    {
        if (parsed.Ticks != ticks || parsed.Kind != kind)
            Assert.Fail($"{what} of \"{s}\" gave {parsed.Ticks} {parsed.Kind}, expected {ticks} {kind}");
    }

    /// <summary>
    /// Parses <paramref name="s"/> with every overload and with the BCL "O" parser and checks they agree on
    /// acceptance and on ticks and Kind; a rejection must be a FormatException from Parse. Returns acceptance.
    /// </summary>
    public static bool AssertParsesLikeBcl(string s)
    {
        bool bclAccepted = TryParse(s, out DateTime bcl);
        bool accepted = DateTimeFormatter.TryParse(s.AsSpan(), out DateTime parsed);
        if (accepted != bclAccepted)
            Assert.Fail($"TryParse(\"{Escape(s)}\") = {accepted}, BCL \"O\" = {bclAccepted}");
        if (accepted && (parsed.Ticks != bcl.Ticks || parsed.Kind != bcl.Kind))
            Assert.Fail($"TryParse(\"{Escape(s)}\") = {parsed.Ticks} {parsed.Kind}, BCL = {bcl.Ticks} {bcl.Kind}");
        if (!accepted && parsed != default)
            Assert.Fail($"TryParse(\"{Escape(s)}\") failed but set the value to {parsed.Ticks}");

        bool acceptedString = DateTimeFormatter.TryParse(s, out DateTime parsedString);
        if (acceptedString != accepted || parsedString != parsed || parsedString.Kind != parsed.Kind)
            Assert.Fail($"TryParse(string \"{Escape(s)}\") = {acceptedString} {parsedString.Ticks} {parsedString.Kind}, span gave {accepted} {parsed.Ticks} {parsed.Kind}");

        byte[] utf8 = Encoding.UTF8.GetBytes(s);
        bool acceptedUtf8 = DateTimeFormatter.TryParse(utf8, out DateTime parsedUtf8);
        if (acceptedUtf8 != accepted || parsedUtf8 != parsed || parsedUtf8.Kind != parsed.Kind)
            Assert.Fail($"TryParse(utf8 \"{Escape(s)}\") = {acceptedUtf8} {parsedUtf8.Ticks} {parsedUtf8.Kind}, chars gave {accepted} {parsed.Ticks} {parsed.Kind}");

        // Both paths of the core agree with each other on the error (what and where) and the value, per encoding.
        ParseError charsError = DateTimeFormatter.ParseCore(s.AsSpan(), false, out DateTime charsValue);
        ParseError utf8Error = DateTimeFormatter.ParseCore((ReadOnlySpan<byte>)utf8, false, out DateTime utf8Value);
        if (DateTimeFormatter.ParseCore(s.AsSpan(), true, out DateTime vectorValue) is var vectorError
            && (vectorError.Failure, vectorError.Position, vectorValue, vectorValue.Kind) != (charsError.Failure, charsError.Position, charsValue, charsValue.Kind))
            Assert.Fail($"ParseCore(\"{Escape(s)}\"): vector path {vectorError.Failure}@{vectorError.Position}, scalar path {charsError.Failure}@{charsError.Position}");
        if (DateTimeFormatter.ParseCore((ReadOnlySpan<byte>)utf8, true, out vectorValue) is var vectorUtf8Error
            && (vectorUtf8Error.Failure, vectorUtf8Error.Position, vectorValue, vectorValue.Kind) != (utf8Error.Failure, utf8Error.Position, utf8Value, utf8Value.Kind))
            Assert.Fail($"ParseCore(utf8 \"{Escape(s)}\"): vector path {vectorUtf8Error.Failure}@{vectorUtf8Error.Position}, scalar path {utf8Error.Failure}@{utf8Error.Position}");
        if (charsError.IsNone != accepted || utf8Error.IsNone != accepted)
            Assert.Fail($"ParseCore(\"{Escape(s)}\") disagrees with TryParse");

        if (accepted)
        {
            if (DateTimeFormatter.Parse(s) != parsed || DateTimeFormatter.Parse(s.AsSpan()).Kind != parsed.Kind
                || DateTimeFormatter.Parse(utf8) != parsed || DateTimeFormatter.Parse(utf8).Kind != parsed.Kind)
                Assert.Fail($"Parse(\"{Escape(s)}\") disagrees with TryParse");
        }
        else
        {
            // One message for one error: the same text from the string, span and (for ASCII text) UTF-8 overloads.
            string message = Assert.Throws<FormatException>(() => DateTimeFormatter.Parse(s)).Message;
            Assert.Equal(message, Assert.Throws<FormatException>(() => DateTimeFormatter.Parse(s.AsSpan())).Message);
            string utf8Message = Assert.Throws<FormatException>(() => DateTimeFormatter.Parse(utf8)).Message;
            if (utf8.Length == s.Length && utf8Message != message.Replace(" characters;", " bytes;"))
                Assert.Fail($"Parse(utf8 \"{Escape(s)}\") says \"{utf8Message}\", Parse(string) \"{message}\"");
        }

        return accepted;
    }

    public static string Escape(string s)
    {
        var builder = new StringBuilder();
        foreach (char c in s)
            builder.Append(c is >= ' ' and < '\u007F' ? c.ToString() : $"\\u{(int)c:X4}");
        return builder.ToString();
    }
}
