using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// A chart per benchmark class, written beside BenchmarkDotNet's other artifacts as <c>&lt;Class&gt;-chart.svg</c>:
/// time against size as log-log lines for the per-size classes (<see cref="SizeLineChart"/>), bars per case
/// for the others (<see cref="BarChart"/>). SVG because neither BenchmarkDotNet.Exporters.Plotting nor
/// ScottPlot is served by the registry this project builds from.
/// </summary>
internal sealed class SvgChartExporter : ExporterBase
{
    public static readonly SvgChartExporter Default = new();

    protected override string FileExtension => "svg";
    protected override string FileCaption => "chart";

    public override void ExportToLog(Summary summary, ILogger logger) => logger.Write(Render(summary));

    public static string Render(Summary summary) =>
        SizeLineChart.Fits(SvgChart.Measured(summary)) ? SizeLineChart.Render(summary) : BarChart.Render(summary);
}
