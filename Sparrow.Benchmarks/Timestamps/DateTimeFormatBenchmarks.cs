using System.Globalization;
using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Baselines;
using Sparrow.Formatting;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// DateTime → new string of the sortable form over <see cref="TimestampSamples"/>; each method returns the
/// total length of the strings it made.
/// </summary>
public class DateTimeFormatBenchmarks
{
    private const int Operations = TimestampSamples.Count;

    private DateTime[] _values = null!;

    [GlobalSetup]
    public void Setup() => _values = TimestampSamples.Values();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(0.55, nameof(BclToStringO))]
    public int SparrowFormat()
    {
        int total = 0;
        foreach (DateTime value in _values)
            total += DateTimeFormatter.Format(value).Length;
        return total;
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), BenchmarkCategory(Category.Historical, Category.Headline)]
    public int BclCustomFormatToString()
    {
        int total = 0;
        foreach (DateTime value in _values)
            total += value.ToString(TimestampSamples.CustomFormat, CultureInfo.InvariantCulture).Length;
        return total;
    }

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Historical, Category.Headline)]
    public int HistoricalPreallocatedString()
    {
        int total = 0;
        foreach (DateTime value in _values)
            total += DateTimeHistoricalFormatter.Format(value).Length;
        return total;
    }

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public int BclToStringO()
    {
        int total = 0;
        foreach (DateTime value in _values)
            total += value.ToString("O", CultureInfo.InvariantCulture).Length;
        return total;
    }
}
