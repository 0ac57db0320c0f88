using System.Globalization;
using Sparrow.Formatting;
using Sparrow.Storage;

namespace Sparrow.Fuzz;

/// <summary>
/// DateTimeFormatter.TryParse and Parse, UTF-8 and UTF-16, against the BCL's round-trip ("O") parser on the
/// formatter's grammar: 27 characters (Kind Unspecified) or 28 ending in 'Z' (Kind Utc), ASCII only. An accepted
/// text is the canonical form, so the value formats back to exactly the input.
/// </summary>
/// <remarks>The UTF-16 text is the input with each byte widened, then each pair of bytes as one char (see <see cref="EtagTarget"/>).</remarks>
public static class DateTimeTarget
{
    private static readonly GuardedSlot Bytes = new();
    private static readonly GuardedSlot Chars = new();

    public static void Run(ReadOnlySpan<byte> input)
    {
        Bytes.AtBothEdges(input, CheckUtf8);
        foreach (char[] text in (char[][])[Spans.Widen(input), Spans.Pairs(input)])
        {
            CheckUtf16(Chars.CopyAtEnd<char>(text));
            CheckUtf16(Chars.CopyAtStart<char>(text));
        }
    }

    private static void CheckUtf8(ReadOnlySpan<byte> text)
    {
        // A valid timestamp is pure ASCII: any other byte is a rejection, whatever the BCL makes of its char.
        bool ascii = !text.ContainsAnyInRange((byte)0x80, (byte)0xFF);
        bool expected = ascii & Reference(Spans.Widen(text), out DateTime reference);
        bool accepted = DateTimeFormatter.TryParse(text, out DateTime parsed);
        if (!Agrees(expected, reference, accepted, parsed))
            Mismatch(expected, reference, accepted, parsed, "TryParse(utf8)", Spans.Hex(text));

        // The throwing form at the grammar's length, where its message names the first wrong position; at any
        // other length it only reports the length, and an exception per input would cost more than the rest.
        if (!(text.Length is 27 or 28))
            return;
        bool parseAccepted = ThrowingParser.Accepts(DateTimeFormatter.Parse, text, out parsed);
        if (!Agrees(expected, reference, parseAccepted, parsed))
            Mismatch(expected, reference, parseAccepted, parsed, "Parse(utf8)", Spans.Hex(text));

        if (expected)
        {
            Span<byte> formatted = stackalloc byte[DateTimeFormatter.MaxFormattedLength];
            if (!DateTimeFormatter.TryFormat(reference, formatted, out int written) || !formatted[..written].SequenceEqual(text))
                FuzzMismatchException.Throw($"DateTimeFormatter.TryFormat(utf8) of the value parsed from [{Spans.Hex(text)}] wrote [{Spans.Hex(formatted[..written])}]");
        }
    }

    private static void CheckUtf16(ReadOnlySpan<char> text)
    {
        bool expected = Reference(text, out DateTime reference);
        bool accepted = DateTimeFormatter.TryParse(text, out DateTime parsed);
        if (!Agrees(expected, reference, accepted, parsed))
            Mismatch(expected, reference, accepted, parsed, "TryParse(chars)", Spans.Text(text));

        // The throwing form at the grammar's length, where its message names the first wrong position; at any
        // other length it only reports the length, and an exception per input would cost more than the rest.
        if (!(text.Length is 27 or 28))
            return;
        bool parseAccepted = ThrowingParser.Accepts(DateTimeFormatter.Parse, text, out parsed);
        if (!Agrees(expected, reference, parseAccepted, parsed))
            Mismatch(expected, reference, parseAccepted, parsed, "Parse(chars)", Spans.Text(text));

        if (expected && DateTimeFormatter.Format(reference) != text.ToString())
            FuzzMismatchException.Throw($"DateTimeFormatter.Format of the value parsed from \"{Spans.Text(text)}\" is \"{DateTimeFormatter.Format(reference)}\"");
    }

    private static bool Agrees(bool expected, DateTime reference, bool accepted, DateTime parsed) =>
        accepted == expected && parsed.Ticks == reference.Ticks && parsed.Kind == reference.Kind;

    private static void Mismatch(bool expected, DateTime reference, bool accepted, DateTime parsed, string what, string text) =>
        FuzzMismatchException.Throw($"DateTimeFormatter.{what} of [{text}] = {accepted} {parsed.Ticks} {parsed.Kind}; reference {expected} {reference.Ticks} {reference.Kind}");

    /// <summary>The BCL "O" parser, which the formatter's issue makes the judge, on the formatter's two lengths.</summary>
    private static bool Reference(ReadOnlySpan<char> text, out DateTime value)
    {
        value = default;
        if (!(text.Length == 27 || text.Length == 28 && text[27] == 'Z'))
            return false;
        if (!DateTime.TryParseExact(text, "O", CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out value))
        {
            value = default;
            return false;
        }
        return true;
    }
}
