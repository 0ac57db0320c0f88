using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>
/// Iterates length-prefixed key/value records laid end to end: a varint key length, the key bytes, a varint
/// value length, the value bytes (32-bit LEB128 lengths, see <see cref="VarInt"/>). The current record's
/// <see cref="Key"/> and <see cref="Value"/> are slices of the input, and one cursor serves every record, so
/// iterating allocates nothing per record.
/// </summary>
/// <remarks>
/// The input is any <see cref="ReadOnlySpan{T}"/> of bytes: a byte array, native memory, or the span of a
/// memory-mapped file, whose records are then read in place without copying them out of the mapping. The
/// spans it returns point into that memory and are valid as long as it is.
/// </remarks>
/// <example>
/// <code>
/// var records = new RecordReader(bytes);
/// while (records.MoveNext())
///     Index(records.Key, records.Value);
/// </code>
/// </example>
public ref struct RecordReader
{
    private SpanReader _reader;
    private ReadOnlySpan<byte> _key;
    private ReadOnlySpan<byte> _value;

    /// <summary>A reader before the first record of <paramref name="data"/>.</summary>
    /// <param name="data">The records, end to end; an empty span holds none.</param>
    public RecordReader(ReadOnlySpan<byte> data) => _reader = new SpanReader(data);

    /// <summary>The current record's key: empty before the first <see cref="MoveNext"/> and after the last record.</summary>
    public readonly ReadOnlySpan<byte> Key => _key;

    /// <summary>The current record's value: empty before the first <see cref="MoveNext"/> and after the last record.</summary>
    public readonly ReadOnlySpan<byte> Value => _value;

    /// <summary>The offset of the next record from the start of the input (its length once every record is read).</summary>
    public readonly int Position => _reader.Position;

    /// <summary>The number of bytes after the current record.</summary>
    public readonly int Remaining => _reader.Remaining;

    /// <summary>Makes the next record current.</summary>
    /// <returns><see langword="true"/> when a record was read; <see langword="false"/> when no bytes remain.</returns>
    /// <exception cref="FormatException">
    /// The bytes at <see cref="Position"/> are not a whole record (a length is not a valid varint, or fewer bytes
    /// than it says follow it); the message gives the record's position and what is wrong. Nothing is consumed.
    /// </exception>
    public bool MoveNext()
    {
        if (MoveNextCore())
            return true;
        if (!_reader.End)
            ThrowMalformedRecord(_reader);
        return false;
    }

    /// <summary>Makes the next record current, if there is a whole one.</summary>
    /// <returns>
    /// <see langword="true"/> when a record was read. <see langword="false"/> when no bytes remain, and also when
    /// the bytes at <see cref="Position"/> are not a whole record (then <see cref="Remaining"/> is not 0, and
    /// nothing is consumed); <see cref="Key"/> and <see cref="Value"/> are empty then.
    /// </returns>
    public bool TryMoveNext() => MoveNextCore();

    /// <summary>The record read both forms share: one inlined body, so neither calls the other.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool MoveNextCore()
    {
        // PERF: the cursor advances through a local copy kept only when the whole record is there; both
        // length-prefixed reads inline, and decode one- and two-byte lengths without a call or a branch.
        SpanReader reader = _reader;
        if (reader.TryReadLengthPrefixedBytes(out ReadOnlySpan<byte> key) && reader.TryReadLengthPrefixedBytes(out ReadOnlySpan<byte> value))
        {
            _key = key;
            _value = value;
            _reader = reader;
            return true;
        }

        _key = default;
        _value = default;
        return false;
    }

    /// <summary>Reports the malformed record at the position of <paramref name="atRecord"/>.</summary>
    [DoesNotReturn]
    private static void ThrowMalformedRecord(SpanReader atRecord)
    {
        SpanReader reader = atRecord;
        string part = reader.TryReadLengthPrefixedBytes(out _) ? "value" : "key";
        throw new FormatException(
            $"Malformed record at position {atRecord.Position}, in its {part}: {SpanReader.DescribeLengthPrefixed(reader.Data, reader.Position)}");
    }
}
