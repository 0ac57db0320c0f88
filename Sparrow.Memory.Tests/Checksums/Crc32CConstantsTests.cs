using System.Runtime.Intrinsics;

namespace Sparrow.Tests;

/// <summary>
/// The library computes its constants from the polynomial when its types are initialised; these tests derive
/// them again by the slowest possible route (<c>x^k</c> as k multiplications by x) and compare.
/// </summary>
public sealed class Crc32CConstantsTests
{
    /// <summary>Past the largest exponent a path uses: the three-chain merge of 3 x 128-byte chains, x^(8*384 - 33).</summary>
    private const int MaxExponent = 3200;

    [Fact]
    public void Powers_OfX_MatchRepeatedMultiplication()
    {
        uint power = 1u << 31;
        for (int k = 0; k <= MaxExponent; k++)
        {
            Assert.Equal(power, Crc32CPolynomial.Power(k));
            power = (power & 1) != 0 ? (power >> 1) ^ Crc32CReference.Polynomial : power >> 1;
        }
    }

    [Theory]
    [InlineData(0, 0)]
    [InlineData(1, 31)]
    [InlineData(32, 32)]
    [InlineData(1000, 2047)]
    public void Multiply_AddsExponents(int a, int b) =>
        Assert.Equal(Crc32CReference.PowerOfX(a + b), Crc32CPolynomial.Multiply(Crc32CReference.PowerOfX(a), Crc32CReference.PowerOfX(b)));

    /// <summary>Every fold distance the folding paths use (128 to 4 x 512 bits): x^(d+32) and x^(d-32), reflected into 33 bits.</summary>
    [Theory]
    [InlineData(128)]
    [InlineData(256)]
    [InlineData(384)]
    [InlineData(512)]
    [InlineData(768)]
    [InlineData(1024)]
    [InlineData(1536)]
    [InlineData(2048)]
    public void FoldConstants_AreTheReflectedPowers(int bits)
    {
        var lane = FoldConstants.Lane(bits);
        Assert.Equal((ulong)Crc32CReference.PowerOfX(bits + 32) << 1, lane.GetElement(0));
        Assert.Equal((ulong)Crc32CReference.PowerOfX(bits - 32) << 1, lane.GetElement(1));
    }

    [Fact]
    public void ShiftBytes_IsMultiplicationByXToTheEightN()
    {
        foreach (long bytes in new long[] { 0, 1, 3, 64, 4093, 1 << 20 })
            Assert.Equal(Crc32CPolynomial.Multiply(0x12345678, Crc32CPolynomial.Power(8 * bytes)), Crc32CPolynomial.ShiftBytes(0x12345678, bytes));
        Assert.Equal(Crc32CReference.PowerOfX(8 * 300), Crc32CPolynomial.ShiftBytes(1u << 31, 300));
    }
}
