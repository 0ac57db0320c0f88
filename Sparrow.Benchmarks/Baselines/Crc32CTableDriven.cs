namespace Sparrow.Benchmarks.Baselines;

/// <summary>
/// The classic table-driven CRC-32C, a byte per step through one 256-entry table (as zlib-era storage code and
/// many engines' first checksum wrote it): the historical baseline.
/// </summary>
internal static class Crc32CTableDriven
{
    private static readonly uint[] Table = Compute();

    public static uint Hash(ReadOnlySpan<byte> source)
    {
        uint[] table = Table;
        uint crc = ~0u;
        foreach (byte b in source)
            crc = table[(byte)(crc ^ b)] ^ (crc >> 8);
        return ~crc;
    }

    private static uint[] Compute()
    {
        var table = new uint[256];
        for (uint i = 0; i < 256; i++)
        {
            uint entry = i;
            for (int bit = 0; bit < 8; bit++)
                entry = (entry & 1) != 0 ? (entry >> 1) ^ 0x82F63B78 : entry >> 1;
            table[i] = entry;
        }

        return table;
    }
}
