using Sparrow.Tests;
using Sparrow.Storage;

namespace Sparrow.Fuzz;

/// <summary>
/// SpanReader against a plain byte-at-a-time reader: the input's first byte is the length of a script, the
/// script's bytes choose the reads (fixed widths in both byte orders, varints, zigzag varints, slices, skips,
/// each in its Try form or its throwing form), and the rest of the input is the data they read. After every read,
/// value, acceptance, position and the remaining span agree with the reference; a rejected read consumes nothing;
/// a slice is the input's own memory.
/// </summary>
public static class SpanReaderTarget
{
    /// <summary>
    /// Rejections a run checks in the throwing form; later throwing reads take the Try form. Past the end of the
    /// data every read is rejected, and an exception each would make the run cost ten times more.
    /// </summary>
    private const int MaxExceptions = 4;

    private static readonly GuardedSlot Data = new();

    /// <summary>The reads a script byte chooses (its low 5 bits); bit 7 picks the throwing form.</summary>
    private enum Read
    {
        Byte, UInt16Le, UInt16Be, Int16Le, Int16Be, UInt32Le, UInt32Be, Int32Le, Int32Be,
        UInt64Le, UInt64Be, Int64Le, Int64Be, SingleLe, SingleBe, DoubleLe, DoubleBe,
        VarUInt32, VarUInt64, VarInt32, VarInt64, SkipVarInt, Bytes, Skip, LengthPrefixed,
    }

    public static void Run(ReadOnlySpan<byte> input)
    {
        if (input.IsEmpty)
            return;
        int scriptLength = Math.Min(input[0], input.Length - 1);
        byte[] script = input.Slice(1, scriptLength).ToArray();
        ReadOnlySpan<byte> data = input[(1 + scriptLength)..];
        Check(script, Data.CopyAtEnd(data));
        Check(script, Data.CopyAtStart(data));
    }

    private static void Check(byte[] script, ReadOnlySpan<byte> data)
    {
        var reader = new SpanReader(data);
        int position = 0;
        int exceptions = 0;
        for (int step = 0; step < script.Length; step++)
        {
            byte op = script[step];
            bool throwing = op >= 0x80;
            var read = (Read)(op & 0x1F);
            // A count for Bytes and Skip: the next script byte, signed, so negative counts are tried too.
            int count = read is Read.Bytes or Read.Skip && step + 1 < script.Length ? (sbyte)script[++step] : 0;

            bool expected = Reference(data, position, read, count, out ulong expectedValue, out int length);
            throwing &= expected || exceptions++ < MaxExceptions;
            bool accepted;
            ulong value = 0;
            ReadOnlySpan<byte> slice = default;
            try
            {
                accepted = Apply(ref reader, read, throwing, count, out value, out slice);
            }
            catch (FormatException) when (throwing)
            {
                accepted = false;
            }

            if (accepted != expected || accepted && value != expectedValue)
                FuzzMismatchException.Throw($"SpanReader {(throwing ? "" : "Try")}{read} (count {count}) at {position} of [{Spans.Hex(data)}] = {accepted} {value:X}; reference {expected} {expectedValue:X}");
            if (expected)
            {
                if (read is Read.Bytes or Read.LengthPrefixed && !Spans.IsSliceAt(slice, data, position + length - (int)expectedValue, (int)expectedValue))
                    FuzzMismatchException.Throw($"SpanReader {read} at {position} of [{Spans.Hex(data)}] returned {slice.Length} bytes that are not the input's own");
                position += length;
            }
            if (reader.Position != position || reader.Remaining != data.Length - position || reader.Length != data.Length
                || reader.End != (position == data.Length) || !Spans.IsSliceAt(reader.UnreadSpan, data, position, data.Length - position))
                FuzzMismatchException.Throw($"SpanReader after {read} in [{Spans.Hex(data)}] is at {reader.Position} (remaining {reader.Remaining}); reference at {position}");
        }
    }

