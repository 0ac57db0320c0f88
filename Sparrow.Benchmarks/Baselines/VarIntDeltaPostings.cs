using System.Buffers;
using Sparrow.Storage;

namespace Sparrow.Benchmarks.Baselines;

/// <summary>
/// The posting list most storage engines wrote before block packing: the first value, then each gap (value minus
/// the one before), as varints end to end. Decoded two ways with Sparrow's own readers: a SpanReader loop (the
/// scalar path, one varint and one add at a time) and VarInt.Decode into the destination followed by a prefix sum
/// (the bulk path, 32-bit values only).
/// </summary>
internal static class VarIntDeltaPostings
{
    public static byte[] Encode(ReadOnlySpan<ulong> values)
    {
        var buffer = new byte[values.Length * VarInt.MaxLength64];
        int length = 0;
        ulong previous = 0;
        foreach (ulong value in values)
        {
            length += VarInt.Write(buffer.AsSpan(length), value - previous);
            previous = value;
        }
        return buffer[..length];
    }

    public static void DecodeWithSpanReader(ReadOnlySpan<byte> encoded, uint[] values)
    {
        var reader = new SpanReader(encoded);
        uint value = 0;
        for (int i = 0; i < values.Length; i++)
        {
            value += reader.ReadVarUInt32();
            values[i] = value;
        }
    }

    public static void DecodeWithSpanReader(ReadOnlySpan<byte> encoded, ulong[] values)
    {
        var reader = new SpanReader(encoded);
        ulong value = 0;
        for (int i = 0; i < values.Length; i++)
        {
            value += reader.ReadVarUInt64();
            values[i] = value;
        }
    }

    public static void DecodeInBulk(ReadOnlySpan<byte> encoded, uint[] values)
    {
        if (VarInt.Decode(encoded, values, out _, out int written) != OperationStatus.Done || written != values.Length)
            throw new InvalidOperationException("The varint gaps did not decode.");
        uint value = 0;
        for (int i = 0; i < values.Length; i++)
        {
            value += values[i];
            values[i] = value;
        }
    }
}
