using System.Buffers.Binary;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>A fixed-width read of <see cref="SpanReader"/> as raw bits (floating point by its bit pattern, so NaNs compare), with BinaryPrimitives' answer.</summary>
internal sealed record FixedWidthRead(string Name, int Size, TryReadFunction TryRead, ReadFunction Read, Func<byte[], ulong> Expected);

/// <summary>Every fixed-width read of <see cref="SpanReader"/>, in both forms.</summary>
internal static class FixedWidthReads
{
    public static readonly FixedWidthRead[] All =
    [
        new("Byte", 1, (ref SpanReader r, out ulong v) => { bool ok = r.TryReadByte(out byte x); v = x; return ok; }, (ref SpanReader r) => r.ReadByte(), b => b[0]),
        new("Int16LittleEndian", 2, (ref SpanReader r, out ulong v) => { bool ok = r.TryReadInt16LittleEndian(out short x); v = (ulong)x; return ok; },
            (ref SpanReader r) => (ulong)r.ReadInt16LittleEndian(), b => (ulong)BinaryPrimitives.ReadInt16LittleEndian(b)),
        new("Int16BigEndian", 2, (ref SpanReader r, out ulong v) => { bool ok = r.TryReadInt16BigEndian(out short x); v = (ulong)x; return ok; },
            (ref SpanReader r) => (ulong)r.ReadInt16BigEndian(), b => (ulong)BinaryPrimitives.ReadInt16BigEndian(b)),
        new("UInt16LittleEndian", 2, (ref SpanReader r, out ulong v) => { bool ok = r.TryReadUInt16LittleEndian(out ushort x); v = x; return ok; },
            (ref SpanReader r) => r.ReadUInt16LittleEndian(), b => BinaryPrimitives.ReadUInt16LittleEndian(b)),
        new("UInt16BigEndian", 2, (ref SpanReader r, out ulong v) => { bool ok = r.TryReadUInt16BigEndian(out ushort x); v = x; return ok; },
            (ref SpanReader r) => r.ReadUInt16BigEndian(), b => BinaryPrimitives.ReadUInt16BigEndian(b)),
        new("Int32LittleEndian", 4, (ref SpanReader r, out ulong v) => { bool ok = r.TryReadInt32LittleEndian(out int x); v = (ulong)x; return ok; },
            (ref SpanReader r) => (ulong)r.ReadInt32LittleEndian(), b => (ulong)BinaryPrimitives.ReadInt32LittleEndian(b)),
        new("Int32BigEndian", 4, (ref SpanReader r, out ulong v) => { bool ok = r.TryReadInt32BigEndian(out int x); v = (ulong)x; return ok; },
            (ref SpanReader r) => (ulong)r.ReadInt32BigEndian(), b => (ulong)BinaryPrimitives.ReadInt32BigEndian(b)),
        new("UInt32LittleEndian", 4, (ref SpanReader r, out ulong v) => { bool ok = r.TryReadUInt32LittleEndian(out uint x); v = x; return ok; },
            (ref SpanReader r) => r.ReadUInt32LittleEndian(), b => BinaryPrimitives.ReadUInt32LittleEndian(b)),
        new("UInt32BigEndian", 4, (ref SpanReader r, out ulong v) => { bool ok = r.TryReadUInt32BigEndian(out uint x); v = x; return ok; },
            (ref SpanReader r) => r.ReadUInt32BigEndian(), b => BinaryPrimitives.ReadUInt32BigEndian(b)),
        new("Int64LittleEndian", 8, (ref SpanReader r, out ulong v) => { bool ok = r.TryReadInt64LittleEndian(out long x); v = (ulong)x; return ok; },
            (ref SpanReader r) => (ulong)r.ReadInt64LittleEndian(), b => (ulong)BinaryPrimitives.ReadInt64LittleEndian(b)),
        new("Int64BigEndian", 8, (ref SpanReader r, out ulong v) => { bool ok = r.TryReadInt64BigEndian(out long x); v = (ulong)x; return ok; },
            (ref SpanReader r) => (ulong)r.ReadInt64BigEndian(), b => (ulong)BinaryPrimitives.ReadInt64BigEndian(b)),
        new("UInt64LittleEndian", 8, (ref SpanReader r, out ulong v) => r.TryReadUInt64LittleEndian(out v),
            (ref SpanReader r) => r.ReadUInt64LittleEndian(), b => BinaryPrimitives.ReadUInt64LittleEndian(b)),
        new("UInt64BigEndian", 8, (ref SpanReader r, out ulong v) => r.TryReadUInt64BigEndian(out v),
            (ref SpanReader r) => r.ReadUInt64BigEndian(), b => BinaryPrimitives.ReadUInt64BigEndian(b)),
        new("SingleLittleEndian", 4, (ref SpanReader r, out ulong v) => { bool ok = r.TryReadSingleLittleEndian(out float x); v = BitConverter.SingleToUInt32Bits(x); return ok; },
            (ref SpanReader r) => BitConverter.SingleToUInt32Bits(r.ReadSingleLittleEndian()), b => BitConverter.SingleToUInt32Bits(BinaryPrimitives.ReadSingleLittleEndian(b))),
        new("SingleBigEndian", 4, (ref SpanReader r, out ulong v) => { bool ok = r.TryReadSingleBigEndian(out float x); v = BitConverter.SingleToUInt32Bits(x); return ok; },
            (ref SpanReader r) => BitConverter.SingleToUInt32Bits(r.ReadSingleBigEndian()), b => BitConverter.SingleToUInt32Bits(BinaryPrimitives.ReadSingleBigEndian(b))),
        new("DoubleLittleEndian", 8, (ref SpanReader r, out ulong v) => { bool ok = r.TryReadDoubleLittleEndian(out double x); v = BitConverter.DoubleToUInt64Bits(x); return ok; },
            (ref SpanReader r) => BitConverter.DoubleToUInt64Bits(r.ReadDoubleLittleEndian()), b => BitConverter.DoubleToUInt64Bits(BinaryPrimitives.ReadDoubleLittleEndian(b))),
        new("DoubleBigEndian", 8, (ref SpanReader r, out ulong v) => { bool ok = r.TryReadDoubleBigEndian(out double x); v = BitConverter.DoubleToUInt64Bits(x); return ok; },
            (ref SpanReader r) => BitConverter.DoubleToUInt64Bits(r.ReadDoubleBigEndian()), b => BitConverter.DoubleToUInt64Bits(BinaryPrimitives.ReadDoubleBigEndian(b))),
    ];
}
