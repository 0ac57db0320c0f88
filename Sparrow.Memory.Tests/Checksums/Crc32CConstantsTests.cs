using System.Runtime.Intrinsics;
using Sparrow.Storage;

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

    /// <summary>A negative power is the inverse: x^-k * x^k = 1, for every k a fold by 1..3 bytes needs (and more).</summary>
    [Fact]
    public void NegativePowers_AreInverses()
    {
        for (int k = 0; k <= 64; k++)
            Assert.Equal(1u << 31, Crc32CPolynomial.Multiply(Crc32CPolynomial.Power(-k), Crc32CReference.PowerOfX(k)));
    }

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
    [InlineData(8)] // the last partial vector's folds, by 1 to 63 bytes: some below 32 bits (a negative power)
    [InlineData(24)]
    [InlineData(32)]
    [InlineData(504)]
    public void FoldConstants_AreTheReflectedPowers(int bits)
    {
        var lane = FoldConstants.Lane(bits);
        Assert.Equal((ulong)Crc32CReference.PowerOfX(bits + 32) << 1, lane.GetElement(0));
        uint high = bits >= 32 ? Crc32CReference.PowerOfX(bits - 32) : Crc32CPolynomial.Power(bits - 32);
        Assert.Equal((ulong)high << 1, lane.GetElement(1));
        if (bits < 32)
            Assert.Equal(1u << 31, Crc32CPolynomial.Multiply(high, Crc32CReference.PowerOfX(32 - bits)));
    }

    [Fact]
    public void BytesAhead_FoldsEachPartialLength()
    {
        Vector128<ulong>[] lanes = FoldConstants.BytesAhead(64);
        for (int bytes = 1; bytes < 64; bytes++)
            Assert.Equal(FoldConstants.Lane(8 * bytes), lanes[bytes]);
    }

    [Fact]
    public void TailMasks_KeepTheLastBytesOfEachWidth()
    {
        foreach (nuint width in (nuint[])[16, 32, 64])
        {
            for (nuint bytes = 1; bytes < width; bytes++)
            {
                ReadOnlySpan<byte> mask = System.Runtime.InteropServices.MemoryMarshal.CreateReadOnlySpan(ref FoldConstants.TailMask(width, bytes), (int)width);
                for (int i = 0; i < (int)width; i++)
                    Assert.Equal(i >= (int)(width - bytes) ? 0xFF : 0, mask[i]);
            }
        }
    }

    [Fact]
    public void ShiftBytes_IsMultiplicationByXToTheEightN()
    {
        foreach (long bytes in new long[] { 0, 1, 3, 64, 4093, 1 << 20 })
            Assert.Equal(Crc32CPolynomial.Multiply(0x12345678, Crc32CPolynomial.Power(8 * bytes)), Crc32CPolynomial.ShiftBytes(0x12345678, bytes));
        Assert.Equal(Crc32CReference.PowerOfX(8 * 300), Crc32CPolynomial.ShiftBytes(1u << 31, 300));
    }
}
