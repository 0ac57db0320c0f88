using System.Runtime.CompilerServices;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>SpanReader's fixed-width reads against BinaryPrimitives, and its byte slices, skips and length-prefixed runs.</summary>
public sealed class SpanReaderFixedWidthTests
{
    public static TheoryData<string> ReadNames => new(FixedWidthReads.All.Select(r => r.Name));

    /// <summary>Every read at every position of seeded random inputs of every length up to 24, the ends included.</summary>
    [Theory]
    [MemberData(nameof(ReadNames))]
    public void EveryPositionOfEveryLength_MatchesBinaryPrimitives(string name)
    {
        FixedWidthRead read = FixedWidthReads.All.Single(r => r.Name == name);
        var random = new Random(name.Length);
        for (int trial = 0; trial < 50; trial++)
        {
            for (int length = 0; length <= 24; length++)
            {
                byte[] data = new byte[length];
                random.NextBytes(data);
                for (int start = 0; start <= length; start++)
                {
                    bool fits = length - start >= read.Size;
                    ulong expected = fits ? read.Expected(data[start..]) : 0;

                    SpanReader reader = VarIntChecks.At(data, start);
                    Assert.Equal(fits, read.TryRead(ref reader, out ulong actual));
                    Assert.Equal(expected, actual);
                    Assert.Equal(fits ? start + read.Size : start, reader.Position);

                    reader = VarIntChecks.At(data, start);
                    if (fits)
                    {
                        Assert.Equal(expected, read.Read(ref reader));
                        Assert.Equal(start + read.Size, reader.Position);
                    }
                    else if (trial == 0)
                    {
                        int position = start;
                        FormatException e = Assert.Throws<FormatException>(() => { SpanReader r = VarIntChecks.At(data, position); read.Read(ref r); });
                        Assert.Equal($"Cannot read {read.Size} byte(s) at position {start}: {length - start} remain.", e.Message);
                    }
                }
            }
        }
    }

    [Fact]
    public void ReadBytes_AndSkip_AtEveryPositionAndCount_SliceTheInputWithoutCopying()
    {
        byte[] data = [.. Enumerable.Range(0, 40).Select(i => (byte)i)];
        for (int start = 0; start <= data.Length; start++)
        {
            foreach (int count in Enumerable.Range(-2, data.Length + 5).Append(int.MinValue).Append(int.MaxValue))
            {
                bool fits = count >= 0 && count <= data.Length - start;
                int end = fits ? start + count : start;

                SpanReader reader = VarIntChecks.At(data, start);
                Assert.Equal(fits, reader.TryReadBytes(count, out ReadOnlySpan<byte> bytes));
                Assert.Equal(end, reader.Position);
                Assert.Equal(fits ? count : 0, bytes.Length);
                if (fits && count > 0)
                    Assert.True(Unsafe.AreSame(ref Unsafe.AsRef(in bytes[0]), ref data[start]), "ReadBytes returns a slice of the input");

                reader = VarIntChecks.At(data, start);
                Assert.Equal(fits, reader.TrySkip(count));
                Assert.Equal(end, reader.Position);
                Assert.Equal(data.Length - end, reader.Remaining);
                Assert.Equal(end == data.Length, reader.End);
                Assert.True(reader.UnreadSpan.SequenceEqual(data.AsSpan(end)));

                if (fits)
                {
                    reader = VarIntChecks.At(data, start);
                    Assert.True(reader.ReadBytes(count).SequenceEqual(data.AsSpan(start, count)));
                    reader = VarIntChecks.At(data, start);
                    reader.Skip(count);
                    Assert.Equal(end, reader.Position);
                }
                else if (count is -1 or int.MinValue || count == data.Length - start + 1)
                {
                    int position = start, c = count;
                    string expected = count < 0
                        ? $"Invalid byte count {count} at position {start}: a count cannot be negative."
                        : $"Cannot read {count} byte(s) at position {start}: {data.Length - start} remain.";
                    Assert.Equal(expected, Assert.Throws<FormatException>(() => VarIntChecks.At(data, position).ReadBytes(c)).Message);
                    Assert.Equal(expected, Assert.Throws<FormatException>(() => VarIntChecks.At(data, position).Skip(c)).Message);
                }
            }
        }
    }

