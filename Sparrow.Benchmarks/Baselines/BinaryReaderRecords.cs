namespace Sparrow.Benchmarks.Baselines;

/// <summary>
/// Records read the stream way: a BinaryReader over a MemoryStream, Read7BitEncodedInt for each length and
/// ReadBytes, which allocates and copies a new byte[], for each key and value.
/// </summary>
internal sealed class BinaryReaderRecords(byte[] data)
{
    private readonly MemoryStream _stream = new(data, writable: false);

    /// <summary>Folds <paramref name="count"/> records from the start with <paramref name="fold"/>.</summary>
    public long Sum(int count, Func<byte[], byte[], long> fold)
    {
        _stream.Position = 0;
        using var reader = new BinaryReader(_stream, System.Text.Encoding.UTF8, leaveOpen: true);
        long sum = 0;
        for (int i = 0; i < count; i++)
        {
            byte[] key = reader.ReadBytes(reader.Read7BitEncodedInt());
            byte[] value = reader.ReadBytes(reader.Read7BitEncodedInt());
            sum += fold(key, value);
        }

        return sum;
    }
}
