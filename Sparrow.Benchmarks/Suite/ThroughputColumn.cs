using System.Reflection;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks.Suite;

/// <summary>
/// Throughput in BenchmarkDotNet's tables (it has no such column), one column a unit: the classes marked
/// <see cref="ThroughputAttribute"/> with <paramref name="unit"/> show it; a table without such a class leaves it out.
/// </summary>
internal sealed class ThroughputColumn(Throughput unit) : IColumn
{
    /// <summary>A column for every unit, for the run's config.</summary>
    public static IColumn[] All { get; } = [.. Enum.GetValues<Throughput>().Select(unit => new ThroughputColumn(unit))];

    public string Id => ColumnName;
    public string ColumnName => ThroughputAttribute.ColumnName(unit);
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Custom;
    public int PriorityInCategory => 0;
    public bool IsNumeric => true;
    public UnitType UnitType => UnitType.Dimensionless;
    public string Legend => $"Throughput ({ColumnName}): what an operation handles over the median time";

    private ThroughputAttribute? Of(BenchmarkCase benchmarkCase) =>
        benchmarkCase.Descriptor.Type.GetCustomAttribute<ThroughputAttribute>(inherit: true) is { } throughput && throughput.Unit == unit ? throughput : null;

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) =>
        Of(benchmarkCase) is { } throughput && summary[benchmarkCase]?.ResultStatistics is { } statistics
            ? throughput.Value(CaseOf.From(benchmarkCase), statistics.Median) : "-";

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) => GetValue(summary, benchmarkCase);

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public bool IsAvailable(Summary summary) => summary.BenchmarksCases.Any(benchmarkCase => Of(benchmarkCase) is not null);
}
