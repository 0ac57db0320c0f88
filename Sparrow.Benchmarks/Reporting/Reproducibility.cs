using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// Whether a run repeats the one published before it: each headline ratio of this run beside the previous run's
/// (read back from the previous docs/benchmarks.md), agreeing when it lies inside the previous interval or within
/// <see cref="Tolerance"/> of the previous ratio. <c>--publish</c> prints it before it overwrites the previous run.
/// </summary>
internal static partial class Reproducibility
{
    public const double Tolerance = 0.10;

    /// <summary>The headline ratios a published section holds, by "Primitive | Case | Method | Against".</summary>
    public static Dictionary<string, RatioEstimate> Read(string published)
    {
        var ratios = new Dictionary<string, RatioEstimate>();
        foreach (Match row in Row().Matches(published))
        {
            ratios[Key(row.Groups["primitive"].Value, row.Groups["case"].Value, row.Groups["method"].Value, row.Groups["against"].Value)] = new RatioEstimate(
                Number(row.Groups["ratio"].Value), Number(row.Groups["low"].Value), Number(row.Groups["high"].Value), row.Groups["unit"].Value);
        }
        return ratios;
    }

    public static bool Agrees(RatioEstimate previous, RatioEstimate current) =>
        (current.Ratio >= previous.Low && current.Ratio <= previous.High) || Math.Abs(current.Ratio / previous.Ratio - 1) <= Tolerance;

    /// <summary>A Markdown table of this run's headline ratios beside the previous run's, and the share that agree; null without a previous run.</summary>
    public static string? Compare(string previousDoc, IReadOnlyList<VerdictRow> headline)
    {
        var previous = Read(previousDoc);
        var pairs = headline
            .Where(row => row.Ratio is not null && previous.ContainsKey(Key(row.Primitive, row.Case, row.Method, row.Against)))
            .Select(row => (Row: row, Previous: previous[Key(row.Primitive, row.Case, row.Method, row.Against)]))
            .ToList();
        if (pairs.Count == 0)
            return null;
        var text = new StringBuilder("| Primitive | Case | Sparrow method | Against | Previous run | This run | Agrees |\n|---|---|---|---|---:|---:|---|\n");
        foreach (var (row, before) in pairs)
            text.AppendLine($"| {row.Primitive} | {row.Case} | {row.Method} | {row.Against} | {before} | {row.Ratio} | {(Agrees(before, row.Ratio!) ? "yes" : "**no**")} |");
        int agree = pairs.Count(p => Agrees(p.Previous, p.Row.Ratio!));
        text.AppendLine(SvgChart.Invariant($"{agree} of {pairs.Count} headline ratios ({(double)agree / pairs.Count:0%}) lie inside the previous run's interval or within {Tolerance:0%} of its ratio."));
        return text.ToString();
    }

    private static string Key(string primitive, string @case, string method, string against) => $"{primitive} | {@case} | {method} | {against}";

    private static double Number(string text) => double.Parse(text, CultureInfo.InvariantCulture);

    // A verdict row as VerdictRow.ToMarkdown writes it: "| Compare | Size=4, Pairs=Equal | Compare | 1.23 ns | Memcmp | **0.62x [0.58–0.66]** | ... |",
    // or with a time instead of a ratio: "... | time per operation | 3.43 ns [3.40–3.47] | ... |".
    [GeneratedRegex(@"^\| (?<primitive>[^|]+) \| (?<case>[^|]+) \| (?<method>[^|]+) \| [^|]+ \| (?<against>[^|]+) \| \**(?<ratio>[0-9.]+)(?<unit>x| ns) \[(?<low>[0-9.]+)–(?<high>[0-9.]+)\]\** \|", RegexOptions.Multiline)]
    private static partial Regex Row();
}
