using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Sparrow.Formatting;

/// <summary>What a parser found wrong: the kinds of <see cref="ParseError"/>.</summary>
internal enum ParseFailure : byte
{
    None,
    /// <summary>The text has a length the format does not have.</summary>
    Length,
    /// <summary>A character that does not belong at its position.</summary>
    Character,
    /// <summary>Well-formed digits of a field out of its range (the field's digits start at the position).</summary>
    Year,
    Month,
    Day,
    Hour,
    Minute,
    Second,
}

/// <summary>
/// The one error shape of every parser here: what went wrong (<see cref="Failure"/>) and where
/// (<see cref="Position"/>, the index of the first offending character), or nothing. The hot paths return it in a
/// register; only a throwing Parse turns it into a <see cref="FormatException"/>, always by
/// <see cref="ToException{TChar}"/>, so every parser's messages read alike.
/// </summary>
internal readonly struct ParseError
{
    /// <summary>The failure in the low byte, the position above it; 0 is no error.</summary>
    private readonly int _packed;

    private ParseError(int packed) => _packed = packed;

    /// <summary>No error: the text parsed.</summary>
    internal static ParseError None
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => default;
    }

    /// <summary>The error <paramref name="failure"/> at <paramref name="position"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ParseError At(ParseFailure failure, int position) => new((int)failure | position << 8);

    /// <summary>Whether the text parsed.</summary>
    internal bool IsNone
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _packed == 0;
    }

    internal ParseFailure Failure => (ParseFailure)(byte)_packed;

    internal int Position => _packed >> 8;

    /// <summary>
    /// The exception a throwing Parse throws for this error: <c>Invalid {subject}: {what} at position {where};
    /// expected {expected}.</c> (a wrong length has no position).
    /// </summary>
    /// <param name="text">The text that failed to parse.</param>
    /// <param name="subject">What the text should have been ("etag", "timestamp").</param>
    /// <param name="expected">What belongs there: a length, a character class or a field's range.</param>
    internal FormatException ToException<TChar>(ReadOnlySpan<TChar> text, string subject, string expected)
        where TChar : unmanaged
    {
        string what = Failure switch
        {
            ParseFailure.Length => $"{text.Length} {(typeof(TChar) == typeof(byte) ? "bytes" : "characters")}",
            ParseFailure.Character => Found(text, Position),
            _ => $"{Failure.ToString().ToLowerInvariant()} {Characters(text, Position, Failure == ParseFailure.Year ? 4 : 2)}",
        };
        string where = Failure == ParseFailure.Length ? "" : $" at position {Position}";
        return new FormatException($"Invalid {subject}: {what}{where}; expected {expected}.");
    }

    /// <summary><paramref name="length"/> characters of <paramref name="text"/> from <paramref name="start"/>, as a string (bytes as Latin-1).</summary>
    internal static string Characters<TChar>(ReadOnlySpan<TChar> text, int start, int length)
        where TChar : unmanaged
    {
        var characters = new char[length];
        for (int i = 0; i < length; i++)
            characters[i] = (char)AsciiText.Read(ref MemoryMarshal.GetReference(text), start + i);
        return new string(characters);
    }

    /// <summary>The offending character as a message shows it: 'c' when printable ASCII, else its code.</summary>
    private static string Found<TChar>(ReadOnlySpan<TChar> text, int position)
        where TChar : unmanaged
    {
        uint character = AsciiText.Read(ref MemoryMarshal.GetReference(text), position);
        return character is > ' ' and < 0x7F ? $"'{(char)character}'"
            : typeof(TChar) == typeof(byte) && character > 0x7F ? $"byte 0x{character:X2}"
            : $"U+{character:X4}";
    }
}
