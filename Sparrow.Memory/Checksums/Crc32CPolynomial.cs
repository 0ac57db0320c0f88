namespace Sparrow.Storage;

/// <summary>
/// Arithmetic in GF(2)[x] modulo the CRC-32C (Castagnoli) polynomial, bit-reflected as the CRC is: bit <c>i</c>
/// of a 32-bit value is the coefficient of <c>x^(31-i)</c>. Every constant the checksum paths use is computed
/// here from <see cref="Reflected"/> alone (the table of the portable path, the folding and merging constants),
/// and <see cref="Crc32C.Combine"/> multiplies with it.
/// </summary>
internal static class Crc32CPolynomial
{
    /// <summary>x^32 + x^28 + x^27 + ... + 1 (0x1EDC6F41), its low 32 coefficients bit-reflected.</summary>
    public const uint Reflected = 0x82F63B78;

    /// <summary><c>x^(8 * 2^k) mod P</c> for k = 0..63: the powers <see cref="ShiftBytes"/> multiplies by.</summary>
    private static readonly uint[] BytePowersOfTwo = ComputeBytePowersOfTwo();

    /// <summary><c>a * b mod P</c>.</summary>
    public static uint Multiply(uint a, uint b)
    {
        // Bit 31 - j of a is the coefficient of x^j: add b * x^j for each, b multiplied by x once per step.
        uint product = 0;
        for (uint coefficient = 1u << 31; coefficient != 0; coefficient >>= 1)
        {
            if ((a & coefficient) != 0)
                product ^= b;
            b = TimesX(b);
        }

        return product;
    }

    /// <summary>
    /// <c>x^exponent mod P</c> (square-and-multiply, O(log exponent)); a negative exponent gives the inverse of
    /// <c>x^-exponent</c> (x is invertible: P's constant term is 1), one division by x a step.
    /// </summary>
    public static uint Power(long exponent)
    {
        uint result = 1u << 31; // x^0
        if (exponent < 0)
        {
            for (; exponent != 0; exponent++)
                result = DivideByX(result);
            return result;
        }

        uint square = 1u << 30; // x^1
        for (; exponent != 0; exponent >>= 1)
        {
            if ((exponent & 1) != 0)
                result = Multiply(result, square);
            square = Multiply(square, square);
        }

        return result;
    }

    /// <summary><c>value * x^(8 * bytes) mod P</c>: a CRC register advanced over <paramref name="bytes"/> zero bytes.</summary>
    public static uint ShiftBytes(uint value, long bytes)
    {
        for (int k = 0; bytes != 0; k++, bytes >>= 1)
        {
            if ((bytes & 1) != 0)
                value = Multiply(value, BytePowersOfTwo[k]);
        }

        return value;
    }

    /// <summary><c>value * x mod P</c>: one shift of the reflected register, reduced.</summary>
    private static uint TimesX(uint value) => (value >> 1) ^ (Reflected & (0u - (value & 1)));

    /// <summary>
    /// <c>value / x mod P</c>, <see cref="TimesX"/> undone: bit 31 (the coefficient of x^0) is set exactly when
    /// the reduction added P, whose reflected form has it set; otherwise the value was only shifted.
    /// </summary>
    private static uint DivideByX(uint value) => (value & (1u << 31)) != 0 ? ((value ^ Reflected) << 1) | 1 : value << 1;

    private static uint[] ComputeBytePowersOfTwo()
    {
        var powers = new uint[64];
        powers[0] = Power(8);
        for (int k = 1; k < powers.Length; k++)
            powers[k] = Multiply(powers[k - 1], powers[k - 1]);
        return powers;
    }
}
