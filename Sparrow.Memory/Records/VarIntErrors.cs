namespace Sparrow.Storage;

/// <summary>Why bytes are not a varint of a given width.</summary>
internal enum VarIntError
{
    /// <summary>They are one: a complete, valid varint.</summary>
    None,

    /// <summary>The bytes end before the final byte, with no more than the maximum length seen: more data could complete it.</summary>
    Truncated,

    /// <summary>The maximum length of bytes, all with the continuation bit: no more data can make it valid.</summary>
    TooLong,

    /// <summary>A final byte at the maximum length with bits beyond the type's range.</summary>
    Overflow,
}

/// <summary>
/// The cold side of varint decoding: the fast paths only say "no", and this says why, for an
/// <see cref="System.Buffers.OperationStatus"/> or an exception message. Never on a hot path.
/// </summary>
internal static class VarIntErrors
{
    /// <summary>Why the varint at the start of <paramref name="bytes"/> is not valid in <paramref name="maxLength"/> (5 or 10) bytes.</summary>
    public static VarIntError Classify(ReadOnlySpan<byte> bytes, int maxLength)
    {
        for (int i = 0; i < maxLength; i++)
        {
            if (i == bytes.Length)
                return VarIntError.Truncated;
            if (bytes[i] < 0x80)
                return i == maxLength - 1 && bytes[i] > FinalByteLimit(maxLength) ? VarIntError.Overflow : VarIntError.None;
        }

        return VarIntError.TooLong;
    }

    /// <summary>
    /// The message of the <see cref="FormatException"/> for the varint at <paramref name="position"/> of
    /// <paramref name="data"/>, which is not a valid varint of <paramref name="maxLength"/> bytes.
    /// </summary>
    public static string Describe(ReadOnlySpan<byte> data, int position, int maxLength)
    {
        int bits = maxLength == VarInt.MaxLength32 ? 32 : 64;
        ReadOnlySpan<byte> bytes = data[position..];
        return Classify(bytes, maxLength) switch
        {
            VarIntError.Truncated =>
                $"Truncated varint at position {position}: the data ends after {bytes.Length} byte(s), each with the continuation bit set.",
            VarIntError.TooLong =>
                $"Invalid varint at position {position}: longer than {maxLength} bytes, the most a {bits}-bit value takes.",
            VarIntError.Overflow =>
                $"Invalid varint at position {position}: the value does not fit in {bits} bits (final byte 0x{bytes[maxLength - 1]:X2} at position {position + maxLength - 1}).",
            _ => throw new InvalidOperationException($"The varint at position {position} is valid; no error to describe."),
        };
    }

    /// <summary>The largest final byte at the maximum length: the bits left of the type after the earlier groups.</summary>
    private static int FinalByteLimit(int maxLength) => maxLength == VarInt.MaxLength32 ? 0x0F : 0x01;
}