    /// <summary>One read on the reader; the value as raw bits (floating point by its bits, slices by their length).</summary>
    private static bool Apply(scoped ref SpanReader reader, Read read, bool throwing, int count, out ulong value, out ReadOnlySpan<byte> slice)
    {
        slice = default;
        value = 0;
        bool ok = true;
        switch (read)
        {
            case Read.Byte: if (throwing) value = reader.ReadByte(); else { ok = reader.TryReadByte(out byte v); value = v; } break;
            case Read.UInt16Le: if (throwing) value = reader.ReadUInt16LittleEndian(); else { ok = reader.TryReadUInt16LittleEndian(out ushort v); value = v; } break;
            case Read.UInt16Be: if (throwing) value = reader.ReadUInt16BigEndian(); else { ok = reader.TryReadUInt16BigEndian(out ushort v); value = v; } break;
            case Read.Int16Le: if (throwing) value = (ushort)reader.ReadInt16LittleEndian(); else { ok = reader.TryReadInt16LittleEndian(out short v); value = (ushort)v; } break;
            case Read.Int16Be: if (throwing) value = (ushort)reader.ReadInt16BigEndian(); else { ok = reader.TryReadInt16BigEndian(out short v); value = (ushort)v; } break;
            case Read.UInt32Le: if (throwing) value = reader.ReadUInt32LittleEndian(); else { ok = reader.TryReadUInt32LittleEndian(out uint v); value = v; } break;
            case Read.UInt32Be: if (throwing) value = reader.ReadUInt32BigEndian(); else { ok = reader.TryReadUInt32BigEndian(out uint v); value = v; } break;
            case Read.Int32Le: if (throwing) value = (uint)reader.ReadInt32LittleEndian(); else { ok = reader.TryReadInt32LittleEndian(out int v); value = (uint)v; } break;
            case Read.Int32Be: if (throwing) value = (uint)reader.ReadInt32BigEndian(); else { ok = reader.TryReadInt32BigEndian(out int v); value = (uint)v; } break;
            case Read.UInt64Le: if (throwing) value = reader.ReadUInt64LittleEndian(); else ok = reader.TryReadUInt64LittleEndian(out value); break;
            case Read.UInt64Be: if (throwing) value = reader.ReadUInt64BigEndian(); else ok = reader.TryReadUInt64BigEndian(out value); break;
            case Read.Int64Le: if (throwing) value = (ulong)reader.ReadInt64LittleEndian(); else { ok = reader.TryReadInt64LittleEndian(out long v); value = (ulong)v; } break;
            case Read.Int64Be: if (throwing) value = (ulong)reader.ReadInt64BigEndian(); else { ok = reader.TryReadInt64BigEndian(out long v); value = (ulong)v; } break;
            case Read.SingleLe: if (throwing) value = BitConverter.SingleToUInt32Bits(reader.ReadSingleLittleEndian()); else { ok = reader.TryReadSingleLittleEndian(out float v); value = BitConverter.SingleToUInt32Bits(v); } break;
            case Read.SingleBe: if (throwing) value = BitConverter.SingleToUInt32Bits(reader.ReadSingleBigEndian()); else { ok = reader.TryReadSingleBigEndian(out float v); value = BitConverter.SingleToUInt32Bits(v); } break;
            case Read.DoubleLe: if (throwing) value = BitConverter.DoubleToUInt64Bits(reader.ReadDoubleLittleEndian()); else { ok = reader.TryReadDoubleLittleEndian(out double v); value = BitConverter.DoubleToUInt64Bits(v); } break;
            case Read.DoubleBe: if (throwing) value = BitConverter.DoubleToUInt64Bits(reader.ReadDoubleBigEndian()); else { ok = reader.TryReadDoubleBigEndian(out double v); value = BitConverter.DoubleToUInt64Bits(v); } break;
            case Read.VarUInt32: if (throwing) value = reader.ReadVarUInt32(); else { ok = reader.TryReadVarUInt32(out uint v); value = v; } break;
            case Read.VarUInt64: if (throwing) value = reader.ReadVarUInt64(); else ok = reader.TryReadVarUInt64(out value); break;
            case Read.VarInt32: if (throwing) value = (ulong)(long)reader.ReadVarInt32(); else { ok = reader.TryReadVarInt32(out int v); value = (ulong)(long)v; } break;
            case Read.VarInt64: if (throwing) value = (ulong)reader.ReadVarInt64(); else { ok = reader.TryReadVarInt64(out long v); value = (ulong)v; } break;
            case Read.SkipVarInt: if (throwing) reader.SkipVarInt(); else ok = reader.TrySkipVarInt(); break;
            case Read.Bytes: if (throwing) slice = reader.ReadBytes(count); else ok = reader.TryReadBytes(count, out slice); value = (ulong)slice.Length; break;
            case Read.Skip: if (throwing) reader.Skip(count); else ok = reader.TrySkip(count); value = ok ? (ulong)count : 0; break;
            case Read.LengthPrefixed: if (throwing) slice = reader.ReadLengthPrefixedBytes(); else ok = reader.TryReadLengthPrefixedBytes(out slice); value = (ulong)slice.Length; break;
            default: break;
        }
        return ok;
    }

