using System.Globalization;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// Throughput, which BenchmarkDotNet 0.14 has no column for: a fixed number of bytes decoded per operation over
/// the operation's median time, in MB/s (10^6 bytes a second), or in GB/s (10^9) for the classes whose sizes
/// run to tens of GB/s. Attach it to a class whose every benchmark handles the same bytes per operation, or
/// (<see cref="OfSizeParameter"/>) whose <c>Size</c> parameter is the bytes per operation.
/// </summary>
internal sealed class MegabytesPerSecondColumn(Func<BenchmarkCase, long> bytesPerOperation, string bytesText, bool gigabytes = false) : IColumn
{
    /// <summary>The GB/s form's column name: <see cref="SizeLineChart"/> draws throughput for a class that shows it.</summary>
    public const string GigabytesName = "GB/s";

    public MegabytesPerSecondColumn(long bytesPerOperation)
        : this(_ => bytesPerOperation, $"{bytesPerOperation:N0} bytes")
    {
    }

    /// <summary>For a class whose every case handles its <c>Size</c> parameter's bytes per operation; in GB/s when <paramref name="gigabytes"/>.</summary>
    public static MegabytesPerSecondColumn OfSizeParameter(bool gigabytes = false) =>
        new(benchmarkCase => Convert.ToInt64(benchmarkCase.Parameters["Size"], CultureInfo.InvariantCulture), "the Size parameter's bytes", gigabytes);

    public string Id => gigabytes ? "GigabytesPerSecondColumn" : nameof(MegabytesPerSecondColumn);
    public string ColumnName => gigabytes ? GigabytesName : "MB/s";
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Custom;
    public int PriorityInCategory => 0;
    public bool IsNumeric => true;
    public UnitType UnitType => UnitType.Dimensionless;
    public string Legend => $"Throughput: {bytesText} per operation over the median time ({(gigabytes ? "GB = 10^9" : "MB = 10^6")} bytes)";

    /// <summary>MB/s of one benchmark's median, or null when it has no result.</summary>
    public double? Of(BenchmarkReport? report) =>
        report?.ResultStatistics is { } statistics ? bytesPerOperation(report.BenchmarkCase) * 1e3 / statistics.Median : null;

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) =>
        Of(summary[benchmarkCase]) is not { } mbps ? "-"
        : gigabytes ? (mbps / 1e3).ToString("N1", CultureInfo.InvariantCulture)
        : mbps.ToString("N0", CultureInfo.InvariantCulture);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) => GetValue(summary, benchmarkCase);

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public bool IsAvailable(Summary summary) => true;
}
