using Sparrow.Storage;

namespace Sparrow.Tests;

internal delegate bool TryReadFunction(ref SpanReader reader, out ulong value);

internal delegate ulong ReadFunction(ref SpanReader reader);

/// <summary>One varint read of <see cref="SpanReader"/>, in its Try and throwing forms, and what it should make of the bytes.</summary>
/// <param name="Bits">The width the reference decodes for (32 or 64).</param>
/// <param name="Expected">The value the read returns for a reference value (identity, or the zigzag decode as raw bits).</param>
internal sealed record VarIntRead(string Name, int Bits, TryReadFunction TryRead, ReadFunction Read, Func<ulong, ulong> Expected);

/// <summary>Every varint read of <see cref="SpanReader"/> checked against <see cref="VarIntReference"/> at one position of an input.</summary>
internal static class VarIntChecks
{
    public static readonly VarIntRead[] Reads =
    [
        new("VarUInt32", 32,
            (ref SpanReader r, out ulong v) => { bool ok = r.TryReadVarUInt32(out uint x); v = x; return ok; },
            (ref SpanReader r) => r.ReadVarUInt32(),
            v => v),
        new("VarInt32", 32,
            (ref SpanReader r, out ulong v) => { bool ok = r.TryReadVarInt32(out int x); v = (ulong)x; return ok; },
            (ref SpanReader r) => (ulong)r.ReadVarInt32(),
            v => (ulong)VarIntReference.ZigZagDecode(v)),
        new("VarUInt64", 64,
            (ref SpanReader r, out ulong v) => r.TryReadVarUInt64(out v),
            (ref SpanReader r) => r.ReadVarUInt64(),
            v => v),
        new("VarInt64", 64,
            (ref SpanReader r, out ulong v) => { bool ok = r.TryReadVarInt64(out long x); v = (ulong)x; return ok; },
            (ref SpanReader r) => (ulong)r.ReadVarInt64(),
            v => (ulong)VarIntReference.ZigZagDecode(v)),
        new("SkipVarInt", 64,
            (ref SpanReader r, out ulong v) => { v = 0; return r.TrySkipVarInt(); },
            (ref SpanReader r) => { r.SkipVarInt(); return 0; },
            _ => 0),
    ];

    /// <summary>The two reads every other one is a thin wrapper around, for the largest exhaustive loops.</summary>
    public static readonly VarIntRead[] UnsignedReads = [Reads[0], Reads[2]];

    /// <summary>
    /// Every read (or those of <paramref name="reads"/>) at <paramref name="start"/> of <paramref name="data"/> agrees with the reference: the value and
    /// the bytes consumed, or false / a FormatException naming the position and the fault, with nothing consumed.
    /// The throwing forms are tried on rejected input only when <paramref name="throwingFormsOnRejects"/>
    /// (exceptions are slow; the exhaustive loops check them on a subset).
    /// </summary>
    public static void MatchReference(ReadOnlySpan<byte> data, int start, bool throwingFormsOnRejects = true, VarIntRead[]? reads = null)
    {
        VarIntOutcome outcome32 = VarIntReference.Decode(data[start..], 32, out ulong value32, out int length32);
        VarIntOutcome outcome64 = VarIntReference.Decode(data[start..], 64, out ulong value64, out int length64);
        foreach (VarIntRead read in reads ?? Reads)
        {
            (VarIntOutcome outcome, ulong value, int length) = read.Bits == 32 ? (outcome32, value32, length32) : (outcome64, value64, length64);
            bool valid = outcome == VarIntOutcome.Value;
            ulong expected = valid ? read.Expected(value) : 0;
            int end = valid ? start + length : start;

            SpanReader reader = At(data, start);
            bool ok = read.TryRead(ref reader, out ulong actual);
            if (ok != valid || actual != expected || reader.Position != end)
                Fail(data, start, read, $"Try form: {ok}, 0x{actual:X}, position {reader.Position}; expected {outcome} 0x{expected:X}, position {end}");

            if (!valid && !throwingFormsOnRejects)
                continue;
            reader = At(data, start);
            try
            {
                actual = read.Read(ref reader);
                if (!valid || actual != expected || reader.Position != end)
                    Fail(data, start, read, $"read 0x{actual:X} to position {reader.Position}; expected {outcome} 0x{expected:X}, position {end}");
            }
            catch (FormatException e) when (!valid)
            {
                string kind = outcome switch
                {
                    VarIntOutcome.Truncated => "Truncated varint",
                    VarIntOutcome.TooLong => $"longer than {(read.Bits + 6) / 7} bytes",
                    _ => $"does not fit in {read.Bits} bits",
                };
                if (!e.Message.Contains($"at position {start}:") || !e.Message.Contains(kind) || reader.Position != start)
                    Fail(data, start, read, $"message \"{e.Message}\", position {reader.Position} after it; expected {outcome} at position {start}");
            }
        }
    }

    /// <summary>A reader over all of <paramref name="data"/> moved to <paramref name="start"/>, so loads may reach back before it.</summary>
    public static SpanReader At(ReadOnlySpan<byte> data, int start)
    {
        var reader = new SpanReader(data);
        reader.Skip(start);
        return reader;
    }

    /// <summary>
    /// <paramref name="encoded"/> at every start offset 0..9 of an input, followed by 0..9 bytes of
    /// <paramref name="fill"/>: the word path (8 bytes ahead), the overlapping tail load (fewer ahead, 8 in the
    /// span) and the short-span loop all get the same bytes.
    /// </summary>
    public static IEnumerable<(byte[] Data, int Start)> Placements(byte[] encoded, byte fill)
    {
        for (int before = 0; before < 10; before++)
        {
            for (int after = 0; after < 10; after++)
            {
                var data = new byte[before + encoded.Length + after];
                data.AsSpan().Fill(fill);
                encoded.CopyTo(data, before);
                yield return (data, before);
            }
        }
    }

    private static void Fail(ReadOnlySpan<byte> data, int start, VarIntRead read, string what) =>
        Assert.Fail($"{read.Name} at {start} of [{Convert.ToHexString(data)}]: {what}.");
}
