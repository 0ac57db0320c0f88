namespace CrossArchData;

/// <summary>CRC-32C (Castagnoli; reflected polynomial 0x82F63B78, initial value and final XOR all ones), one bit at a time.</summary>
internal static class Crc32CReference
{
    private const uint Polynomial = 0x82F63B78;

    public static uint Hash(ReadOnlySpan<byte> bytes)
    {
        uint crc = ~0u;
        foreach (byte b in bytes)
        {
            crc ^= b;
            for (int bit = 0; bit < 8; bit++)
                crc = (crc >> 1) ^ (Polynomial & (uint)-(int)(crc & 1));
        }

        return ~crc;
    }
}