    [Fact]
    public void LengthPrefixedBytes_ReadWholeRuns_AndRejectShortOrInvalidOnes()
    {
        byte[] data = [0x03, 0xAA, 0xBB, 0xCC, 0x00, 0x81, 0x01, .. new byte[129], 0x05, 0x01];
        var reader = new SpanReader(data);
        Assert.True(reader.ReadLengthPrefixedBytes().SequenceEqual((byte[])[0xAA, 0xBB, 0xCC]));
        Assert.True(reader.TryReadLengthPrefixedBytes(out ReadOnlySpan<byte> empty));
        Assert.True(empty.IsEmpty);
        Assert.Equal(129, reader.ReadLengthPrefixedBytes().Length);

        int position = reader.Position;
        Assert.False(reader.TryReadLengthPrefixedBytes(out ReadOnlySpan<byte> none));
        Assert.True(none.IsEmpty);
        Assert.Equal(position, reader.Position);
        FormatException beyond = Assert.Throws<FormatException>(() => VarIntChecks.At(data, position).ReadLengthPrefixedBytes());
        Assert.Equal($"The length prefix at position {position} is 5, but 1 byte(s) follow it.", beyond.Message);

        byte[] huge = [0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0x00];
        Assert.False(new SpanReader(huge).TryReadLengthPrefixedBytes(out _));
        Assert.Contains("is 4294967295, but 1 byte(s) follow it", Assert.Throws<FormatException>(() => new SpanReader(huge).ReadLengthPrefixedBytes()).Message);

        byte[] invalid = [0x80, 0x80, 0x80, 0x80, 0x80, 0x00];
        Assert.Equal("Invalid length prefix: Invalid varint at position 0: longer than 5 bytes, the most a 32-bit value takes.",
            Assert.Throws<FormatException>(() => new SpanReader(invalid).ReadLengthPrefixedBytes()).Message);
    }

    /// <summary>
    /// Every one- and two-byte start of a length prefix (so every 1- and 2-byte length, and the longer ones that
    /// start with two continuation bytes), with the input ending just before, at and after the run it announces.
    /// </summary>
    [Fact]
    public void EveryOneAndTwoBytePrefix_WithTheRunCutShortOrWhole_MatchesReference()
    {
        byte[] buffer = new byte[(1 << 14) + 16];
        buffer.AsSpan(2).Fill(0x01);
        for (int first = 0; first < 256; first++)
        {
            for (int second = 0; second < 256; second++)
            {
                buffer[0] = (byte)first;
                buffer[1] = (byte)second;
                VarIntOutcome outcome = VarIntReference.Decode(buffer.AsSpan(0, 2), 32, out ulong length, out int prefixLength);
                int whole = prefixLength + (int)length;
                foreach (int size in (int[])[1, 2, whole - 1, whole, whole + 1, whole + 9])
                {
                    if (size < 1 || size > buffer.Length)
                        continue;
                    ReadOnlySpan<byte> input = buffer.AsSpan(0, size);
                    VarIntOutcome prefix = VarIntReference.Decode(input, 32, out length, out prefixLength);
                    bool valid = prefix == VarIntOutcome.Value && prefixLength + (int)length <= size;
                    var reader = new SpanReader(input);
                    bool read = reader.TryReadLengthPrefixedBytes(out ReadOnlySpan<byte> bytes);
                    if (read != valid || (valid && (bytes.Length != (int)length || reader.Position != prefixLength + (int)length))
                        || (!valid && (reader.Position != 0 || !bytes.IsEmpty)))
                    {
                        Assert.Fail($"[{first:X2} {second:X2}] in {size} bytes ({outcome}): read {read}, {bytes.Length} bytes, position {reader.Position}; "
                            + $"expected {valid}, {length} bytes after a {prefixLength}-byte prefix.");
                    }
                }
            }
        }
    }

    [Fact]
    public void ANewReader_StartsAtZero_OverTheWholeSpan()
    {
        var reader = new SpanReader([1, 2, 3]);
        Assert.Equal((0, 3, 3, false), (reader.Position, reader.Remaining, reader.Length, reader.End));
        var empty = new SpanReader([]);
        Assert.Equal((0, 0, 0, true), (empty.Position, empty.Remaining, empty.Length, empty.End));
        Assert.False(empty.TryReadByte(out _));
        Assert.True(default(SpanReader).End);
    }
}
