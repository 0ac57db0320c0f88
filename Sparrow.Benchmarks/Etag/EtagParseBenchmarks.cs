using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Baselines;
using Sparrow.Formatting;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>Text → etag, against Guid.ParseExact "D" on the same texts and the historical parsers.</summary>
public class EtagParseBenchmarks
{
    private EtagBenchmarkData _data = null!;

    [GlobalSetup]
    public void Setup() => _data = new EtagBenchmarkData();

    [Benchmark(OperationsPerInvoke = EtagBenchmarkData.Count), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    public long EtagParse()
    {
        long total = 0;
        foreach (string text in _data.Texts)
            total += Etag.Parse(text).Changes;
        return total;
    }

    [Benchmark(OperationsPerInvoke = EtagBenchmarkData.Count), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    public long EtagTryParse()
    {
        long total = 0;
        foreach (string text in _data.Texts)
        {
            Etag.TryParse(text.AsSpan(), out Etag etag);
            total += etag.Changes;
        }

        return total;
    }

    [Benchmark(OperationsPerInvoke = EtagBenchmarkData.Count), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    public long EtagTryParseUtf8()
    {
        ReadOnlySpan<byte> texts = _data.Utf8Texts;
        long total = 0;
        for (int i = 0; i < EtagBenchmarkData.Count; i++)
        {
            Etag.TryParse(texts.Slice(i * Etag.FormattedLength, Etag.FormattedLength), out Etag etag);
            total += etag.Changes;
        }

        return total;
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = EtagBenchmarkData.Count), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public long GuidParseExact()
    {
        long total = 0;
        foreach (string text in _data.Texts)
            total += Guid.ParseExact(text, "D").GetHashCode();
        return total;
    }

    [Benchmark(OperationsPerInvoke = EtagBenchmarkData.Count), BenchmarkCategory(Category.Historical, Category.Headline)]
    public long SubstringByteParse()
    {
        long total = 0;
        foreach (string text in _data.Texts)
            total += EtagSubstringParser.Parse(text).Changes;
        return total;
    }

    [Benchmark(OperationsPerInvoke = EtagBenchmarkData.Count), BenchmarkCategory(Category.Historical, Category.Headline)]
    public long LookupTableParse()
    {
        long total = 0;
        foreach (string text in _data.Texts)
            total += EtagLookupTableParser.Parse(text).Changes;
        return total;
    }
}
