using System.Buffers.Binary;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>The public <see cref="Crc32C"/> API: published check values, Append, Combine, Hash/TryHash, argument checks.</summary>
public sealed unsafe class Crc32CTests
{
    [Fact]
    public void CheckValue_OfTheDigits()
    {
        Assert.Equal(0xE3069283u, Crc32C.HashToUInt32("123456789"u8));
        Assert.Equal(0xE3069283u, Crc32CReference.Hash("123456789"u8));
    }

    /// <summary>RFC 3720 (iSCSI), appendix B.4.</summary>
    [Theory]
    [InlineData("zeros", 0x8A9136AAu)]
    [InlineData("ones", 0x62A8AB43u)]
    [InlineData("ascending", 0x46DD794Eu)]
    [InlineData("descending", 0x113FDB5Cu)]
    public void CheckValues_OfRfc3720(string pattern, uint expected)
    {
        byte[] input = pattern switch
        {
            "zeros" => new byte[32],
            "ones" => [.. Enumerable.Repeat((byte)0xFF, 32)],
            "ascending" => [.. Enumerable.Range(0, 32).Select(i => (byte)i)],
            _ => [.. Enumerable.Range(0, 32).Select(i => (byte)(31 - i))],
        };
        Assert.Equal(expected, Crc32C.HashToUInt32(input));
        Assert.Equal(expected, Crc32CReference.Hash(input));
        fixed (byte* p = input)
            Assert.Equal(expected, Crc32C.HashToUInt32(p, input.Length));
    }

    [Fact]
    public void Empty_IsZero()
    {
        Assert.Equal(0u, Crc32C.HashToUInt32([]));
        Assert.Equal(0x12345678u, Crc32C.Append(0x12345678, []));
        Assert.Equal(0x12345678u, Crc32C.UpdateRegister(0x12345678, []));
        Assert.Equal(0u, Crc32C.HashToUInt32(null, 0));
    }

    /// <summary>Inputs across every path's length range, split at every point and appended in two calls.</summary>
    [Theory]
    [InlineData(130)]
    [InlineData(777)]
    [InlineData(2100)]
    public void Append_SplitAtEveryPoint_EqualsTheWholeHash(int length)
    {
        byte[] input = Crc32CPathTests.Seeded(length, seed: length);
        uint expected = Crc32CReference.Hash(input);
        Assert.Equal(expected, Crc32C.Append(0, input));
        for (int split = 0; split <= length; split++)
        {
            uint first = Crc32C.HashToUInt32(input.AsSpan(0, split));
            if (Crc32C.Append(first, input.AsSpan(split)) != expected)
                Assert.Fail($"length {length} split at {split}");
            fixed (byte* p = input)
                Assert.Equal(expected, Crc32C.Append(first, p + split, length - split));
        }
    }

    /// <summary>The raw register: from all ones, not inverted, the reference's register; the finished forms are its inversions.</summary>
    [Theory]
    [InlineData(0)]
    [InlineData(9)]
    [InlineData(72)]
    [InlineData(700)]
    [InlineData(2100)]
    public void UpdateRegister_IsTheRawRegister(int length)
    {
        byte[] input = Crc32CPathTests.Seeded(length, seed: 11 * length + 1);
        uint register = Crc32CReference.Update(~0u, input);
        Assert.Equal(register, Crc32C.UpdateRegister(~0u, input));
        Assert.Equal(Crc32C.HashToUInt32(input), ~Crc32C.UpdateRegister(~0u, input));
        Assert.Equal(Crc32CReference.Update(0x1234_5678, input), Crc32C.UpdateRegister(0x1234_5678, input));
        Assert.Equal(~Crc32C.Append(0x1234_5678, input), Crc32C.UpdateRegister(~0x1234_5678u, input));
        fixed (byte* p = input)
            Assert.Equal(register, Crc32C.UpdateRegister(~0u, p, length));
    }

    /// <summary>Inputs cut at random points into many pieces, each continued by Append (finished) and UpdateRegister (raw).</summary>
    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void AppendAndUpdateRegister_OverRandomSplits_EqualTheWholeHash(int seed)
    {
        var random = new Random(seed);
        for (int round = 0; round < 200; round++)
        {
            byte[] input = Crc32CPathTests.Seeded(random.Next(0, 5000), seed: 1000 * seed + round);
            uint expected = Crc32CReference.Hash(input);
            uint crc = 0, register = ~0u;
            for (int offset = 0; offset < input.Length;)
            {
                // Piece lengths across every path's range: mostly short, some past the folding's thresholds.
                int piece = Math.Min(input.Length - offset, random.Next(4) == 0 ? random.Next(0, 3000) : random.Next(0, 300));
                crc = Crc32C.Append(crc, input.AsSpan(offset, piece));
                fixed (byte* p = input)
                    register = Crc32C.UpdateRegister(register, p + offset, piece);
                offset += piece;
            }

            Assert.Equal(expected, crc);
            Assert.Equal(expected, ~register);
        }
    }

