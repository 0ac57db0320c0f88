using Sparrow.Testing;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>SpanReader's varint reads, and VarInt's encoders and zigzag, against <see cref="VarIntReference"/>.</summary>
public sealed class SpanReaderVarIntTests
{
    [Fact]
    public void EveryLengthBoundary_RoundTrips_AtEveryPlacement()
    {
        Span<byte> encoded = stackalloc byte[VarInt.MaxLength64];
        foreach (ulong value in VarIntValues.Boundaries64)
        {
            byte[] bytes = encoded[..VarIntSamples.Encode(value, encoded)].ToArray();
            Assert.Equal(bytes.Length, VarInt.GetByteCount(value));
            foreach (byte fill in (byte[])[0x00, 0xFF])
            {
                foreach ((byte[] data, int start) in VarIntChecks.Placements(bytes, fill))
                    VarIntChecks.MatchReference(data, start);
            }
        }
    }

    [Fact]
    public void EveryOneAndTwoByteInput_MatchesReference()
    {
        for (int first = 0; first < 256; first++)
        {
            VarIntChecks.MatchReference([(byte)first], 0);
            VarIntChecks.MatchReference([0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, (byte)first], 8);
            for (int second = 0; second < 256; second++)
            {
                byte[] alone = [(byte)first, (byte)second];
                VarIntChecks.MatchReference(alone, 0, throwingFormsOnRejects: second % 17 == 0);
                byte[] inWord = [(byte)first, (byte)second, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x08];
                VarIntChecks.MatchReference(inWord, 0, throwingFormsOnRejects: second % 17 == 0);
            }
        }
    }

    /// <summary>
    /// The inline one- and two-byte decoder, called directly, on every pair of bytes with 0, 1, 2 and more bytes
    /// left: it takes exactly the values of one or two bytes when two bytes remain, with the reference's value
    /// and end, and leaves everything else (fewer than two bytes left, or both bytes continuing) to the word decoder.
    /// </summary>
    [Fact]
    public void OneOrTwoByteDecoder_MatchesReference_OnEveryPairAndBytesLeft()
    {
        byte[] data = new byte[12];
        for (int pair = 0; pair < 0x10000; pair++)
        {
            data.AsSpan().Fill(0xFF);
            data[3] = (byte)pair;
            data[4] = (byte)(pair >> 8);
            for (int length = 3; length <= data.Length; length++)
            {
                ReadOnlySpan<byte> span = data.AsSpan(0, length);
                VarIntOutcome outcome = VarIntReference.Decode(span[3..], 32, out ulong expected, out int expectedLength);
                bool expectTaken = length - 3 >= 2 && outcome == VarIntOutcome.Value && expectedLength <= 2;
                bool taken = VarIntScalar.TryReadOneOrTwoBytes(span, 3, out uint value, out int end);
                if (taken != expectTaken || (taken && (value != expected || end != 3 + expectedLength)))
                {
                    Assert.Fail($"pair 0x{pair:X4}, {length - 3} byte(s) left: {taken}, 0x{value:X}, end {end}; " +
                        $"expected {expectTaken}, {outcome} 0x{expected:X}, end {3 + expectedLength}.");
                }
            }
        }
    }

    /// <summary>
    /// Every one- and two-byte input as the last bytes before an inaccessible page (the inline decoder's pair load
    /// ends exactly there) and as the first bytes after one, through every read in both forms.
    /// </summary>
    [Fact]
    public unsafe void EveryOneAndTwoByteInput_AtGuardedEdges_MatchesReference()
    {
        using var memory = new GuardedMemory(16);
        for (int first = 0; first < 256; first++)
        {
            for (int second = 0; second < 256; second++)
            {
                bool throwingForms = second % 17 == 0;
                byte* end = memory.EndingAtGuard(3);
                end[0] = 0x7F;
                end[1] = (byte)first;
                end[2] = (byte)second;
                VarIntChecks.MatchReference(new ReadOnlySpan<byte>(end, 3), 1, throwingForms);
                VarIntChecks.MatchReference(new ReadOnlySpan<byte>(end + 1, 2), 0, throwingForms);
                VarIntChecks.MatchReference(new ReadOnlySpan<byte>(end + 2, 1), 0, throwingForms);

                byte* start = memory.StartingAfterGuard;
                start[0] = (byte)first;
                start[1] = (byte)second;
                VarIntChecks.MatchReference(new ReadOnlySpan<byte>(start, 2), 0, throwingForms);
            }
        }
    }

