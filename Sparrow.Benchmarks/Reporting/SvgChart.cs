using System.Globalization;
using System.Security;
using System.Text;
using BenchmarkDotNet.Reports;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>What the bar and line charts share: the measured reports, one colour per method, the title, the legend, the time axis.</summary>
internal static class SvgChart
{
    public const int Left = 70, Top = 48, LegendRowHeight = 18;

    // Colour-blind-safe palette (Okabe-Ito); Sparrow's own methods come first, so they get the first colours.
    private static readonly string[] Palette = ["#009E73", "#0072B2", "#D55E00", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000", "#999999"];

    public static List<BenchmarkReport> Measured(Summary summary) =>
        summary.Reports.Where(r => r.Success && r.ResultStatistics is not null).ToList();

    /// <summary>Every method measured, Sparrow's first (then by <see cref="Role"/>), each with its colour.</summary>
    public static List<(string Name, Role Role, string Colour)> Methods(IEnumerable<BenchmarkReport> reports) =>
        reports
            .Select(r => (Name: r.BenchmarkCase.Descriptor.WorkloadMethod.Name, Role: BenchmarkRoles.Of(r.BenchmarkCase)))
            .Distinct()
            .OrderBy(m => m.Role)
            .Select((m, i) => (m.Name, m.Role, Palette[i % Palette.Length]))
            .ToList();

    public static string Title(IEnumerable<BenchmarkReport> reports) =>
        string.Join(", ", reports.Select(r => BenchmarkRoles.PrimitiveName(r.BenchmarkCase.Descriptor.Type)).Distinct());

    public static string NoResults(string title) =>
        $"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"40\"><text x=\"10\" y=\"25\">{Escape(title)}: no results</text></svg>";

    /// <summary>The opening tag, a white background, the heading and the machine line under it.</summary>
    public static void Open(StringBuilder svg, int width, int height, string heading, Summary summary)
    {
        svg.Append(Invariant($"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"11\">\n"));
        svg.Append(Invariant($"<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n"));
        svg.Append(Invariant($"<text x=\"{Left}\" y=\"20\" font-size=\"14\" font-weight=\"bold\">{Escape(heading)}</text>\n"));
        svg.Append(Invariant($"<text x=\"{Left}\" y=\"36\" fill=\"#555\">{Escape(summary.HostEnvironmentInfo.ToFormattedString().FirstOrDefault() ?? "")}</text>\n"));
    }

    /// <summary>One row per method from <paramref name="top"/>: its colour, name and role; then the closing tag.</summary>
    public static void LegendAndClose(StringBuilder svg, IReadOnlyList<(string Name, Role Role, string Colour)> methods, int top)
    {
        for (int m = 0; m < methods.Count; m++)
        {
            int y = top + m * LegendRowHeight;
            svg.Append(Invariant($"<rect x=\"{Left}\" y=\"{y}\" width=\"12\" height=\"12\" fill=\"{methods[m].Colour}\"/>"));
            svg.Append(Invariant($"<text x=\"{Left + 18}\" y=\"{y + 10}\">{Escape(methods[m].Name)} ({methods[m].Role})</text>\n"));
        }
        svg.Append("</svg>\n");
    }

    public static int LegendHeight(int methods) => methods * LegendRowHeight + 10;

    public static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);

    public static string Escape(string text) => SecurityElement.Escape(text) ?? "";

    public static string FormatTime(double ns) => ns switch
    {
        >= 1_000_000 => Invariant($"{ns / 1_000_000:0.##} ms"),
        >= 1_000 => Invariant($"{ns / 1_000:0.##} μs"),
        _ => Invariant($"{ns:0.##} ns"),
    };
}

/// <summary>Maps a time to 0..1 up the plot: logarithmic over whole decades (ticks at 1, 2 and 5 of each), or linear from zero.</summary>
internal readonly struct TimeScale
{
    private static readonly double[] TickSteps = [1, 2, 5];

    private readonly double _low, _high;
    public bool IsLog { get; }

    /// <summary>Logarithmic when asked to be, or when the times span more than a decade.</summary>
    public TimeScale(double min, double max, bool log)
    {
        IsLog = log || max / Math.Max(min, 1e-3) > 10;
        if (IsLog)
        {
            _low = Math.Pow(10, Math.Floor(Math.Log10(Math.Max(min, 1e-3)) - 0.3));
            double decade = Math.Pow(10, Math.Floor(Math.Log10(max)));
            _high = TickSteps.Select(step => step * decade).Append(10 * decade).First(tick => tick >= max);
        }
        else
        {
            _low = 0;
            _high = NiceCeiling(max);
        }
    }

    /// <summary>Linear from zero to a round value at or above <paramref name="max"/>, whatever the spread (a throughput axis).</summary>
    public static TimeScale Linear(double max) => new(max, max, log: false);

    public double Fraction(double ns) => IsLog
        ? Math.Clamp((Math.Log10(ns) - Math.Log10(_low)) / (Math.Log10(_high) - Math.Log10(_low)), 0, 1)
        : Math.Clamp(ns / _high, 0, 1);

    public IEnumerable<double> Ticks()
    {
        if (IsLog)
        {
            for (double decade = Math.Pow(10, Math.Floor(Math.Log10(_low))); decade <= _high; decade *= 10)
            {
                foreach (double step in TickSteps)
                {
                    double tick = step * decade;
                    if (tick >= _low * 0.9999 && tick <= _high * 1.0001)
                        yield return tick;
                }
            }
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
