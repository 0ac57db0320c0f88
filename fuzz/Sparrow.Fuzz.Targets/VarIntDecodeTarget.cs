using System.Buffers;
using Sparrow.Tests;
using Sparrow.Storage;

namespace Sparrow.Fuzz;

/// <summary>
/// VarInt.Decode (the bulk decoder, on the path this machine dispatches to) against a model from the scalar
/// reader (SpanReader.TryReadVarUInt32, itself checked by the span-reader target) and the plain reference: the
/// same status, bytes consumed and values, and nothing written past them. The input's first byte sizes the
/// destination (which ends at a guard page, so a write past it faults); the rest is the source.
/// </summary>
public static class VarIntDecodeTarget
{
    private const uint Sentinel = 0xDEAD_BEEF;

    private static readonly GuardedSlot Source = new();
    private static readonly GuardedSlot Destination = new();

    public static void Run(ReadOnlySpan<byte> input)
    {
        if (input.IsEmpty)
            return;
        // 0..254 values, or 255: one per source byte (room for every value, so Done is reachable).
        int destinationLength = input[0] == 255 ? input.Length - 1 : input[0];
        ReadOnlySpan<byte> source = input[1..];
        Check(Source.CopyAtEnd(source), destinationLength);
        Check(Source.CopyAtStart(source), destinationLength);
    }

    private static void Check(ReadOnlySpan<byte> source, int destinationLength)
    {
        (OperationStatus status, int consumed, List<uint> values) = Model(source, destinationLength);
        Span<uint> destination = Destination.AtEnd<uint>(destinationLength);
        destination.Fill(Sentinel);
        OperationStatus actual = VarInt.Decode(source, destination, out int actualConsumed, out int written);
        if (actual != status || actualConsumed != consumed || written != values.Count
            || !destination[..written].SequenceEqual(values.ToArray()) || destination[written..].IndexOfAnyExcept(Sentinel) >= 0)
            FuzzMismatchException.Throw($"VarInt.Decode of [{Spans.Hex(source)}] into {destinationLength}: {actual}, consumed {actualConsumed}, wrote {written}; "
                + $"expected {status}, {consumed}, {values.Count}, and nothing written past the values");
    }

    /// <summary>What Decode must return: values until the end, a full destination, or the first varint the scalar reader rejects, which the reference classifies.</summary>
    private static (OperationStatus Status, int Consumed, List<uint> Values) Model(ReadOnlySpan<byte> source, int destinationLength)
    {
        var reader = new SpanReader(source);
        var values = new List<uint>();
        while (!reader.End)
        {
            if (values.Count == destinationLength)
                return (OperationStatus.DestinationTooSmall, reader.Position, values);
            int position = reader.Position;
            if (!reader.TryReadVarUInt32(out uint value))
            {
                VarIntOutcome outcome = VarIntReference.Decode(source[position..], 32, out _, out _);
                if (outcome == VarIntOutcome.Value)
                    FuzzMismatchException.Throw($"SpanReader.TryReadVarUInt32 rejected the varint at {position} of [{Spans.Hex(source)}], which the reference decodes");
                return (outcome == VarIntOutcome.Truncated ? OperationStatus.NeedMoreData : OperationStatus.InvalidData, position, values);
            }

            values.Add(value);
        }

        return (OperationStatus.Done, reader.Position, values);
    }
}
