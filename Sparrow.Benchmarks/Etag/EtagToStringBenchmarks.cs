using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Baselines;
using Sparrow.Formatting;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>Etag → new string, against Guid.ToString() on the same 16 bytes and the historical formatters.</summary>
public class EtagToStringBenchmarks
{
    private EtagBenchmarkData _data = null!;

    [GlobalSetup]
    public void Setup() => _data = new EtagBenchmarkData();

    [Benchmark(OperationsPerInvoke = EtagBenchmarkData.Count), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(1.0, nameof(GuidToString))]
    public int EtagToString()
    {
        int total = 0;
        foreach (Etag etag in _data.Etags)
            total += etag.ToString().Length;
        return total;
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = EtagBenchmarkData.Count), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public int GuidToString()
    {
        int total = 0;
        foreach (Guid guid in _data.Guids)
            total += guid.ToString().Length;
        return total;
    }

    [Benchmark(OperationsPerInvoke = EtagBenchmarkData.Count), BenchmarkCategory(Category.Historical, Category.Headline)]
    public int StringBuilderFormatter()
    {
        int total = 0;
        foreach (Etag etag in _data.Etags)
            total += EtagStringBuilderFormatter.Format(etag.Restarts, etag.Changes).Length;
        return total;
    }

    [Benchmark(OperationsPerInvoke = EtagBenchmarkData.Count), BenchmarkCategory(Category.Historical, Category.Headline)]
    public int LookupTableIntoPreallocatedString()
    {
        int total = 0;
        foreach (Etag etag in _data.Etags)
            total += EtagLookupTableFormatter.Format(etag.Restarts, etag.Changes).Length;
        return total;
    }
}