    /// <summary>
    /// Every 3-byte input whose first two bytes continue (the only ones where all three bytes count), alone and
    /// with a word's worth of bytes after it, so both the tail load and the word load see each. The 32- and
    /// 64-bit unsigned reads only: the zigzag and skip reads wrap them and are checked exhaustively on 1..2 bytes.
    /// </summary>
    [Fact]
    public void EveryThreeByteInputWithTwoContinuationBytes_MatchesReference()
    {
        byte[] alone = new byte[3];
        byte[] inWord = [0, 0, 0, 0xFF, 0x80, 0xFF, 0x80, 0xFF, 0x80, 0x01];
        for (int first = 0x80; first < 0x100; first++)
        {
            for (int second = 0x80; second < 0x100; second++)
            {
                for (int third = 0; third < 0x100; third++)
                {
                    alone[0] = inWord[0] = (byte)first;
                    alone[1] = inWord[1] = (byte)second;
                    alone[2] = inWord[2] = (byte)third;
                    bool sampleThrows = (first ^ second ^ third) % 211 == 0;
                    VarIntChecks.MatchReference(alone, 0, sampleThrows, VarIntChecks.UnsignedReads);
                    VarIntChecks.MatchReference(inWord, 0, sampleThrows, VarIntChecks.UnsignedReads);
                }
            }
        }
    }

    /// <summary>
    /// Lengths 1 to 11: random continuation bytes, then every possible last byte, alone and followed by more
    /// bytes. Covers the overflow limits exactly: a 5th byte of 0x0F or 0x10 (32-bit), a 10th byte of 0x01 or 0x02 (64-bit).
    /// </summary>
    [Fact]
    public void EveryLastByteAtEveryLength_MatchesReference()
    {
        var random = new Random(12);
        for (int length = 1; length <= VarInt.MaxLength64 + 1; length++)
        {
            for (int trial = 0; trial < 8; trial++)
            {
                byte[] prefix = new byte[length - 1];
                random.NextBytes(prefix);
                for (int i = 0; i < prefix.Length; i++)
                    prefix[i] |= 0x80;
                for (int last = 0; last < 256; last++)
                {
                    byte[] bytes = [.. prefix, (byte)last];
                    VarIntChecks.MatchReference(bytes, 0);
                    VarIntChecks.MatchReference([0x7F, .. bytes, 0xFF, 0x80, 0x00], 1);
                }
            }
        }
    }

