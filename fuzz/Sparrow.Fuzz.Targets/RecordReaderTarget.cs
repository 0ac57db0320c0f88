using Sparrow.Tests;
using Sparrow.Storage;

namespace Sparrow.Fuzz;

/// <summary>
/// RecordReader over the input against a plain parse of its records (varint key length, key, varint value length,
/// value): MoveNext and TryMoveNext walk the same records, key and value are the input's own bytes, and at a
/// malformed record TryMoveNext returns false with nothing consumed and MoveNext throws FormatException.
/// </summary>
public static class RecordReaderTarget
{
    private static readonly GuardedSlot Data = new();

    public static void Run(ReadOnlySpan<byte> input) => Data.AtBothEdges(input, Check);

    private static void Check(ReadOnlySpan<byte> data)
    {
        var moving = new RecordReader(data);
        var trying = new RecordReader(data);
        int position = 0;
        while (true)
        {
            bool expected = Reference(data, position, out int keyStart, out int keyLength, out int valueStart, out int valueLength);
            bool tried = trying.TryMoveNext();
            bool moved;
            try
            {
                moved = moving.MoveNext();
            }
            catch (FormatException) when (!expected && position < data.Length)
            {
                moved = false;
            }

            if (tried != expected || moved != expected)
                FuzzMismatchException.Throw($"RecordReader at {position} of [{Spans.Hex(data)}]: TryMoveNext {tried}, MoveNext {moved}; reference {expected}");
            if (expected)
            {
                position = valueStart + valueLength;
                if (!Spans.IsSliceAt(trying.Key, data, keyStart, keyLength) || !Spans.IsSliceAt(trying.Value, data, valueStart, valueLength)
                    || !Spans.IsSliceAt(moving.Key, data, keyStart, keyLength) || !Spans.IsSliceAt(moving.Value, data, valueStart, valueLength))
                    FuzzMismatchException.Throw($"RecordReader record ending at {position} of [{Spans.Hex(data)}]: key or value is not [{keyStart}, +{keyLength}) and [{valueStart}, +{valueLength})");
            }
            else if (!trying.Key.IsEmpty || !trying.Value.IsEmpty)
            {
                FuzzMismatchException.Throw($"RecordReader.TryMoveNext at {position} of [{Spans.Hex(data)}] returned false with a key or value");
            }

            foreach (int at in (int[])[trying.Position, moving.Position])
            {
                if (at != position)
                    FuzzMismatchException.Throw($"RecordReader at {at} of [{Spans.Hex(data)}]; reference at {position}");
            }
            if (trying.Remaining != data.Length - position || moving.Remaining != data.Length - position)
                FuzzMismatchException.Throw($"RecordReader remaining {trying.Remaining}/{moving.Remaining} at {position} of {data.Length} bytes");
            if (!expected)
                return;
        }
    }

    /// <summary>The record at <paramref name="position"/>, parsed plainly: two 32-bit varint lengths each followed by that many bytes.</summary>
    private static bool Reference(ReadOnlySpan<byte> data, int position, out int keyStart, out int keyLength, out int valueStart, out int valueLength)
    {
        keyStart = keyLength = valueStart = valueLength = 0;
        return Part(data, position, out keyStart, out keyLength) && Part(data, keyStart + keyLength, out valueStart, out valueLength);
    }

    private static bool Part(ReadOnlySpan<byte> data, int position, out int start, out int length)
    {
        start = length = 0;
        if (VarIntReference.Decode(data[position..], 32, out ulong value, out int prefixLength) != VarIntOutcome.Value
            || value > (ulong)(data.Length - position - prefixLength))
            return false;
        start = position + prefixLength;
        length = (int)value;
        return true;
    }
}
