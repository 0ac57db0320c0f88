using System.Globalization;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks.Suite;

/// <summary>
/// Throughput in BenchmarkDotNet's tables (it has no such column): the bytes an operation handles, <c>bytesPerOperation</c>
/// or without it the case's <c>Size</c> parameter, over its median time, in MB/s (10^6 bytes a second) or GB/s (10^9).
/// </summary>
internal sealed class MegabytesPerSecondColumn(long? bytesPerOperation = null, bool gigabytes = false) : IColumn
{
    public string Id => ColumnName;
    public string ColumnName => gigabytes ? "GB/s" : "MB/s";
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Custom;
    public int PriorityInCategory => 0;
    public bool IsNumeric => true;
    public UnitType UnitType => UnitType.Dimensionless;
    public string Legend => $"Throughput: {(bytesPerOperation is { } b ? Format.Whole(b) + " bytes" : "the Size parameter's bytes")} per operation over the median time";

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) =>
        summary[benchmarkCase]?.ResultStatistics is not { } statistics ? "-"
        : (bytesPerOperation ?? Convert.ToInt64(benchmarkCase.Parameters["Size"], CultureInfo.InvariantCulture)) / statistics.Median is var bytesPerNs && gigabytes
            ? Format.Invariant($"{bytesPerNs:N1}") : Format.Whole(bytesPerNs * 1e3);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) => GetValue(summary, benchmarkCase);

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public bool IsAvailable(Summary summary) => true;
}