    [Theory]
    [InlineData(new byte[] { 0x80, 0x00 }, 0UL)]
    [InlineData(new byte[] { 0xFF, 0x80, 0x00 }, 127UL)]
    [InlineData(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x00 }, 0UL)]
    [InlineData(new byte[] { 0x81, 0x80, 0x80, 0x80, 0x00 }, 1UL)]
    public void PaddedEncodingsWithinFiveBytes_AreAccepted(byte[] bytes, ulong expected)
    {
        var reader = new SpanReader(bytes);
        Assert.Equal((uint)expected, reader.ReadVarUInt32());
        Assert.True(reader.End);
        reader = new SpanReader(bytes);
        Assert.Equal(expected, reader.ReadVarUInt64());
        Assert.True(reader.End);
        Assert.Equal(OperationStatusAndCount(bytes), (System.Buffers.OperationStatus.Done, 1));
    }

    [Fact]
    public void PaddedEncodings_AreRejectedBeyondTheMaximumLength()
    {
        byte[] six = [0x80, 0x80, 0x80, 0x80, 0x80, 0x00];
        var reader = new SpanReader(six);
        Assert.False(reader.TryReadVarUInt32(out _));
        Assert.Equal(0UL, new SpanReader(six).ReadVarUInt64());

        byte[] ten = [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00];
        Assert.Equal(0UL, new SpanReader(ten).ReadVarUInt64());
        byte[] eleven = [.. ten[..^1], 0x80, 0x00];
        reader = new SpanReader(eleven);
        Assert.False(reader.TryReadVarUInt64(out _));
        Assert.Equal(0, reader.Position);
        Assert.Equal(OperationStatusAndCount(six), (System.Buffers.OperationStatus.InvalidData, 0));
    }

    [Fact]
    public void RejectedVarInts_ThrowFormatException_SayingWhatAndWhere()
    {
        byte[] data = [0x01, 0x02, 0xFF, 0xFF, 0xFF, 0xFF, 0x1F];
        var reader = new SpanReader(data);
        Assert.Equal(1u, reader.ReadVarUInt32());
        Assert.Equal(2u, reader.ReadVarUInt32());
        FormatException overflow = Assert.Throws<FormatException>(() => new SpanReader(data[2..]).ReadVarUInt32());
        Assert.Equal("Invalid varint at position 0: the value does not fit in 32 bits (final byte 0x1F at position 4).", overflow.Message);
        Assert.Equal(0x1_FFFF_FFFFUL, new SpanReader(data[2..]).ReadVarUInt64());

        FormatException truncated = Assert.Throws<FormatException>(() =>
        {
            var r = new SpanReader([0x05, 0x80, 0x81]);
            r.ReadVarUInt32();
            r.ReadVarUInt64();
        });
        Assert.Equal("Truncated varint at position 1: the data ends after 2 byte(s), each with the continuation bit set.", truncated.Message);

        FormatException tooLong = Assert.Throws<FormatException>(() => new SpanReader([0x80, 0x80, 0x80, 0x80, 0x80, 0x01]).ReadVarUInt32());
        Assert.Equal("Invalid varint at position 0: longer than 5 bytes, the most a 32-bit value takes.", tooLong.Message);

        FormatException empty = Assert.Throws<FormatException>(() => new SpanReader([]).ReadVarUInt32());
        Assert.Contains("at position 0: the data ends after 0 byte(s)", empty.Message);
    }

    [Theory]
    [InlineData(VarIntDistribution.OneByte)]
    [InlineData(VarIntDistribution.OneToTwoBytes)]
    [InlineData(VarIntDistribution.OneToFiveBytes)]
    public void SeededRandomTables_RoundTrip(VarIntDistribution distribution)
    {
        uint[] values = VarIntSamples.Values(distribution, 20_000, seed: (int)distribution + 100);
        byte[] data = VarIntSamples.Encode(values);
        var reader = new SpanReader(data);
        var tryReader = new SpanReader(data);
        foreach (uint value in values)
        {
            Expect.Equal(value, reader.ReadVarUInt32(), "ReadVarUInt32", data.Length, reader.Position);
            Assert.True(tryReader.TryReadVarUInt32(out uint read));
            Expect.Equal(value, read, "TryReadVarUInt32", data.Length, tryReader.Position);
        }

        Assert.True(reader.End);
        Assert.True(tryReader.End);
    }

    [Fact]
    public void SeededRandom64BitAndZigZagValues_RoundTripThroughWriteAndRead()
    {
        var random = new Random(64);
        var buffer = new byte[VarInt.MaxLength64 * 4];
        for (int i = 0; i < 200_000; i++)
        {
            // Every bit length equally likely, so long and short encodings are both common.
            ulong value = (ulong)random.NextInt64() << 1 ^ (ulong)random.Next(2);
            value >>= random.Next(64);
            long signed = (long)value >> random.Next(2) * 63 ^ -(long)random.Next(2);
            int written = VarInt.Write(buffer, value);
            written += VarInt.Write(buffer.AsSpan(written), VarInt.ZigZagEncode(signed));
            written += VarInt.Write(buffer.AsSpan(written), (uint)value);
            written += VarInt.Write(buffer.AsSpan(written), VarInt.ZigZagEncode((int)signed));

            var reader = new SpanReader(buffer.AsSpan(0, written));
            Expect.Equal(value, reader.ReadVarUInt64(), "ReadVarUInt64", written);
            Expect.Equal(signed, reader.ReadVarInt64(), "ReadVarInt64", written);
            Expect.Equal((uint)value, reader.ReadVarUInt32(), "ReadVarUInt32", written);
            Expect.Equal((int)signed, reader.ReadVarInt32(), "ReadVarInt32", written);
            Assert.True(reader.End);
        }
    }

    [Fact]
    public void ZigZag_MatchesItsDefinition_AtTheBoundaries()
    {
        foreach (ulong bits in VarIntValues.Boundaries64)
        {
            long signed = (long)bits;
            ulong code = VarInt.ZigZagEncode(signed);
            Assert.Equal(signed >= 0 ? (UInt128)signed * 2 : (UInt128)(-(Int128)signed * 2 - 1), (UInt128)code);
            Assert.Equal(signed, VarInt.ZigZagDecode(code));
            Assert.Equal(VarIntReference.ZigZagDecode(bits), VarInt.ZigZagDecode(bits));

            int signed32 = (int)bits;
            uint code32 = VarInt.ZigZagEncode(signed32);
            Assert.Equal(VarInt.ZigZagEncode((long)signed32), code32);
            Assert.Equal(signed32, VarInt.ZigZagDecode(code32));
            Assert.Equal(VarIntReference.ZigZagDecode((uint)bits), VarInt.ZigZagDecode((uint)bits));
        }

        Assert.Equal([0u, 1u, 2u, 3u, 4u], new[] { 0, -1, 1, -2, 2 }.Select(VarInt.ZigZagEncode));
    }

    [Fact]
    public void WriteAndGetByteCount_MatchTheReferenceEncoder_AtEveryBoundary()
    {
        Span<byte> expected = stackalloc byte[VarInt.MaxLength64];
        Span<byte> actual = stackalloc byte[VarInt.MaxLength64 + 1];
        foreach (ulong value in VarIntValues.Boundaries64)
        {
            int length = VarIntSamples.Encode(value, expected);
            Assert.Equal(length, VarInt.GetByteCount(value));
            actual.Fill(0xAA);
            Assert.Equal(length, VarInt.Write(actual, value));
            Assert.True(actual[..length].SequenceEqual(expected[..length]));
            Assert.Equal(0xAA, actual[length]);

            // Too short by one byte: false, nothing written; the throwing form says how much it needed.
            actual.Fill(0xAA);
            Assert.False(VarInt.TryWrite(actual[..(length - 1)], value, out int written));
            Assert.Equal(0, written);
            Assert.True(actual.IndexOfAnyExcept((byte)0xAA) < 0);
            byte[] shortBuffer = new byte[length - 1];
            ArgumentException e = Assert.Throws<ArgumentException>(() => VarInt.Write(shortBuffer, value));
            Assert.Contains($"needs {length}", e.Message);
        }

        foreach (uint value in VarIntValues.Boundaries32)
        {
            int length = VarIntSamples.Encode(value, expected);
            Assert.Equal(length, VarInt.GetByteCount(value));
            Assert.True(VarInt.TryWrite(actual, value, out int written));
            Assert.Equal(length, written);
            Assert.True(actual[..length].SequenceEqual(expected[..length]));
        }
    }

    /// <summary>The 7-bit gather, each way, against a loop over the groups, on seeded random words.</summary>
    [Fact]
    public void PortableGather_MatchesAGroupLoop() => CheckGather(VarIntScalar.GatherPortable);

    [Fact]
    public void Bmi2Gather_MatchesAGroupLoop()
    {
        SkipReasons.SkipIf(SkipReasons.Bmi2);
        CheckGather(VarIntScalar.GatherBmi2);
    }

    private static void CheckGather(Func<ulong, ulong> gather)
    {
        var random = new Random(7);
        for (int i = 0; i < 1_000_000; i++)
        {
            ulong groups = (ulong)random.NextInt64() & VarIntScalar.PayloadBits;
            ulong expected = 0;
            for (int k = 0; k < 8; k++)
                expected |= (groups >> (8 * k) & 0x7F) << (7 * k);
            Expect.Equal(expected, gather(groups), "gather", 8);
        }
    }

    private static (System.Buffers.OperationStatus, int) OperationStatusAndCount(byte[] bytes)
    {
        var status = VarInt.Decode(bytes, new uint[4], out _, out int written);
        return (status, written);
    }
}
