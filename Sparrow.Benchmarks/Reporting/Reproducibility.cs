namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// Whether a run repeats the one published before it (both read from their JSON): each headline ratio of this run
/// beside the previous run's, agreeing when it lies inside the previous interval or within <see cref="Tolerance"/> of the
/// previous ratio. <c>--publish</c> prints it before it replaces the previous run.
/// </summary>
internal static class Reproducibility
{
    public const double Tolerance = 0.10;

    public static bool Agrees(RatioEstimate previous, RatioEstimate current) =>
        (current.Ratio >= previous.Low && current.Ratio <= previous.High) || Math.Abs(current.Ratio / previous.Ratio - 1) <= Tolerance;

    /// <summary>A Markdown table of this run's headline ratios beside the previous run's, and the share that agree; null when no row is in both.</summary>
    public static string? Compare(IReadOnlyList<VerdictRow> previous, IReadOnlyList<VerdictRow> current)
    {
        var before = previous.Where(row => row.IsHeadline && row.Ratio is not null).ToDictionary(Key, row => row.Ratio!);
        var pairs = current.Where(row => row.IsHeadline && row.Ratio is not null && before.ContainsKey(Key(row))).Select(row => (Row: row, Previous: before[Key(row)])).ToList();
        if (pairs.Count == 0)
            return null;
        int agree = pairs.Count(p => Agrees(p.Previous, p.Row.Ratio!));
        return "| Primitive | Case | Sparrow method | Against | Previous run | This run | Agrees |\n|---|---|---|---|---:|---:|---|\n" + string.Concat(pairs.Select(p =>
                $"| {p.Row.Primitive} | {p.Row.Case} | {p.Row.Method} | {p.Row.Against} | {p.Previous} | {p.Row.Ratio} | {(Agrees(p.Previous, p.Row.Ratio!) ? "yes" : "**no**")} |\n"))
            + Format.Invariant($"{agree} of {pairs.Count} headline ratios ({(double)agree / pairs.Count:0%}) lie inside the previous run's interval or within {Tolerance:0%} of its ratio.");
    }

    private static (string, string, string, string) Key(VerdictRow row) => (row.Primitive, row.Case, row.Method, row.Against);
}
