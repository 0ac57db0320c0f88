using System.Globalization;
using System.Text;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// The one-screen answer to "is it faster than what I have, where, and by how much": for every Sparrow
/// method in every case, its median against the fastest alternative and the fastest historical baseline
/// measured in the same run, the bytes it allocated, and each goal the method states with [Target] beside
/// the ratio measured for it. Everything is read from the summaries.
/// </summary>
internal sealed record VerdictRow(
    string Primitive,
    string Case,
    string Method,
    double SparrowNs,
    string? Alternative,
    double? SpeedupOverAlternative,
    string? Historical,
    double? SpeedupOverHistorical,
    long? AllocatedBytes,
    IReadOnlyList<TargetResult> Targets,
    bool IsHeadline)
{
    public static IReadOnlyList<VerdictRow> From(IEnumerable<Summary> summaries)
    {
        var rows = new List<VerdictRow>();
        foreach (Summary summary in summaries)
        {
            var measured = summary.Reports
                .Where(r => r.Success && r.ResultStatistics is not null)
                .GroupBy(r => (r.BenchmarkCase.Descriptor.Type, r.BenchmarkCase.Parameters.DisplayInfo, JobId: r.BenchmarkCase.Job.ResolvedId));
            foreach (var group in measured)
            {
                BenchmarkReport? alternative = Fastest(group, Role.Alternative);
                BenchmarkReport? historical = Fastest(group, Role.Historical);
                foreach (BenchmarkReport sparrow in group.Where(r => BenchmarkRoles.Of(r.BenchmarkCase) == Role.Sparrow))
                {
                    double ns = Median(sparrow);
                    rows.Add(new VerdictRow(
                        BenchmarkRoles.PrimitiveName(group.Key.Type),
                        CaseName.Of(sparrow.BenchmarkCase),
                        sparrow.BenchmarkCase.Descriptor.WorkloadMethod.Name,
                        ns,
                        alternative?.BenchmarkCase.Descriptor.WorkloadMethod.Name,
                        alternative is null ? null : Median(alternative) / ns,
                        historical?.BenchmarkCase.Descriptor.WorkloadMethod.Name,
                        historical is null ? null : Median(historical) / ns,
                        sparrow.GcStats.GetBytesAllocatedPerOperation(sparrow.BenchmarkCase),
                        TargetResult.For(sparrow, group),
                        HeadlineSuite.Filter.Predicate(sparrow.BenchmarkCase)));
                }
            }
        }
        return rows;
    }

    /// <summary>The verdict as a Markdown table (the console prints the same table).</summary>
    public static string ToMarkdown(IReadOnlyList<VerdictRow> rows)
    {
        var text = new StringBuilder();
        text.AppendLine("| Primitive | Case | Sparrow method | Median | vs strongest alternative | vs historical baseline | Allocated | Targets (Sparrow / other, medians) |");
        text.AppendLine("|---|---|---|---:|---|---|---:|---|");
        foreach (VerdictRow row in rows)
        {
            text.Append(CultureInfo.InvariantCulture,
                $"| {row.Primitive} | {row.Case} | {row.Method} | {FormatNs(row.SparrowNs)} | " +
                $"{FormatSpeedup(row.SpeedupOverAlternative, row.Alternative)} | {FormatSpeedup(row.SpeedupOverHistorical, row.Historical)} | " +
                $"{(row.AllocatedBytes is { } b ? $"{b} B" : "?")} | " +
                $"{(row.Targets.Count > 0 ? string.Join("; ", row.Targets) : "-")} |");
            text.AppendLine();
        }
        return text.ToString();
    }

    /// <summary>"Targets: 12 met, 3 missed, 1 not measured", or null when no row states a target.</summary>
    public static string? TargetTally(IReadOnlyList<VerdictRow> rows)
    {
        var targets = rows.SelectMany(row => row.Targets).ToList();
        if (targets.Count == 0)
            return null;
        int met = targets.Count(t => t.Met == true), missed = targets.Count(t => t.Met == false);
        return $"Targets: {met} met, {missed} missed" + (met + missed < targets.Count ? $", {targets.Count - met - missed} not measured" : "");
    }

    private static BenchmarkReport? Fastest(IEnumerable<BenchmarkReport> reports, Role role)
        => reports.Where(r => BenchmarkRoles.Of(r.BenchmarkCase) == role).MinBy(Median);

    private static double Median(BenchmarkReport report) => report.ResultStatistics!.Median;

    private static string FormatNs(double ns) => ns switch
    {
        < 10 => ns.ToString("0.00 ns", CultureInfo.InvariantCulture),
        < 10_000 => ns.ToString("0.0 ns", CultureInfo.InvariantCulture),
        _ => (ns / 1000).ToString("0.0 μs", CultureInfo.InvariantCulture),
    };

    // A speed-up above 1 means Sparrow is faster; "0.80x (slower)" is printed as such, never hidden.
    private static string FormatSpeedup(double? speedup, string? against) => speedup switch
    {
        null => "-",
        >= 1 => string.Create(CultureInfo.InvariantCulture, $"**{speedup:0.00}x** faster than {against}"),
        _ => string.Create(CultureInfo.InvariantCulture, $"{speedup:0.00}x (slower) vs {against}"),
    };
}
