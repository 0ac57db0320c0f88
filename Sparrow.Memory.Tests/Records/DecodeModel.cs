using System.Buffers;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// What <see cref="VarInt.Decode"/> must return for an input, built from <see cref="SpanReader"/> (the scalar
/// reader) and <see cref="VarIntReference"/>, and the check of a path against it.
/// </summary>
internal static class DecodeModel
{
    private const uint Sentinel = 0xDEAD_BEEF;

    /// <summary>Decodes with <paramref name="path"/> into a destination of <paramref name="destinationLength"/> and checks every output against the model.</summary>
    public static void Check(DecodePath path, ReadOnlySpan<byte> source, int destinationLength)
    {
        (OperationStatus status, int consumed, List<uint> values) = Model(source, destinationLength);
        var destination = new uint[destinationLength + 1];
        destination.AsSpan().Fill(Sentinel);
        OperationStatus actualStatus = path.Function(source, destination.AsSpan(0, destinationLength), out int actualConsumed, out int written);
        if (actualStatus != status || actualConsumed != consumed || written != values.Count
            || !destination.AsSpan(0, written).SequenceEqual(values.ToArray())
            || destination.AsSpan(written).IndexOfAnyExcept(Sentinel) >= 0)
        {
            Assert.Fail($"{path.Name} on [{Convert.ToHexString(source)}] into {destinationLength}: {actualStatus}, consumed {actualConsumed}, "
                + $"wrote {written}; expected {status}, {consumed}, {values.Count}, and nothing written past the values.");
        }
    }

    /// <summary>What Decode must return, from the scalar reader: values until the end, a full destination, or the first varint it rejects, which the reference classifies.</summary>
    public static (OperationStatus Status, int Consumed, List<uint> Values) Model(ReadOnlySpan<byte> source, int destinationLength)
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
                Assert.NotEqual(VarIntOutcome.Value, outcome);
                return (outcome == VarIntOutcome.Truncated ? OperationStatus.NeedMoreData : OperationStatus.InvalidData, position, values);
            }

            values.Add(value);
        }

        return (OperationStatus.Done, reader.Position, values);
    }
}
