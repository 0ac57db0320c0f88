using ScottPlot;
using ScottPlot.TickGenerators;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// The charts of docs/benchmarks.md (ScottPlot, PNG), one a primitive and panel: for a class whose cases run over three
/// sizes or more, median time per operation against size, log-log, one line per implementation, a panel for each
/// combination of its other parameters and the job; for the others, bars of median time per implementation, grouped by case.
/// </summary>
internal static class Charts
{
    private const int Width = 1000, Height = 540;
    private static readonly IPalette Palette = new ScottPlot.Palettes.ColorblindFriendly();

    /// <summary>The charts of one primitive's cases: a name ("Compare", "Compare-Equal-NoAVX512") and its measured cases.</summary>
    public static IEnumerable<(string Name, List<Measured> Cases)> Panels(IEnumerable<Measured> primitive)
    {
        var cases = primitive.ToList();
        if (!BySize(cases))
            return [(cases[0].Case.Primitive, cases)];
        // A panel for each combination of the parameters other than Size, and the job: "Equal-NoAVX512".
        return cases.GroupBy(m => string.Join('-', m.Case.Parameters.Where(p => p.Key != "Size").Select(p => p.Value)
                .Append(m.Case.WithoutAvx512 ? WithoutAvx512Attribute.JobId : null).OfType<string>()))
            .Select(p => (p.Key.Length == 0 ? cases[0].Case.Primitive : $"{cases[0].Case.Primitive}-{p.Key}", p.ToList()));
    }

    private static bool BySize(List<Measured> cases) => cases.All(m => m.Case.Size is not null) && cases.Select(m => m.Case.Size).Distinct().Count() >= 3;

    /// <summary>One panel's chart, a PNG.</summary>
    public static byte[] Render(string name, List<Measured> cases)
    {
        var plot = new Plot();
        var methods = cases.Select(m => (m.Case.Method.Name, Role: m.Case.Role ?? Role.Reference)).Distinct().OrderBy(m => m.Role).ThenBy(m => m.Name, StringComparer.Ordinal).ToList();
        if (BySize(cases))
        {
            for (int i = 0; i < methods.Count; i++)
            {
                var points = cases.Where(m => m.Case.Method.Name == methods[i].Name).OrderBy(m => m.Case.Size).ToList();
                var line = plot.Add.Scatter(points.Select(m => Math.Log10(m.Case.Size!.Value)).ToArray(), points.Select(m => Math.Log10(m.MedianNs)).ToArray(), Palette.GetColor(i));
                line.LegendText = $"{methods[i].Name} ({methods[i].Role})";
                line.LineWidth = methods[i].Role == Role.Sparrow ? 3 : 1.5f;
                line.MarkerSize = 5;
            }
            plot.Axes.Bottom.TickGenerator = SizeTicks(cases.Min(m => m.Case.Size!.Value), cases.Max(m => m.Case.Size!.Value));
            plot.XLabel("size (bytes, log scale)");
            plot.Title($"{name}: time against size (lower is better)");
        }
        else
        {
            // Bars of log10 of the time, so one axis holds times a thousandfold apart, from a power of ten at most half the
            // fastest time, so the fastest bar still shows.
            var groups = cases.Select(m => m.Case.Name).Distinct().ToList();
            double floor = Math.Floor(Math.Log10(cases.Min(m => m.MedianNs) / 2));
            var bars = from g in Enumerable.Range(0, groups.Count)
                       from i in Enumerable.Range(0, methods.Count)
                       let measured = cases.FirstOrDefault(m => m.Case.Name == groups[g] && m.Case.Method.Name == methods[i].Name)
                       where measured is not null
                       select new Bar
                       {
                           Position = g * (methods.Count + 1) + i, FillColor = Palette.GetColor(i), ValueBase = floor, Value = Math.Log10(measured.MedianNs),
                           Label = methods.Count * groups.Count <= 8 ? Format.Time(measured.MedianNs) : "",
                       };
            plot.Add.Bars(bars.ToList()).ValueLabelStyle.FontSize = 12;
            plot.Axes.Bottom.TickGenerator = new NumericManual([.. groups.Select((_, g) => g * (methods.Count + 1) + (methods.Count - 1) / 2.0)],
                [.. groups.Select(g => g != "-" ? g : groups.Count > 1 ? "AVX-512 on" : "")]);
            plot.Axes.Bottom.MajorTickStyle.Length = 0;
            plot.Axes.SetLimitsY(floor, Math.Log10(cases.Max(m => m.MedianNs)) + 0.15);
            plot.Legend.ManualItems.AddRange(methods.Select((m, i) => new LegendItem { LabelText = $"{m.Name} ({m.Role})", FillColor = Palette.GetColor(i) }));
            plot.Title($"{name}: median time per implementation (lower is better)");
        }
        // Both plot log10 of the time: ScottPlot's axes are linear, so the ticks say what each power of ten stands for.
        plot.Axes.Left.TickGenerator = LogTicks();
        plot.YLabel("median time per operation (log scale)");
        plot.ShowLegend(Edge.Right);
        return plot.GetImageBytes(Width, Height, ImageFormat.Png);
    }

    // Ticks at 1, 2 and 5 times each power of ten, on an axis plotting log10 of the time, labelled with the time.
    private static NumericManual LogTicks()
    {
        double[] times = [.. Enumerable.Range(-3, 14).SelectMany(decade => new[] { 1, 2, 5 }.Select(step => step * Math.Pow(10, decade)))];
        return new NumericManual([.. times.Select(Math.Log10)], [.. times.Select(Format.Time)]);
    }

    // Sizes at powers of two, few enough not to overlap: "16", "256", "4 KiB", "64 KiB".
    private static NumericManual SizeTicks(int min, int max)
    {
        int low = (int)Math.Floor(Math.Log2(min)), high = (int)Math.Ceiling(Math.Log2(max)), step = Math.Max(1, (high - low + 7) / 8);
        int[] powers = [.. Enumerable.Range(low, high - low + 1).Where(power => (power - low) % step == 0)];
        return new NumericManual([.. powers.Select(power => Math.Log10(Math.Pow(2, power)))],
            [.. powers.Select(power => power < 10 ? Format.Whole(1 << power) : Format.Invariant($"{1 << (power - 10)} KiB"))]);
    }
}
