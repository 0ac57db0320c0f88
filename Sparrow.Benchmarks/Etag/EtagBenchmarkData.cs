using System.Text;
using Sparrow.Formatting;

namespace Sparrow.Benchmarks;

/// <summary>1,024 seeded random etags, the same 16 bytes as Guids, and their texts, shared by the etag benchmarks.</summary>
internal sealed class EtagBenchmarkData
{
    public const int Count = 1024;

    public Etag[] Etags { get; } = new Etag[Count];

    /// <summary>The same 16 bytes as each etag, read big-endian so the Guid's text has the same digits.</summary>
    public Guid[] Guids { get; } = new Guid[Count];

    /// <summary>Each etag's text (uppercase), which Guid.ParseExact(s, "D") also accepts.</summary>
    public string[] Texts { get; } = new string[Count];

    /// <summary>The UTF-8 texts back to back, 36 bytes each.</summary>
    public byte[] Utf8Texts { get; } = new byte[Count * Etag.FormattedLength];

    public EtagBenchmarkData()
    {
        var random = new Random(42);
        Span<byte> bytes = stackalloc byte[Etag.ByteLength];
        for (int i = 0; i < Count; i++)
        {
            random.NextBytes(bytes);
            Etags[i] = Etag.FromBytes(bytes);
            Guids[i] = new Guid(bytes, bigEndian: true);
            Texts[i] = Etags[i].ToString();
            Encoding.UTF8.GetBytes(Texts[i], Utf8Texts.AsSpan(i * Etag.FormattedLength));
        }
    }
}
