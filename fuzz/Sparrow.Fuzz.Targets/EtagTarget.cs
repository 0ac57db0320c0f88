using Sparrow.Formatting;
using Sparrow.Storage;

namespace Sparrow.Fuzz;

/// <summary>
/// Etag.TryParse and Parse, UTF-8 and UTF-16, against a plain parser of the 36-character form; an accepted etag
/// formats back to the input's text in uppercase, and that text parses to the same etag.
/// </summary>
/// <remarks>
/// The UTF-16 text is the input twice over: each byte widened to a char, and each pair of bytes as one char
/// (little-endian), which reaches the chars whose low byte is a hex digit or '-', the ones a narrowing parser
/// must not mistake for ASCII.
/// </remarks>
public static class EtagTarget
{
    private static readonly GuardedSlot Bytes = new();
    private static readonly GuardedSlot Chars = new();

    public static void Run(ReadOnlySpan<byte> input)
    {
        Bytes.AtBothEdges(input, CheckUtf8);

        char[] widened = Spans.Widen(input);
        CheckUtf16(Chars.CopyAtEnd<char>(widened));
        CheckUtf16(Chars.CopyAtStart<char>(widened));

        char[] pairs = Spans.Pairs(input);
        CheckUtf16(Chars.CopyAtEnd<char>(pairs));
        CheckUtf16(Chars.CopyAtStart<char>(pairs));
    }

    private static void CheckUtf8(ReadOnlySpan<byte> text)
    {
        bool expected = Reference(Spans.Widen(text), out Etag reference);
        bool accepted = Etag.TryParse(text, out Etag parsed);
        if (!Agrees(expected, reference, accepted, parsed))
            Mismatch(expected, reference, accepted, parsed, "TryParse(utf8)", Spans.Hex(text));

        // The throwing form at the grammar's length, where its message names the first wrong position; at any
        // other length it only reports the length, and an exception per input would cost more than the rest.
        if (!(text.Length == Etag.FormattedLength))
            return;
        bool parseAccepted = ThrowingParser.Accepts(Etag.Parse, text, out parsed);
        if (!Agrees(expected, reference, parseAccepted, parsed))
            Mismatch(expected, reference, parseAccepted, parsed, "Parse(utf8)", Spans.Hex(text));
        if (expected)
            CheckFormat(reference, Spans.Hex(text));
    }

    private static void CheckUtf16(ReadOnlySpan<char> text)
    {
        bool expected = Reference(text, out Etag reference);
        bool accepted = Etag.TryParse(text, out Etag parsed);
        if (!Agrees(expected, reference, accepted, parsed))
            Mismatch(expected, reference, accepted, parsed, "TryParse(chars)", Spans.Text(text));

        // The throwing form at the grammar's length, where its message names the first wrong position; at any
        // other length it only reports the length, and an exception per input would cost more than the rest.
        if (!(text.Length == Etag.FormattedLength))
            return;
        bool parseAccepted = ThrowingParser.Accepts(Etag.Parse, text, out parsed);
        if (!Agrees(expected, reference, parseAccepted, parsed))
            Mismatch(expected, reference, parseAccepted, parsed, "Parse(chars)", Spans.Text(text));
        if (expected)
            CheckFormat(reference, Spans.Text(text));
    }

    private static bool Agrees(bool expected, Etag reference, bool accepted, Etag parsed) =>
        accepted == expected && parsed == (expected ? reference : Etag.Empty);

    private static void Mismatch(bool expected, Etag reference, bool accepted, Etag parsed, string what, string text) =>
        FuzzMismatchException.Throw($"Etag.{what} of [{text}] = {accepted} {parsed.Restarts:X16}/{parsed.Changes:X16}; reference {expected} {reference.Restarts:X16}/{reference.Changes:X16}");

    /// <summary>The uppercase text formats back, every way, and parses to the same etag.</summary>
    private static void CheckFormat(Etag etag, string input)
    {
        string expected = ReferenceFormat(etag);
        Span<char> chars = stackalloc char[Etag.FormattedLength];
        Span<byte> utf8 = stackalloc byte[Etag.FormattedLength];
        bool formatted = etag.TryFormat(chars, out int charsWritten) & etag.TryFormat(utf8, out int bytesWritten);
        if (!formatted || etag.ToString() != expected || !chars[..charsWritten].SequenceEqual(expected)
            || bytesWritten != expected.Length || System.Text.Encoding.ASCII.GetString(utf8) != expected
            || Etag.Parse(expected) != etag)
            FuzzMismatchException.Throw($"Etag parsed from [{input}] formats as \"{etag}\", expected \"{expected}\"");
    }

    /// <summary>The etag grammar written plainly: 36 characters, '-' at 8, 13, 18 and 23, ASCII hex digits elsewhere.</summary>
    private static bool Reference(ReadOnlySpan<char> text, out Etag result)
    {
        result = Etag.Empty;
        if (text.Length != 36)
            return false;
        ulong restarts = 0, changes = 0;
        int digits = 0;
        for (int i = 0; i < 36; i++)
        {
            char c = text[i];
            if (i is 8 or 13 or 18 or 23)
            {
                if (c != '-')
                    return false;
                continue;
            }

            int value = c is >= '0' and <= '9' ? c - '0' : c is >= 'a' and <= 'f' ? c - 'a' + 10 : c is >= 'A' and <= 'F' ? c - 'A' + 10 : -1;
            if (value < 0)
                return false;
            if (digits++ < 16)
                restarts = restarts << 4 | (uint)value;
            else
                changes = changes << 4 | (uint)value;
        }

        result = new Etag((long)restarts, (long)changes);
        return true;
    }

    private static string ReferenceFormat(Etag etag)
    {
        string restarts = ((ulong)etag.Restarts).ToString("X16");
        string changes = ((ulong)etag.Changes).ToString("X16");
        return $"{restarts[..8]}-{restarts[8..12]}-{restarts[12..]}-{changes[..4]}-{changes[4..]}";
    }
}
