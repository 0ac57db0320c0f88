using System.Runtime.CompilerServices;

namespace Sparrow.Formatting;

public readonly partial struct Etag
{
    /// <summary>Bit i is set when position i of the textual form holds a '-' (8, 13, 18, 23).</summary>
    private const ulong DashPositions = 1UL << 8 | 1UL << 13 | 1UL << 18 | 1UL << 23;

    /// <summary>The characters holding Restarts (0-17) and then Changes (18-35), dashes included.</summary>
    private const int HalfLength = FormattedLength / 2;

    /// <summary>
    /// The portable parser and the source of every error position: one <see cref="Tables.HexDigitValues"/>
    /// lookup per digit, indexed only after the character is known to be below 256.
    /// </summary>
    /// <typeparam name="TChar"><see cref="char"/> (UTF-16) or <see cref="byte"/> (UTF-8).</typeparam>
    /// <param name="source">The first of exactly 36 readable elements.</param>
    /// <param name="result">The etag when valid, else <see cref="Empty"/>.</param>
    /// <returns><see cref="ParseError.None"/>, or a <see cref="ParseFailure.Character"/> at the first position (0-35) holding a wrong character.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ParseError ParseScalar<TChar>(ref TChar source, out Etag result)
        where TChar : unmanaged
    {
        ulong changes = 0;
        ParseError error = ParseHalf(ref source, 0, out ulong restarts);
        if (error.IsNone)
            error = ParseHalf(ref source, HalfLength, out changes);

        result = error.IsNone ? new Etag((long)restarts, (long)changes) : default;
        return error;
    }

    /// <summary>Reads the 16 digits (and the dashes) of one counter from positions [start, start + 18).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ParseError ParseHalf<TChar>(ref TChar source, int start, out ulong value)
        where TChar : unmanaged
    {
        value = 0;
        for (int position = start; position < start + HalfLength; position++)
        {
            uint character = AsciiText.Read(ref source, position);
            if (IsDashPosition(position))
            {
                if (character != '-')
                    return ParseError.At(ParseFailure.Character, position);
                continue;
            }

            uint digit = character <= byte.MaxValue ? Tables.HexDigitValues[(byte)character] : Tables.InvalidHexDigit;
            if (digit == Tables.InvalidHexDigit)
                return ParseError.At(ParseFailure.Character, position);
            value = value << 4 | digit;
        }

        return ParseError.None;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool IsDashPosition(int position) => ((DashPositions >> position) & 1) != 0;
}
