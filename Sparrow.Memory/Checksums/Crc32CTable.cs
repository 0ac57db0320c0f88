using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Sparrow.Storage;

/// <summary>
/// The portable path of <see cref="Crc32C"/>, for machines without a crc32 instruction: slicing-by-8, eight
/// 256-entry tables that advance the register over 8 bytes with 8 independent lookups.
/// </summary>
internal static unsafe class Crc32CTable
{
    /// <summary>
    /// Table <c>k</c> (entries <c>256k .. 256k + 255</c>) maps a byte to its contribution to the register when
    /// <c>k</c> more bytes follow it in the same 8-byte step; table 0 is the classic byte-at-a-time table.
    /// </summary>
    private static readonly uint[] Tables = ComputeTables();

    /// <summary>Advances the raw CRC register <paramref name="state"/> over <paramref name="length"/> bytes.</summary>
    public static uint Update(uint state, byte* source, nuint length)
    {
        // PERF: the entries are read through a ref into the array, so no lookup carries a bounds check (every
        // index is a byte plus a constant below the table's 2048 entries).
        ref uint table = ref MemoryMarshal.GetArrayDataReference(Tables);
        for (; length >= sizeof(ulong); length -= sizeof(ulong), source += sizeof(ulong))
        {
            ulong word = Unsafe.ReadUnaligned<ulong>(source);
            word = (BitConverter.IsLittleEndian ? word : BinaryPrimitives.ReverseEndianness(word)) ^ state;
            state = Unsafe.Add(ref table, 7 * 256 + (int)(word & 0xFF))
                ^ Unsafe.Add(ref table, 6 * 256 + (int)((word >> 8) & 0xFF))
                ^ Unsafe.Add(ref table, 5 * 256 + (int)((word >> 16) & 0xFF))
                ^ Unsafe.Add(ref table, 4 * 256 + (int)((word >> 24) & 0xFF))
                ^ Unsafe.Add(ref table, 3 * 256 + (int)((word >> 32) & 0xFF))
                ^ Unsafe.Add(ref table, 2 * 256 + (int)((word >> 40) & 0xFF))
                ^ Unsafe.Add(ref table, 1 * 256 + (int)((word >> 48) & 0xFF))
                ^ Unsafe.Add(ref table, (int)(word >> 56));
        }

        for (; length != 0; length--, source++)
            state = Unsafe.Add(ref table, (int)((state ^ *source) & 0xFF)) ^ (state >> 8);
        return state;
    }

    private static uint[] ComputeTables()
    {
        var tables = new uint[8 * 256];
        for (uint b = 0; b < 256; b++)
        {
            uint entry = b;
            for (int bit = 0; bit < 8; bit++)
                entry = (entry >> 1) ^ (Crc32CPolynomial.Reflected & (0u - (entry & 1)));
            tables[b] = entry;
        }

        for (int i = 256; i < tables.Length; i++)
            tables[i] = (tables[i - 256] >> 8) ^ tables[tables[i - 256] & 0xFF];
        return tables;
    }
}
