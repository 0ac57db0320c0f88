using BenchmarkDotNet.Attributes;
using Sparrow.Formatting;

namespace Sparrow.Benchmarks;

/// <summary>
/// Etag → caller's buffer, against Guid.TryFormat "D" on the same 16 bytes, per encoding (the case
/// parameter keeps each Sparrow encoding compared with the same encoding of the alternative).
/// </summary>
public class EtagTryFormatBenchmarks
{
    private EtagBenchmarkData _data = null!;
    private readonly char[] _chars = new char[Etag.FormattedLength];
    private readonly byte[] _bytes = new byte[Etag.FormattedLength];

    [Params(TextEncoding.Utf16, TextEncoding.Utf8)]
    public TextEncoding Encoding { get; set; }

    [GlobalSetup]
    public void Setup() => _data = new EtagBenchmarkData();

    [Benchmark(OperationsPerInvoke = EtagBenchmarkData.Count), Role(Role.Sparrow)]
    public int EtagTryFormat() => Encoding == TextEncoding.Utf16 ? EtagTryFormatChars() : EtagTryFormatUtf8();

    [Benchmark(Baseline = true, OperationsPerInvoke = EtagBenchmarkData.Count), Role(Role.Alternative)]
    public int GuidTryFormat() => Encoding == TextEncoding.Utf16 ? GuidTryFormatChars() : GuidTryFormatUtf8();

    private int EtagTryFormatChars()
    {
        Span<char> destination = _chars;
        int total = 0;
        foreach (Etag etag in _data.Etags)
        {
            etag.TryFormat(destination, out int written);
            total += written;
        }

        return total + destination[35];
    }

    private int EtagTryFormatUtf8()
    {
        Span<byte> destination = _bytes;
        int total = 0;
        foreach (Etag etag in _data.Etags)
        {
            etag.TryFormat(destination, out int written);
            total += written;
        }

        return total + destination[35];
    }

    private int GuidTryFormatChars()
    {
        Span<char> destination = _chars;
        int total = 0;
        foreach (Guid guid in _data.Guids)
        {
            guid.TryFormat(destination, out int written, "D");
            total += written;
        }

        return total + destination[35];
    }

    private int GuidTryFormatUtf8()
    {
        Span<byte> destination = _bytes;
        int total = 0;
        foreach (Guid guid in _data.Guids)
        {
            guid.TryFormat(destination, out int written, "D");
            total += written;
        }

        return total + destination[35];
    }
}