    [Theory]
    [InlineData(130)]
    [InlineData(2100)]
    public void Combine_AtEverySplit_EqualsTheWholeHash(int length)
    {
        byte[] input = Crc32CPathTests.Seeded(length, seed: 3 * length);
        uint expected = Crc32CReference.Hash(input);
        for (int split = 0; split <= length; split++)
        {
            uint combined = Crc32C.Combine(Crc32C.HashToUInt32(input.AsSpan(0, split)), Crc32C.HashToUInt32(input.AsSpan(split)), length - split);
            if (combined != expected)
                Assert.Fail($"length {length} split at {split}: 0x{combined:X8}, expected 0x{expected:X8}");
        }
    }

    [Fact]
    public void Combine_OfLongRanges_EqualsTheWholeHash()
    {
        byte[] first = Crc32CPathTests.Seeded(1000, seed: 5);
        byte[] second = Crc32CPathTests.Seeded((1 << 20) + 3, seed: 6);
        Assert.Equal(Crc32CReference.Hash([.. first, .. second]), Crc32C.Combine(Crc32C.HashToUInt32(first), Crc32C.HashToUInt32(second), second.Length));
        Assert.Equal(0xDEADBEEFu, Crc32C.Combine(0xDEADBEEF, 0, 0));
    }

    /// <summary>
    /// A 4 KiB page whose header holds its own checksum: the checksum of the page without the field, from the two
    /// ranges around it, each hashed where it lies (no copy), then stored in the field and verified the same way.
    /// </summary>
    [Fact]
    public void Combine_ChecksumsAPageAroundItsOwnChecksumField()
    {
        const int PageSize = 4096, FieldOffset = 8, AfterField = FieldOffset + Crc32C.HashLengthInBytes;
        byte[] page = Crc32CPathTests.Seeded(PageSize, seed: 7);

        uint crc = Crc32C.Combine(Crc32C.HashToUInt32(page.AsSpan(0, FieldOffset)), Crc32C.HashToUInt32(page.AsSpan(AfterField)), PageSize - AfterField);
        Assert.Equal(Crc32CReference.Hash([.. page.AsSpan(0, FieldOffset), .. page.AsSpan(AfterField)]), crc);

        BinaryPrimitives.WriteUInt32LittleEndian(page.AsSpan(FieldOffset), crc);
        uint verified = Crc32C.Combine(Crc32C.HashToUInt32(page.AsSpan(0, FieldOffset)), Crc32C.HashToUInt32(page.AsSpan(AfterField)), PageSize - AfterField);
        Assert.Equal(BinaryPrimitives.ReadUInt32LittleEndian(page.AsSpan(FieldOffset)), verified);
        page[100] ^= 1;
        Assert.NotEqual(verified, Crc32C.Combine(Crc32C.HashToUInt32(page.AsSpan(0, FieldOffset)), Crc32C.HashToUInt32(page.AsSpan(AfterField)), PageSize - AfterField));
    }

    [Fact]
    public void Hash_WritesFourBytesLittleEndian()
    {
        Span<byte> destination = [0xAA, 0xAA, 0xAA, 0xAA, 0xAA];
        Assert.Equal(4, Crc32C.Hash("123456789"u8, destination));
        Assert.Equal(new byte[] { 0x83, 0x92, 0x06, 0xE3, 0xAA }, destination.ToArray());

        Span<byte> exact = stackalloc byte[4];
        Assert.True(Crc32C.TryHash("123456789"u8, exact, out int written));
        Assert.Equal((4, 0xE3069283u), (written, BinaryPrimitives.ReadUInt32LittleEndian(exact)));
    }

    [Fact]
    public void Hash_IntoTooShortADestination_WritesNothing()
    {
        byte[] destination = [1, 2, 3];
        Assert.False(Crc32C.TryHash("123456789"u8, destination, out int written));
        Assert.Equal(0, written);
        Assert.Equal(new byte[] { 1, 2, 3 }, destination);
        Assert.Throws<ArgumentException>("destination", () => Crc32C.Hash("123456789"u8, destination));
    }

    [Fact]
    public void NegativeLengths_Throw()
    {
        Assert.Throws<ArgumentOutOfRangeException>("byteCount", () => Crc32C.HashToUInt32(null, -1));
        Assert.Throws<ArgumentOutOfRangeException>("byteCount", () => Crc32C.Append(0, null, -1));
        Assert.Throws<ArgumentOutOfRangeException>("byteCount", () => Crc32C.UpdateRegister(0, null, -1));
        Assert.Throws<ArgumentOutOfRangeException>("byteCount", () => Crc32C.Combine(0, 0, -1));
    }
}