    /// <summary>What the read must give at <paramref name="position"/>: acceptance, the value (as <see cref="Apply"/> encodes it) and the bytes consumed.</summary>
    private static bool Reference(ReadOnlySpan<byte> data, int position, Read read, int count, out ulong value, out int length)
    {
        value = 0;
        length = 0;
        ReadOnlySpan<byte> rest = data[position..];
        switch (read)
        {
            case Read.Byte: return Fixed(rest, 1, bigEndian: false, out value, out length);
            case Read.UInt16Le or Read.Int16Le: return Fixed(rest, 2, bigEndian: false, out value, out length);
            case Read.UInt16Be or Read.Int16Be: return Fixed(rest, 2, bigEndian: true, out value, out length);
            case Read.UInt32Le or Read.Int32Le or Read.SingleLe: return Fixed(rest, 4, bigEndian: false, out value, out length);
            case Read.UInt32Be or Read.Int32Be or Read.SingleBe: return Fixed(rest, 4, bigEndian: true, out value, out length);
            case Read.UInt64Le or Read.Int64Le or Read.DoubleLe: return Fixed(rest, 8, bigEndian: false, out value, out length);
            case Read.UInt64Be or Read.Int64Be or Read.DoubleBe: return Fixed(rest, 8, bigEndian: true, out value, out length);
            case Read.VarUInt32 or Read.VarUInt64 or Read.SkipVarInt:
                if (VarIntReference.Decode(rest, read == Read.VarUInt32 ? 32 : 64, out value, out length) != VarIntOutcome.Value)
                    return false;
                if (read == Read.SkipVarInt)
                    value = 0;
                return true;
            case Read.VarInt32 or Read.VarInt64:
                if (VarIntReference.Decode(rest, read == Read.VarInt32 ? 32 : 64, out ulong code, out length) != VarIntOutcome.Value)
                    return false;
                value = (ulong)VarIntReference.ZigZagDecode(code);
                return true;
            case Read.Bytes or Read.Skip:
                if (count < 0 || count > rest.Length)
                    return false;
                value = (ulong)count;
                length = count;
                return true;
            case Read.LengthPrefixed:
                if (VarIntReference.Decode(rest, 32, out ulong prefix, out int prefixLength) != VarIntOutcome.Value
                    || prefix > (ulong)(rest.Length - prefixLength))
                    return false;
                value = prefix;
                length = prefixLength + (int)prefix;
                return true;
            default:
                return true;
        }
    }

    /// <summary>A fixed-width value a byte at a time.</summary>
    private static bool Fixed(ReadOnlySpan<byte> rest, int width, bool bigEndian, out ulong value, out int length)
    {
        value = 0;
        length = 0;
        if (rest.Length < width)
            return false;
        for (int i = 0; i < width; i++)
            value |= (ulong)rest[bigEndian ? width - 1 - i : i] << (8 * i);
        length = width;
        return true;
    }
}
