using System.Buffers.Binary;
using Sparrow.Tests;
using Sparrow.Storage;

namespace Sparrow.Fuzz;

/// <summary>
/// Crc32C against a table-driven reference (its table built by the bit-at-a-time definition, Crc32CReference): HashToUInt32 (span and pointer), Hash and TryHash (4 bytes
/// little-endian into a destination ending at a guard page), Append over the input cut at three input-chosen
/// points, and Combine of the checksums of the two sides of each cut.
/// </summary>
public static unsafe class Crc32CTarget
{
    private static readonly GuardedSlot Data = new();
    private static readonly GuardedSlot Destination = new();

    public static void Run(ReadOnlySpan<byte> input) => Data.AtBothEdges(input, Check);

    private static void Check(ReadOnlySpan<byte> data)
    {
        uint expected = ReferenceHash(data);
        uint hash = Crc32C.HashToUInt32(data);
        if (hash != expected)
            FuzzMismatchException.Throw($"Crc32C.HashToUInt32 of [{Spans.Hex(data)}] = {hash:X8}, reference {expected:X8}");
        fixed (byte* p = data)
        {
            if (Crc32C.HashToUInt32(p, data.Length) != expected)
                FuzzMismatchException.Throw($"Crc32C.HashToUInt32(byte*) of [{Spans.Hex(data)}] = {Crc32C.HashToUInt32(p, data.Length):X8}, reference {expected:X8}");
        }

        Span<byte> destination = Destination.AtEnd<byte>(Crc32C.HashLengthInBytes);
        if (Crc32C.Hash(data, destination) != Crc32C.HashLengthInBytes || BinaryPrimitives.ReadUInt32LittleEndian(destination) != expected)
            FuzzMismatchException.Throw($"Crc32C.Hash of [{Spans.Hex(data)}] wrote [{Spans.Hex(destination)}], reference {expected:X8}");
        Span<byte> tooShort = Destination.AtEnd<byte>(Crc32C.HashLengthInBytes - 1);
        tooShort.Clear();
        if (Crc32C.TryHash(data, tooShort, out int written) || written != 0 || tooShort.ContainsAnyExcept((byte)0))
            FuzzMismatchException.Throw("Crc32C.TryHash wrote into a destination of 3 bytes");

        // Three cuts: from the first six bytes (two each), so the fuzzer steers them.
        Span<int> cuts = stackalloc int[3];
        for (int i = 0; i < cuts.Length; i++)
            cuts[i] = data.Length >= 2 * (i + 1) ? BinaryPrimitives.ReadUInt16LittleEndian(data[(2 * i)..]) % (data.Length + 1) : data.Length;
        cuts.Sort();

        uint appended = 0;
        int start = 0;
        foreach (int cut in cuts)
        {
            appended = Crc32C.Append(appended, data[start..cut]);
            start = cut;
        }
        appended = Crc32C.Append(appended, data[start..]);
        if (appended != expected)
            FuzzMismatchException.Throw($"Crc32C.Append at cuts {cuts[0]}, {cuts[1]}, {cuts[2]} of [{Spans.Hex(data)}] = {appended:X8}, reference {expected:X8}");

        foreach (int cut in cuts)
        {
            uint combined = Crc32C.Combine(ReferenceHash(data[..cut]), ReferenceHash(data[cut..]), data.Length - cut);
            if (combined != expected)
                FuzzMismatchException.Throw($"Crc32C.Combine at {cut} of [{Spans.Hex(data)}] = {combined:X8}, reference {expected:X8}");
        }
    }

    /// <summary>The register after each byte value from 0, by the definition: a byte at a time instead of a bit.</summary>
    private static readonly uint[] Table = [.. Enumerable.Range(0, 256).Select(b => Crc32CReference.Update(0, (byte)b))];

    private static uint ReferenceHash(ReadOnlySpan<byte> bytes)
    {
        uint state = ~0u;
        foreach (byte b in bytes)
            state = Table[(byte)(state ^ b)] ^ (state >> 8);
        return ~state;
    }
}
