using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Sparrow.Storage;

/// <summary>
/// A forward-only cursor over a <see cref="ReadOnlySpan{T}"/> of bytes that decodes records in place: LEB128
/// varints (<see cref="VarInt"/>), zigzag-encoded signed varints, fixed-width integers and floating-point
/// values in either byte order, and slices of the input (no copy). It allocates nothing and makes no virtual
/// call; the span can be a byte array, stack memory, native memory or a memory-mapped file's view.
/// </summary>
/// <remarks>
/// <para>
/// Every read comes in two forms. <c>TryRead…</c> returns <see langword="false"/> and consumes nothing when
/// the bytes at <see cref="Position"/> are not a complete, valid value. <c>Read…</c> throws a
/// <see cref="FormatException"/> that says what is wrong and at which position, and also consumes nothing.
/// Rejected input: data that ends inside a value, a varint longer than 5 bytes (32-bit) or 10 bytes (64-bit),
/// a varint whose final byte has bits beyond the type's range, and a count beyond the remaining bytes
/// (negative counts included). No input, however malformed, makes the reader touch a byte outside the span.
/// </para>
/// <para>
/// Varints padded with redundant zero groups within the maximum length (<c>0x80 0x00</c> for 0) are accepted,
/// as protobuf and most LEB128 readers accept them; see <see cref="VarInt"/>.
/// </para>
/// </remarks>
public ref partial struct SpanReader
{
    private readonly ReadOnlySpan<byte> _data;
    private int _position;

    /// <summary>A reader positioned at the first byte of <paramref name="data"/>.</summary>
    /// <param name="data">The bytes to read.</param>
    public SpanReader(ReadOnlySpan<byte> data)
    {
        _data = data;
        _position = 0;
    }

    /// <summary>The offset of the next byte to read from the start of the span.</summary>
    public readonly int Position => _position;

    /// <summary>The number of bytes not yet read.</summary>
    public readonly int Remaining => _data.Length - _position;

    /// <summary>The length of the whole span.</summary>
    public readonly int Length => _data.Length;

    /// <summary>Whether every byte has been read.</summary>
    // PERF: aggressively inlined: 20 bytes of IL is over the JIT's always-inline size, so a caller whose inlining budget
    // is spent (a loop that inlined RecordReader.MoveNext) could keep it as a call per record.
    public readonly bool End
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _position == _data.Length;
    }

    /// <summary>The whole span, read or not.</summary>
    internal readonly ReadOnlySpan<byte> Data => _data;

    /// <summary>The bytes not yet read.</summary>
    public readonly ReadOnlySpan<byte> UnreadSpan => MemoryMarshal.CreateReadOnlySpan(ref At(_data, _position), _data.Length - _position);

    /// <summary>The byte at <paramref name="position"/> of <paramref name="data"/>, which the caller has checked is at most its length.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ref byte At(ReadOnlySpan<byte> data, int position) =>
        ref Unsafe.Add(ref MemoryMarshal.GetReference(data), (nint)(uint)position);

    [DoesNotReturn]
    private static void ThrowInvalidVarInt(ReadOnlySpan<byte> data, int position, int maxLength) =>
        throw new FormatException(VarIntErrors.Describe(data, position, maxLength));

    [DoesNotReturn]
    private static void ThrowNotEnoughBytes(int count, int position, int remaining) =>
        throw new FormatException(DescribeCount(count, position, remaining));

    [DoesNotReturn]
    private static void ThrowInvalidLengthPrefixed(ReadOnlySpan<byte> data, int position) =>
        throw new FormatException(DescribeLengthPrefixed(data, position));

    /// <summary>Why <paramref name="count"/> bytes cannot be read at <paramref name="position"/>.</summary>
    private static string DescribeCount(int count, int position, int remaining) => count < 0
        ? $"Invalid byte count {count} at position {position}: a count cannot be negative."
        : $"Cannot read {count} byte(s) at position {position}: {remaining} remain.";

    /// <summary>
    /// Why the bytes at <paramref name="position"/> are not a varint length followed by that many bytes:
    /// the message of <see cref="ReadLengthPrefixedBytes"/> (and of <see cref="RecordReader"/>).
    /// </summary>
    internal static string DescribeLengthPrefixed(ReadOnlySpan<byte> data, int position)
    {
        var reader = new SpanReader(data) { _position = position };
        if (!reader.TryReadVarUInt32(out uint length))
            return "Invalid length prefix: " + VarIntErrors.Describe(data, position, VarInt.MaxLength32);
        return $"The length prefix at position {position} is {length}, but {reader.Remaining} byte(s) follow it.";
    }
}
