using System.Globalization;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// Throughput, which BenchmarkDotNet 0.14 has no column for: a fixed number of bytes decoded per operation over
/// the operation's median time, in MB/s (10^6 bytes a second). Attach it to a class whose every benchmark
/// handles the same bytes per operation.
/// </summary>
internal sealed class MegabytesPerSecondColumn(long bytesPerOperation) : IColumn
{
    public string Id => nameof(MegabytesPerSecondColumn);
    public string ColumnName => "MB/s";
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Custom;
    public int PriorityInCategory => 0;
    public bool IsNumeric => true;
    public UnitType UnitType => UnitType.Dimensionless;
    public string Legend => $"Throughput: {bytesPerOperation:N0} bytes per operation over the median time (MB = 10^6 bytes)";

    /// <summary>MB/s of one benchmark's median, or null when it has no result.</summary>
    public double? Of(BenchmarkReport? report) =>
        report?.ResultStatistics is { } statistics ? bytesPerOperation * 1e3 / statistics.Median : null;

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) =>
        Of(summary[benchmarkCase]) is { } mbps ? mbps.ToString("N0", CultureInfo.InvariantCulture) : "-";

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) => GetValue(summary, benchmarkCase);

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public bool IsAvailable(Summary summary) => true;
}
