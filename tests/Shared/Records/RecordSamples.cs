using System.Text;

namespace Sparrow.Testing;

/// <summary>
/// Seeded key/value records laid end to end as RecordReader reads them (varint key length, key, varint value
/// length, value), with the keys and values kept apart to check a reader against.
/// </summary>
public sealed class RecordSamples
{
    private RecordSamples(byte[] data, byte[][] keys, byte[][] values)
    {
        Data = data;
        Keys = keys;
        Values = values;
    }

    /// <summary>Every record, end to end.</summary>
    public byte[] Data { get; }

    public byte[][] Keys { get; }

    public byte[][] Values { get; }

    public int Count => Keys.Length;

    /// <summary>
    /// <paramref name="count"/> records: document-id keys ("users/" and a number, 7 to 16 bytes) and values of
    /// 0 to <paramref name="maxValueLength"/> random bytes (their length prefix takes one or two bytes).
    /// </summary>
    public static RecordSamples Create(int count, int seed, int maxValueLength = 300)
    {
        var random = new Random(seed);
        var keys = new byte[count][];
        var values = new byte[count][];
        var data = new List<byte>();
        Span<byte> prefix = stackalloc byte[10];
        for (int i = 0; i < count; i++)
        {
            keys[i] = Encoding.ASCII.GetBytes("users/" + random.NextInt64(1, 10_000_000_000));
            values[i] = new byte[random.Next(maxValueLength + 1)];
            random.NextBytes(values[i]);
            foreach (byte[] part in (byte[][])[keys[i], values[i]])
            {
                data.AddRange(prefix[..VarIntSamples.Encode((ulong)part.Length, prefix)]);
                data.AddRange(part);
            }
        }

        return new RecordSamples([.. data], keys, values);
    }

    /// <summary>What a reader folds each record into, so a benchmark's loop is not dead code and its answer can be checked.</summary>
    public static long Checksum(ReadOnlySpan<byte> key, ReadOnlySpan<byte> value) =>
        key.Length * 31L + value.Length + key[^1] + (value.IsEmpty ? 0 : value[0]);

    /// <summary>The sum of <see cref="Checksum"/> over every record.</summary>
    public long ExpectedChecksum()
    {
        long sum = 0;
        for (int i = 0; i < Count; i++)
            sum += Checksum(Keys[i], Values[i]);
        return sum;
    }
}
