namespace Sparrow.Benchmarks.Baselines;

/// <summary>
/// The varint reader as storage engines and serializers long wrote it: an index into a byte array, one
/// bounds-checked byte, shift and OR per 7 bits, a length cap and no overflow check.
/// </summary>
internal static class VarIntByteLoop
{
    public static uint Read(byte[] data, ref int position)
    {
        uint result = 0;
        for (int shift = 0; shift < 35; shift += 7)
        {
            byte b = data[position++];
            result |= (uint)(b & 0x7F) << shift;
            if (b < 0x80)
                return result;
        }

        throw new FormatException("Varint longer than 5 bytes.");
    }
}
