using System.Text;
using BenchmarkDotNet.Reports;
using static Sparrow.Benchmarks.Reporting.SvgChart;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// Median time per implementation as bars, grouped by case, on a log scale when the times span more than a
/// decade: for classes whose cases are not a range of sizes.
/// </summary>
internal static class BarChart
{
    private const int BarWidth = 14;
    private const int GroupGap = 18;
    private const int PlotHeight = 320;
    private const int AxisLabelSpace = 42;

    public static string Render(Summary summary)
    {
        var reports = Measured(summary);
        var methods = Methods(reports);
        var groups = reports.Select(r => CaseName.Of(r.BenchmarkCase)).Distinct().ToList();
        var medians = reports.ToDictionary(
            r => (r.BenchmarkCase.Descriptor.WorkloadMethod.Name, CaseName.Of(r.BenchmarkCase)),
            r => r.ResultStatistics!.Median);

        string title = Title(reports);
        if (medians.Count == 0)
            return NoResults(title);

        var scale = new TimeScale(medians.Values.Min(), medians.Values.Max(), log: false);
        int groupWidth = methods.Count * BarWidth + GroupGap;
        string heading = $"{title}: median time per operation ({(scale.IsLog ? "log scale" : "linear")}, lower is better)";
        int plotWidth = Math.Max(groups.Count * groupWidth, heading.Length * 8);
        bool labelBars = groups.Count * methods.Count <= 24;
        int legendTop = Top + PlotHeight + AxisLabelSpace;
        int width = Left + plotWidth + 20;

        var svg = new StringBuilder();
        Open(svg, width, legendTop + LegendHeight(methods.Count), heading, summary);

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
                svg.Append(Invariant($"<rect x=\"{groupLeft + m * BarWidth}\" y=\"{y:0.#}\" width=\"{BarWidth - 2}\" height=\"{barHeight:0.#}\" fill=\"{methods[m].Colour}\">"));
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

        LegendAndClose(svg, methods, legendTop);
        return svg.ToString();
    }
}
