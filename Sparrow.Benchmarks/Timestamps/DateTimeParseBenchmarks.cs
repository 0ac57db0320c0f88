using System.Globalization;
using BenchmarkDotNet.Attributes;
using Sparrow.Formatting;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// Sortable text (UTF-16 or UTF-8) → DateTime over the texts of <see cref="TimestampSamples"/>; each method
/// returns the sum of the parsed ticks.
/// </summary>
public class DateTimeParseBenchmarks
{
    private const int Operations = TimestampSamples.Count;

    private string[] _texts = null!;
    private byte[][] _utf8Texts = null!;

    [GlobalSetup]
    public void Setup()
    {
        _texts = TimestampSamples.Texts();
        _utf8Texts = TimestampSamples.Utf8Texts();
    }

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    public long SparrowTryParseChars()
    {
        long total = 0;
        foreach (string text in _texts)
        {
            DateTimeFormatter.TryParse(text.AsSpan(), out DateTime value);
            total += value.Ticks;
        }

        return total;
    }

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    public long SparrowTryParseUtf8()
    {
        long total = 0;
        foreach (byte[] text in _utf8Texts)
        {
            DateTimeFormatter.TryParse(text, out DateTime value);
            total += value.Ticks;
        }

        return total;
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public long BclTryParseExactO()
    {
        long total = 0;
        foreach (string text in _texts)
        {
            DateTime.TryParseExact(text, "O", CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out DateTime value);
            total += value.Ticks;
        }

        return total;
    }

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Historical, Category.Headline)]
    public long BclParseExactCustomFormat()
    {
        long total = 0;
        foreach (string text in _texts)
            total += DateTime.ParseExact(text, TimestampSamples.CustomFormat, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind).Ticks;
        return total;
    }
}
