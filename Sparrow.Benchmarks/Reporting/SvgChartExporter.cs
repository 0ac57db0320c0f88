using System.Globalization;
using System.Security;
using System.Text;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// A bar chart per benchmark class, written beside BenchmarkDotNet's other artifacts as
/// <c>&lt;Class&gt;-chart.svg</c>: median time per implementation, grouped by parameter (size), on a
/// log scale when the times span more than a decade. SVG because neither
/// BenchmarkDotNet.Exporters.Plotting nor ScottPlot is served by the registry this project builds from.
/// </summary>
internal sealed class SvgChartExporter : ExporterBase
{
    public static readonly SvgChartExporter Default = new();

    private const int BarWidth = 14;
    private const int GroupGap = 18;
    private const int PlotHeight = 320;
    private const int Left = 70, Top = 48, LegendRowHeight = 18, AxisLabelSpace = 42;

    // Colour-blind-safe palette (Okabe-Ito); Sparrow's own methods come first, so they get the first colours.
    private static readonly string[] Palette = ["#009E73", "#0072B2", "#D55E00", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000", "#999999"];

    protected override string FileExtension => "svg";
    protected override string FileCaption => "chart";

    public override void ExportToLog(Summary summary, ILogger logger) => logger.Write(Render(summary));

    public static string Render(Summary summary)
    {
        var reports = summary.Reports.Where(r => r.Success && r.ResultStatistics is not null).ToList();
        var methods = reports
            .Select(r => (Name: r.BenchmarkCase.Descriptor.WorkloadMethod.Name, Role: BenchmarkRoles.Of(r.BenchmarkCase)))
            .Distinct()
            .OrderBy(m => m.Role)
            .ToList();
        var groups = reports.Select(r => r.BenchmarkCase.Parameters.PrintInfo).Distinct().ToList();
        var medians = reports.ToDictionary(
            r => (r.BenchmarkCase.Descriptor.WorkloadMethod.Name, r.BenchmarkCase.Parameters.PrintInfo),
            r => r.ResultStatistics!.Median);

        string title = string.Join(", ", reports.Select(r => BenchmarkRoles.PrimitiveName(r.BenchmarkCase.Descriptor.Type)).Distinct());
        if (medians.Count == 0)
            return $"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"40\"><text x=\"10\" y=\"25\">{Escape(title)}: no results</text></svg>";

        var scale = new TimeScale(medians.Values.Min(), medians.Values.Max());
        int groupWidth = methods.Count * BarWidth + GroupGap;
        string heading = $"{title}: median time per operation ({(scale.IsLog ? "log scale" : "linear")}, lower is better)";
        int plotWidth = Math.Max(groups.Count * groupWidth, heading.Length * 8);
        bool labelBars = groups.Count * methods.Count <= 24;
        int legendTop = Top + PlotHeight + AxisLabelSpace;
        int width = Left + plotWidth + 20;
        int height = legendTop + methods.Count * LegendRowHeight + 10;

        var svg = new StringBuilder();
        svg.Append(Invariant($"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"11\">\n"));
        svg.Append(Invariant($"<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n"));
        svg.Append(Invariant($"<text x=\"{Left}\" y=\"20\" font-size=\"14\" font-weight=\"bold\">{Escape(heading)}</text>\n"));
        svg.Append(Invariant($"<text x=\"{Left}\" y=\"36\" fill=\"#555\">{Escape(summary.HostEnvironmentInfo.ToFormattedString().FirstOrDefault() ?? "")}</text>\n"));

        foreach (double tick in scale.Ticks())
        {
            double y = Top + PlotHeight - scale.Fraction(tick) * PlotHeight;
            svg.Append(Invariant($"<line x1=\"{Left}\" x2=\"{Left + plotWidth}\" y1=\"{y:0.#}\" y2=\"{y:0.#}\" stroke=\"#ddd\"/>"));
            svg.Append(Invariant($"<text x=\"{Left - 6}\" y=\"{y + 4:0.#}\" text-anchor=\"end\">{FormatTime(tick)}</text>\n"));
        }
        svg.Append(Invariant($"<line x1=\"{Left}\" x2=\"{Left}\" y1=\"{Top}\" y2=\"{Top + PlotHeight}\" stroke=\"#333\"/>\n"));

        for (int g = 0; g < groups.Count; g++)
        {
            int groupLeft = Left + g * groupWidth + GroupGap / 2;
            for (int m = 0; m < methods.Count; m++)
            {
                if (!medians.TryGetValue((methods[m].Name, groups[g]), out double ns))
                    continue;
                double barHeight = Math.Max(1, scale.Fraction(ns) * PlotHeight);
                double y = Top + PlotHeight - barHeight;
                svg.Append(Invariant($"<rect x=\"{groupLeft + m * BarWidth}\" y=\"{y:0.#}\" width=\"{BarWidth - 2}\" height=\"{barHeight:0.#}\" fill=\"{Palette[m % Palette.Length]}\">"));
                svg.Append(Invariant($"<title>{Escape(methods[m].Name)} {Escape(groups[g])}: {FormatTime(ns)}</title></rect>\n"));
                if (labelBars)
                {
                    double x = groupLeft + m * BarWidth + BarWidth / 2.0;
                    // Tall bars carry their value inside (reading upwards from the top); short ones just above.
                    bool inside = barHeight > 48;
                    double labelY = inside ? y + 4 : y - 4;
                    svg.Append(Invariant($"<text x=\"{x + 3:0.#}\" y=\"{labelY:0.#}\" font-size=\"9\" fill=\"{(inside ? "white" : "#333")}\" text-anchor=\"{(inside ? "end" : "start")}\" transform=\"rotate(-90 {x + 3:0.#} {labelY:0.#})\">{FormatTime(ns)}</text>\n"));
                }
            }
            svg.Append(Invariant($"<text x=\"{groupLeft + methods.Count * BarWidth / 2.0:0.#}\" y=\"{Top + PlotHeight + 16}\" text-anchor=\"middle\">{Escape(groups[g])}</text>\n"));
        }

        for (int m = 0; m < methods.Count; m++)
        {
            int y = legendTop + m * LegendRowHeight;
            svg.Append(Invariant($"<rect x=\"{Left}\" y=\"{y}\" width=\"12\" height=\"12\" fill=\"{Palette[m % Palette.Length]}\"/>"));
            svg.Append(Invariant($"<text x=\"{Left + 18}\" y=\"{y + 10}\">{Escape(methods[m].Name)} ({methods[m].Role})</text>\n"));
        }
        svg.Append("</svg>\n");
        return svg.ToString();
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);

    private static string Escape(string text) => SecurityElement.Escape(text) ?? "";

    private static string FormatTime(double ns) => ns switch
    {
        >= 1_000_000 => Invariant($"{ns / 1_000_000:0.##} ms"),
        >= 1_000 => Invariant($"{ns / 1_000:0.##} μs"),
        _ => Invariant($"{ns:0.##} ns"),
    };

    /// <summary>Maps a time to a 0..1 bar height: logarithmic over whole decades, or linear from zero.</summary>
    private readonly struct TimeScale
    {
        private readonly double _low, _high;
        public bool IsLog { get; }

        public TimeScale(double min, double max)
        {
            IsLog = max / Math.Max(min, 1e-3) > 10;
            if (IsLog)
            {
                _low = Math.Pow(10, Math.Floor(Math.Log10(Math.Max(min, 1e-3)) - 0.3));
                _high = Math.Pow(10, Math.Ceiling(Math.Log10(max)));
            }
            else
            {
                _low = 0;
                _high = NiceCeiling(max);
            }
        }

        public double Fraction(double ns) => IsLog
            ? Math.Clamp((Math.Log10(ns) - Math.Log10(_low)) / (Math.Log10(_high) - Math.Log10(_low)), 0, 1)
            : Math.Clamp(ns / _high, 0, 1);

        public IEnumerable<double> Ticks()
        {
            if (IsLog)
            {
                for (double t = Math.Pow(10, Math.Ceiling(Math.Log10(_low))); t <= _high * 1.0001; t *= 10)
                    yield return t;
            }
            else
            {
                for (int i = 0; i <= 5; i++)
                    yield return _high * i / 5;
            }
        }

        private static double NiceCeiling(double value)
        {
            double decade = Math.Pow(10, Math.Floor(Math.Log10(value)));
            foreach (double step in (ReadOnlySpan<double>)[1, 2, 2.5, 5, 10])
                if (step * decade >= value)
                    return step * decade;
            return 10 * decade;
        }
    }
}
