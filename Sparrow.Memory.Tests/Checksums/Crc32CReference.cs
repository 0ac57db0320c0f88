namespace Sparrow.Tests;

/// <summary>
/// CRC-32C one bit at a time, from the definition alone (nothing of the library): the register shifted right,
/// XORed with the reflected polynomial when the bit shifted out is 1; also <c>x^k mod P</c> by repeated
/// multiplication by x, for deriving the library's constants independently.
/// </summary>
internal static class Crc32CReference
{
    public const uint Polynomial = 0x82F63B78;

    /// <summary>The register after <paramref name="bytes"/>, from <paramref name="state"/> (not inverted).</summary>
    public static uint Update(uint state, ReadOnlySpan<byte> bytes)
    {
        foreach (byte b in bytes)
            state = Update(state, b);
        return state;
    }

    public static uint Update(uint state, byte b)
    {
        state ^= b;
        for (int bit = 0; bit < 8; bit++)
            state = (state & 1) != 0 ? (state >> 1) ^ Polynomial : state >> 1;
        return state;
    }

    /// <summary>The finished checksum (initial value and final XOR 0xFFFFFFFF).</summary>
    public static uint Hash(ReadOnlySpan<byte> bytes) => ~Update(~0u, bytes);

    /// <summary><c>x^k mod P</c>, bit-reflected into 32 bits (bit i is the coefficient of x^(31-i)), k multiplications by x.</summary>
    public static uint PowerOfX(int k)
    {
        uint value = 1u << 31;
        for (int i = 0; i < k; i++)
            value = (value & 1) != 0 ? (value >> 1) ^ Polynomial : value >> 1;
        return value;
    }
}
