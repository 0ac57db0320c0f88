namespace Sparrow.Tests;

/// <summary>What the reference decoder makes of the bytes at the start of an input.</summary>
internal enum VarIntOutcome
{
    Value,
    Truncated,
    TooLong,
    Overflow,
}

/// <summary>The varint contract written as plainly as possible: a byte loop into a 128-bit accumulator, the range checked at the end.</summary>
internal static class VarIntReference
{
    /// <summary>Decodes a varint of a <paramref name="bits"/>-bit type (32 or 64) from the start of <paramref name="bytes"/>.</summary>
    public static VarIntOutcome Decode(ReadOnlySpan<byte> bytes, int bits, out ulong value, out int length)
    {
        int maxLength = (bits + 6) / 7;
        UInt128 accumulated = 0;
        value = 0;
        length = 0;
        for (int i = 0; i < maxLength; i++)
        {
            if (i == bytes.Length)
                return VarIntOutcome.Truncated;
            accumulated |= (UInt128)(bytes[i] & 0x7Fu) << (7 * i);
            if ((bytes[i] & 0x80) == 0)
            {
                if (accumulated >> bits != 0)
                    return VarIntOutcome.Overflow;
                value = (ulong)accumulated;
                length = i + 1;
                return VarIntOutcome.Value;
            }
        }

        return VarIntOutcome.TooLong;
    }

    /// <summary>The signed value a zigzag code stands for, in arithmetic wide enough not to wrap.</summary>
    public static long ZigZagDecode(ulong code) => code % 2 == 0 ? (long)(code / 2) : (long)(-(Int128)(code / 2) - 1);
}
