using System.Text;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using static Sparrow.Benchmarks.Reporting.SvgChart;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// Time per operation against size, log-log, one line per implementation: where each one wins, and how its
/// cost grows; or, for a class that shows a GB/s column (<see cref="MegabytesPerSecondColumn.GigabytesName"/>),
/// throughput against size (log size, linear GB/s from zero): where a path's fixed costs are repaid, and any cliff at a
/// threshold. One panel per combination of the other parameters and the job (equal or differing keys, AVX-512
/// on or off), all on the same axes so panels compare at a glance.
/// </summary>
internal static class SizeLineChart
{
    private const int PlotWidth = 520, PlotHeight = 260, PanelGapX = 90, PanelGapY = 70, Columns = 2;

    /// <summary>A class is drawn as lines when every case has an integer Size and there are at least three sizes.</summary>
    public static bool Fits(IReadOnlyList<BenchmarkReport> reports) =>
        reports.Count > 0
        && reports.All(r => r.BenchmarkCase.Parameters["Size"] is int)
        && reports.Select(Size).Distinct().Count() >= 3;

    public static string Render(Summary summary)
    {
        var reports = Measured(summary);
        var methods = Methods(reports);
        var panels = reports.GroupBy(Panel).ToList();
        string title = Title(reports);
        int minSize = reports.Min(Size), maxSize = reports.Max(Size);
        bool throughput = summary.GetColumns().Any(c => c.ColumnName == MegabytesPerSecondColumn.GigabytesName);
        Func<BenchmarkReport, double> value = throughput ? GigabytesPerSecond : Median;
        Func<double, string> format = throughput ? gbps => Invariant($"{gbps:0.#} GB/s") : FormatTime;
        var times = throughput ? TimeScale.Linear(reports.Max(value)) : new TimeScale(reports.Min(value), reports.Max(value), log: true);

        int rows = (panels.Count + Columns - 1) / Columns;
        int columns = Math.Min(Columns, panels.Count);
        int width = Left + columns * (PlotWidth + PanelGapX);
        int legendTop = Top + rows * (PlotHeight + PanelGapY);
        var svg = new StringBuilder();
        Open(svg, width, legendTop + LegendHeight(methods.Count), throughput
            ? $"{title}: throughput (bytes over the median time) against size (log size, higher is better)"
            : $"{title}: median time per operation against size (log-log, lower is better)", summary);

        for (int p = 0; p < panels.Count; p++)
        {
            int left = Left + p % Columns * (PlotWidth + PanelGapX);
            int top = Top + 20 + p / Columns * (PlotHeight + PanelGapY);
            double X(int size) => left + (maxSize == minSize ? 0 : Math.Log2((double)size / minSize) / Math.Log2((double)maxSize / minSize)) * PlotWidth;
            double Y(double ns) => top + PlotHeight - times.Fraction(ns) * PlotHeight;

            svg.Append(Invariant($"<text x=\"{left}\" y=\"{top - 8}\" font-weight=\"bold\">{Escape(panels[p].Key)}</text>\n"));
            foreach (double tick in times.Ticks())
            {
                svg.Append(Invariant($"<line x1=\"{left}\" x2=\"{left + PlotWidth}\" y1=\"{Y(tick):0.#}\" y2=\"{Y(tick):0.#}\" stroke=\"#ddd\"/>"));
                svg.Append(Invariant($"<text x=\"{left - 6}\" y=\"{Y(tick) + 4:0.#}\" text-anchor=\"end\">{format(tick)}</text>\n"));
            }
            for (int size = 1; size <= maxSize; size *= 2)
            {
                if (size < minSize)
                    continue;
                svg.Append(Invariant($"<line x1=\"{X(size):0.#}\" x2=\"{X(size):0.#}\" y1=\"{top}\" y2=\"{top + PlotHeight}\" stroke=\"#eee\"/>"));
                svg.Append(Invariant($"<text x=\"{X(size):0.#}\" y=\"{top + PlotHeight + 14}\" text-anchor=\"middle\">{size}</text>\n"));
            }
            svg.Append(Invariant($"<text x=\"{left + PlotWidth / 2}\" y=\"{top + PlotHeight + 30}\" text-anchor=\"middle\" fill=\"#555\">size (bytes)</text>\n"));
            svg.Append(Invariant($"<rect x=\"{left}\" y=\"{top}\" width=\"{PlotWidth}\" height=\"{PlotHeight}\" fill=\"none\" stroke=\"#333\"/>\n"));

            foreach (var method in methods)
            {
                var points = panels[p].Where(r => r.BenchmarkCase.Descriptor.WorkloadMethod.Name == method.Name).OrderBy(Size).ToList();
                if (points.Count == 0)
                    continue;
                string line = string.Join(' ', points.Select(r => Invariant($"{X(Size(r)):0.#},{Y(value(r)):0.#}")));
                svg.Append(Invariant($"<polyline points=\"{line}\" fill=\"none\" stroke=\"{method.Colour}\" stroke-width=\"{(method.Role == Role.Sparrow ? 2.5 : 1.5)}\"/>\n"));
                foreach (BenchmarkReport point in points)
                {
                    svg.Append(Invariant($"<circle cx=\"{X(Size(point)):0.#}\" cy=\"{Y(value(point)):0.#}\" r=\"2.5\" fill=\"{method.Colour}\">"));
                    svg.Append(Invariant($"<title>{Escape(method.Name)} Size={Size(point)}: {format(value(point))}</title></circle>\n"));
                }
            }
        }

        LegendAndClose(svg, methods, legendTop);
        return svg.ToString();
    }

    private static int Size(BenchmarkReport report) => (int)report.BenchmarkCase.Parameters["Size"];

    private static double Median(BenchmarkReport report) => report.ResultStatistics!.Median;

    private static double GigabytesPerSecond(BenchmarkReport report) => Size(report) / Median(report);

    /// <summary>"Pairs=Equal, job Sparrow", "Pairs=Equal, job NoAVX512 (AVX-512 disabled)": everything about a case but its size.</summary>
    private static string Panel(BenchmarkReport report)
    {
        BenchmarkCase benchmarkCase = report.BenchmarkCase;
        var parts = benchmarkCase.Parameters.Items.Where(p => p.Name != "Size").Select(p => $"{p.Name}={p.Value}").ToList();
        parts.Add(WithoutAvx512Job.Is(benchmarkCase.Job) ? $"job {WithoutAvx512Job.Id} (AVX-512 disabled)" : $"job {benchmarkCase.Job.ResolvedId}");
        return string.Join(", ", parts);
    }
}
