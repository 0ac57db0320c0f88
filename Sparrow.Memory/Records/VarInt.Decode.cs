using System.Buffers;

namespace Sparrow.Storage;

public static partial class VarInt
{
    /// <summary>
    /// Decodes a table of 32-bit varints laid end to end into <paramref name="destination"/>: the bulk form of
    /// <see cref="SpanReader.ReadVarUInt32"/>, with vector instructions where the hardware has them.
    /// </summary>
    /// <param name="source">The varints.</param>
    /// <param name="destination">Where the values go, in order.</param>
    /// <param name="bytesConsumed">The bytes of <paramref name="source"/> decoded: always whole varints.</param>
    /// <param name="valuesWritten">The values written to the start of <paramref name="destination"/>; nothing past them is written.</param>
    /// <returns>
    /// <see cref="OperationStatus.Done"/> when all of <paramref name="source"/> was decoded;
    /// <see cref="OperationStatus.DestinationTooSmall"/> when <paramref name="destination"/> filled up first
    /// (the bytes after <paramref name="bytesConsumed"/> were not examined);
    /// <see cref="OperationStatus.NeedMoreData"/> when <paramref name="source"/> ends inside a varint that more
    /// bytes could complete; <see cref="OperationStatus.InvalidData"/> when a varint is longer than
    /// <see cref="MaxLength32"/> bytes or its value does not fit in 32 bits. In the last two cases
    /// <paramref name="bytesConsumed"/> is the offset of that varint, and every value before it was written.
    /// It accepts exactly what <see cref="SpanReader.TryReadVarUInt32"/> accepts, padded encodings included.
    /// </returns>
    public static OperationStatus Decode(ReadOnlySpan<byte> source, Span<uint> destination, out int bytesConsumed, out int valuesWritten) =>
        // The one place a path is chosen (IsSupported folds to a constant when the method is compiled).
        VarIntAvx512.IsSupported ? VarIntAvx512.Decode(source, destination, out bytesConsumed, out valuesWritten)
        : VarIntVector128.IsSupported ? VarIntVector128.Decode(source, destination, out bytesConsumed, out valuesWritten)
        : VarIntScalar.Decode(source, destination, out bytesConsumed, out valuesWritten);
}
