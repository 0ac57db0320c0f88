using Sparrow.Testing;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>RecordReader against the records it was built from, and on every way a record can be cut short or broken.</summary>
public sealed class RecordReaderTests
{
    [Fact]
    public void SeededRecords_ReadBackInOrder_AsSlicesOfTheInput()
    {
        RecordSamples samples = RecordSamples.Create(5_000, seed: 3);
        var records = new RecordReader(samples.Data);
        Assert.True(records.Key.IsEmpty && records.Value.IsEmpty);
        for (int i = 0; i < samples.Count; i++)
        {
            Assert.True(records.MoveNext());
            Assert.True(records.Key.SequenceEqual(samples.Keys[i]), $"key {i}");
            Assert.True(records.Value.SequenceEqual(samples.Values[i]), $"value {i}");
            Assert.True(samples.Data.AsSpan().Overlaps(records.Key), "the key is a slice of the input");
        }

        Assert.Equal(samples.Data.Length, records.Position);
        Assert.Equal(0, records.Remaining);
        Assert.False(records.MoveNext());
        Assert.False(records.TryMoveNext());
        Assert.True(records.Key.IsEmpty && records.Value.IsEmpty);
    }

    [Fact]
    public void EmptyInput_HoldsNoRecord()
    {
        var records = new RecordReader([]);
        Assert.False(records.MoveNext());
        Assert.False(records.TryMoveNext());
        Assert.Equal(0, records.Position);
    }

    [Fact]
    public void EmptyKeysAndValues_AreRecords()
    {
        var records = new RecordReader([0x00, 0x00, 0x01, 0x41, 0x00]);
        Assert.True(records.MoveNext());
        Assert.True(records.Key.IsEmpty && records.Value.IsEmpty);
        Assert.True(records.MoveNext());
        Assert.Equal("A"u8, records.Key);
        Assert.True(records.Value.IsEmpty);
        Assert.False(records.MoveNext());
    }

    /// <summary>
    /// The input cut after every byte of its last records: a cut between records ends the iteration cleanly, a
    /// cut inside one is reported (MoveNext throws naming the record's position, TryMoveNext returns false with
    /// bytes remaining) and consumes nothing.
    /// </summary>
    [Fact]
    public void InputCutAtEveryByte_EndsCleanlyOnlyBetweenRecords()
    {
        RecordSamples samples = RecordSamples.Create(40, seed: 4, maxValueLength: 140);
        var boundaries = new List<int> { 0 };
        var walk = new RecordReader(samples.Data);
        while (walk.MoveNext())
            boundaries.Add(walk.Position);

        for (int cut = 0; cut <= samples.Data.Length; cut++)
        {
            byte[] data = samples.Data[..cut];
            int whole = boundaries.Count(b => b <= cut) - 1;
            int lastStart = boundaries[whole];

            var records = new RecordReader(data);
            for (int i = 0; i < whole; i++)
                Assert.True(records.TryMoveNext());
            Assert.False(records.TryMoveNext());
            Assert.Equal(lastStart, records.Position);
            Assert.Equal(cut - lastStart, records.Remaining);
            Assert.True(records.Key.IsEmpty && records.Value.IsEmpty);

            if (cut == lastStart)
                continue;
            FormatException e = Assert.Throws<FormatException>(() =>
            {
                var r = new RecordReader(data);
                while (r.MoveNext())
                {
                }
            });
            Assert.StartsWith($"Malformed record at position {lastStart}, in its ", e.Message);
        }
    }

    [Theory]
    [InlineData(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x80, 0x01 }, "Malformed record at position 0, in its key: Invalid length prefix: Invalid varint at position 0: longer than 5 bytes, the most a 32-bit value takes.")]
    [InlineData(new byte[] { 0x02, 0x41 }, "Malformed record at position 0, in its key: The length prefix at position 0 is 2, but 1 byte(s) follow it.")]
    [InlineData(new byte[] { 0x01, 0x41, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F }, "Malformed record at position 0, in its value: Invalid length prefix: Invalid varint at position 2: the value does not fit in 32 bits (final byte 0x7F at position 6).")]
    [InlineData(new byte[] { 0x00, 0x00, 0x01, 0x41, 0x81 }, "Malformed record at position 2, in its value: Invalid length prefix: Truncated varint at position 4: the data ends after 1 byte(s), each with the continuation bit set.")]
    [InlineData(new byte[] { 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0x00 }, "Malformed record at position 2, in its value: The length prefix at position 3 is 4294967295, but 1 byte(s) follow it.")]
    public void MalformedRecords_AreReportedWithTheirPositionAndPart(byte[] data, string message)
    {
        var records = new RecordReader(data);
        FormatException e = Assert.Throws<FormatException>(() =>
        {
            var r = new RecordReader(data);
            while (r.MoveNext())
            {
            }
        });
        Assert.Equal(message, e.Message);

        while (records.TryMoveNext())
        {
        }

        Assert.NotEqual(0, records.Remaining);
    }
}
