using System.Globalization;
using BenchmarkDotNet.Attributes;
using Sparrow.Formatting;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// DateTime → caller's buffer over <see cref="TimestampSamples"/>, against the BCL's "O" fast path, per
/// encoding; each method returns the total number of characters or bytes written.
/// </summary>
[HeadlineParams(nameof(Encoding), TextEncoding.Utf8, TextEncoding.Utf16)]
public class DateTimeTryFormatBenchmarks
{
    private const int Operations = TimestampSamples.Count;

    private DateTime[] _values = null!;
    private readonly char[] _chars = new char[64];
    private readonly byte[] _bytes = new byte[64];

    [Params(TextEncoding.Utf16, TextEncoding.Utf8)]
    public TextEncoding Encoding { get; set; }

    [GlobalSetup]
    public void Setup() => _values = TimestampSamples.Values();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(0.6, nameof(BclTryFormatO))]
    public int SparrowTryFormat()
    {
        bool utf16 = Encoding == TextEncoding.Utf16;
        int total = 0;
        foreach (DateTime value in _values)
        {
            int written;
            if (utf16)
                DateTimeFormatter.TryFormat(value, _chars, out written);
            else
                DateTimeFormatter.TryFormat(value, _bytes, out written);
            total += written;
        }

        return total;
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public int BclTryFormatO()
    {
        bool utf16 = Encoding == TextEncoding.Utf16;
        int total = 0;
        foreach (DateTime value in _values)
        {
            int written;
            if (utf16)
                value.TryFormat(_chars, out written, "O", CultureInfo.InvariantCulture);
            else
                value.TryFormat(_bytes, out written, "O", CultureInfo.InvariantCulture);
            total += written;
        }

        return total;
    }
}
