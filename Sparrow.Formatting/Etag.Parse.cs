using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Formatting;

public readonly partial struct Etag
{
    /// <summary>Parses the 36-character form (hex digits in either case, '-' at 8, 13, 18 and 23).</summary>
    /// <param name="s">The text to parse.</param>
    /// <exception cref="ArgumentNullException"><paramref name="s"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException">
    /// <paramref name="s"/> is not an etag; the message gives the wrong length or the first offending position.
    /// </exception>
    public static Etag Parse(string s)
    {
        ArgumentNullException.ThrowIfNull(s);
        return Parse(s.AsSpan());
    }

    /// <summary>Parses the 36-character form; <paramref name="provider"/> is ignored.</summary>
    /// <param name="s">The text to parse.</param>
    /// <param name="provider">Ignored.</param>
    /// <exception cref="ArgumentNullException"><paramref name="s"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="s"/> is not an etag.</exception>
    public static Etag Parse(string s, IFormatProvider? provider) => Parse(s);

    /// <summary>Parses the 36-character form (hex digits in either case, '-' at 8, 13, 18 and 23).</summary>
    /// <param name="s">The characters to parse.</param>
    /// <exception cref="FormatException">
    /// <paramref name="s"/> is not an etag; the message gives the wrong length or the first offending position.
    /// </exception>
    public static Etag Parse(ReadOnlySpan<char> s) => TryParseCore(s, out Etag result) ? result : ThrowInvalidEtag(s);

    /// <summary>Parses the 36-character form; <paramref name="provider"/> is ignored.</summary>
    /// <param name="s">The characters to parse.</param>
    /// <param name="provider">Ignored.</param>
    /// <exception cref="FormatException"><paramref name="s"/> is not an etag.</exception>
    public static Etag Parse(ReadOnlySpan<char> s, IFormatProvider? provider) => Parse(s);

    /// <summary>Parses the 36-byte UTF-8 form (hex digits in either case, '-' at 8, 13, 18 and 23).</summary>
    /// <param name="utf8Text">The UTF-8 bytes to parse.</param>
    /// <exception cref="FormatException">
    /// <paramref name="utf8Text"/> is not an etag; the message gives the wrong length or the first offending byte offset.
    /// </exception>
    public static Etag Parse(ReadOnlySpan<byte> utf8Text) =>
        TryParseCore(utf8Text, out Etag result) ? result : ThrowInvalidEtag(utf8Text);

    /// <summary>Parses the 36-byte UTF-8 form; <paramref name="provider"/> is ignored.</summary>
    /// <param name="utf8Text">The UTF-8 bytes to parse.</param>
    /// <param name="provider">Ignored.</param>
    /// <exception cref="FormatException"><paramref name="utf8Text"/> is not an etag.</exception>
    public static Etag Parse(ReadOnlySpan<byte> utf8Text, IFormatProvider? provider) => Parse(utf8Text);

    /// <summary>Parses the 36-character form without throwing.</summary>
    /// <param name="s">The text to parse; <see langword="null"/> gives false.</param>
    /// <param name="result">The etag, or <see cref="Empty"/> when the text is not one.</param>
    /// <returns>Whether <paramref name="s"/> is an etag.</returns>
    public static bool TryParse([NotNullWhen(true)] string? s, out Etag result) => TryParse(s.AsSpan(), out result);

    /// <summary>Parses the 36-character form without throwing; <paramref name="provider"/> is ignored.</summary>
    /// <param name="s">The text to parse; <see langword="null"/> gives false.</param>
    /// <param name="provider">Ignored.</param>
    /// <param name="result">The etag, or <see cref="Empty"/> when the text is not one.</param>
    /// <returns>Whether <paramref name="s"/> is an etag.</returns>
    public static bool TryParse([NotNullWhen(true)] string? s, IFormatProvider? provider, out Etag result) => TryParse(s.AsSpan(), out result);

    /// <summary>Parses the 36-character form without throwing and without allocating.</summary>
    /// <param name="s">The characters to parse.</param>
    /// <param name="result">The etag, or <see cref="Empty"/> when the text is not one.</param>
    /// <returns>Whether <paramref name="s"/> is an etag.</returns>
    public static bool TryParse(ReadOnlySpan<char> s, out Etag result) => TryParseCore(s, out result);

    /// <summary>Parses the 36-character form without throwing; <paramref name="provider"/> is ignored.</summary>
    /// <param name="s">The characters to parse.</param>
    /// <param name="provider">Ignored.</param>
    /// <param name="result">The etag, or <see cref="Empty"/> when the text is not one.</param>
    /// <returns>Whether <paramref name="s"/> is an etag.</returns>
    public static bool TryParse(ReadOnlySpan<char> s, IFormatProvider? provider, out Etag result) => TryParse(s, out result);

    /// <summary>Parses the 36-byte UTF-8 form without throwing and without allocating.</summary>
    /// <param name="utf8Text">The UTF-8 bytes to parse.</param>
    /// <param name="result">The etag, or <see cref="Empty"/> when the bytes are not one.</param>
    /// <returns>Whether <paramref name="utf8Text"/> is an etag.</returns>
    public static bool TryParse(ReadOnlySpan<byte> utf8Text, out Etag result) => TryParseCore(utf8Text, out result);

    /// <summary>Parses the 36-byte UTF-8 form without throwing; <paramref name="provider"/> is ignored.</summary>
    /// <param name="utf8Text">The UTF-8 bytes to parse.</param>
    /// <param name="provider">Ignored.</param>
    /// <param name="result">The etag, or <see cref="Empty"/> when the bytes are not one.</param>
    /// <returns>Whether <paramref name="utf8Text"/> is an etag.</returns>
    public static bool TryParse(ReadOnlySpan<byte> utf8Text, IFormatProvider? provider, out Etag result) => TryParse(utf8Text, out result);

    /// <summary>
    /// Parses <paramref name="text"/> (char or byte) on the best path; false, with <see cref="Empty"/>, unless it
    /// is exactly 36 elements long and an etag.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryParseCore<TChar>(ReadOnlySpan<TChar> text, out Etag result)
        where TChar : unmanaged
    {
        if (text.Length != FormattedLength)
        {
            result = default;
            return false;
        }

        ref TChar source = ref MemoryMarshal.GetReference(text);
        if (Vector128.IsHardwareAccelerated)
            return TryParseVector(ref source, out result);
        return ParseScalar(ref source, out result).IsNone;
    }

    /// <summary>
    /// Reports why <paramref name="text"/> is not an etag. The fast paths only say "no"; the scalar
    /// parser, which stops at the first offending position, supplies the position for the message.
    /// </summary>
    [DoesNotReturn]
    private static Etag ThrowInvalidEtag<TChar>(ReadOnlySpan<TChar> text)
        where TChar : unmanaged
    {
        if (text.Length != FormattedLength)
            throw ParseError.At(ParseFailure.Length, 0).ToException(text, "etag", $"{FormattedLength}");

        ParseError error = ParseScalar(ref MemoryMarshal.GetReference(text), out _);
        if (error.IsNone)
            throw new UnreachableException("The fast path rejected an etag that the scalar parser accepts.");
        string expected = IsDashPosition(error.Position) ? "'-'" : "a hex digit (0-9, A-F, a-f)";
        throw error.ToException(text, "etag", expected);
    }
}
