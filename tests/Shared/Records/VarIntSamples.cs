namespace Sparrow.Testing;

/// <summary>How the lengths of sample varints are mixed, for the varint tests and benchmarks.</summary>
public enum VarIntDistribution
{
    /// <summary>Every value below 128: one byte each.</summary>
    OneByte,

    /// <summary>One- and two-byte values, each length equally likely, in random order: no branch can predict the length.</summary>
    OneToTwoBytes,

    /// <summary>Lengths 1 to 5 equally likely, in random order.</summary>
    OneToFiveBytes,
}

/// <summary>Seeded sample values and their LEB128 encoding, written with the plainest encoder (the reference).</summary>
public static class VarIntSamples
{
    /// <summary><paramref name="count"/> values whose encoded lengths follow <paramref name="distribution"/>.</summary>
    public static uint[] Values(VarIntDistribution distribution, int count, int seed)
    {
        var random = new Random(seed);
        var values = new uint[count];
        for (int i = 0; i < count; i++)
        {
            int length = distribution switch
            {
                VarIntDistribution.OneByte => 1,
                VarIntDistribution.OneToTwoBytes => 1 + random.Next(2),
                _ => 1 + random.Next(5),
            };
            values[i] = ValueOfLength(random, length);
        }

        return values;
    }

    /// <summary>A uniformly random value whose shortest encoding takes <paramref name="length"/> (1..5) bytes.</summary>
    private static uint ValueOfLength(Random random, int length)
    {
        ulong low = length == 1 ? 0 : 1UL << (7 * (length - 1));
        ulong high = Math.Min(1UL << (7 * length), 1UL << 32);
        return (uint)(low + (ulong)random.NextInt64((long)(high - low)));
    }

    /// <summary>The values encoded end to end.</summary>
    public static byte[] Encode(ReadOnlySpan<uint> values)
    {
        var bytes = new List<byte>(values.Length * 3);
        Span<byte> buffer = stackalloc byte[10];
        foreach (uint value in values)
            bytes.AddRange(buffer[..Encode(value, buffer)]);
        return [.. bytes];
    }

    /// <summary>The reference encoder: seven bits at a time, least significant first, the high bit on all but the last byte.</summary>
    public static int Encode(ulong value, Span<byte> destination)
    {
        int length = 0;
        while (value >= 0x80)
        {
            destination[length++] = (byte)(value & 0x7F | 0x80);
            value >>= 7;
        }

        destination[length++] = (byte)value;
        return length;
    }
}
