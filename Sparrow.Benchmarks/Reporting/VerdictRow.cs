using Sparrow.Benchmarks.Suite;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// One line of the verdict: a Sparrow method's time over another method's in the same case and job (below 1 is
/// Sparrow faster, as in BenchmarkDotNet's Ratio column), with its bootstrap interval across launches and
/// iterations, and the [Target] it answers when it answers one. Rows are taken for each target that applies, then
/// against the fastest alternative and the fastest historical baseline when no target already names them.
/// </summary>
internal sealed record VerdictRow(
    string Primitive, string Case, string Method, double SparrowNs, string Against, RatioEstimate? Ratio, TargetAttribute? Target, bool IsHeadline)
{
    /// <summary>
    /// Met when the whole interval of <see cref="Ratio"/> is at or under <see cref="Target"/>, missed when it is over it, undecided
    /// when it straddles it (this run cannot tell), not measured without the method the target names; null for a row without a target.
    /// </summary>
    public TargetVerdict? Verdict => Target is null ? null : Ratio switch
    {
        null => TargetVerdict.NotMeasured,
        { } r when r.High <= Target.MaxRatio => TargetVerdict.Met,
        { } r when r.Low > Target.MaxRatio => TargetVerdict.Missed,
        _ => TargetVerdict.Undecided,
    };

    public static IReadOnlyList<VerdictRow> From(RunResults run) =>
    [
        .. from @case in run.Cases.GroupBy(m => (m.Case.Type, m.Case.Name))
           let strongest = new[] { Fastest(@case, Role.Alternative), Fastest(@case, Role.Historical) }.OfType<string>()
           from sparrow in @case.Where(m => m.Case.Role == Role.Sparrow)
           let targets = sparrow.Case.Targets.ToList()
           from comparison in targets.Select(t => (t.Against, Target: (TargetAttribute?)t))
               .Concat(strongest.Where(m => targets.All(t => t.Against != m)).Select(m => (Against: m, Target: (TargetAttribute?)null)))
           let other = @case.FirstOrDefault(m => m.Case.Method.Name == comparison.Against)
           let ratio = comparison.Against == TargetAttribute.TimePerOperation ? LaunchBootstrap.Time(sparrow.Launches)
               : other is null ? null : LaunchBootstrap.Ratio(sparrow.Launches, other.Launches)
           select new VerdictRow(sparrow.Case.Primitive, sparrow.Case.Name, sparrow.Case.Method.Name, sparrow.MedianNs, comparison.Against, ratio, comparison.Target,
               HeadlineSuite.IsHeadline(sparrow.Case) && (other is null || HeadlineSuite.IsHeadline(other.Case))),
    ];

    /// <summary>The verdict as a Markdown table (the console prints the same table).</summary>
    public static string ToMarkdown(IEnumerable<VerdictRow> rows) =>
        "| Primitive | Case | Sparrow method | Median | Against | Ratio [95% interval] | Target |\n|---|---|---|---:|---|---:|---|\n" + string.Concat(rows.Select(row =>
            $"| {row.Primitive} | {row.Case} | {row.Method} | {Format.Time(row.SparrowNs)} | {row.Against} | {row.RatioText} | {row.TargetText} |\n"));

    /// <summary>
    /// The ratio and its interval, "not measured" without one; bold when the whole interval of a ratio is below 1:
    /// Sparrow is faster, whatever the resample.
    /// </summary>
    public string RatioText => Ratio is null ? "not measured" : Ratio.Unit == RatioEstimate.Times && Ratio.High < 1 ? $"**{Ratio}**" : Ratio.ToString();

    /// <summary>"≤0.75x: met", "≤0.50x: **missed**", "≤0.80x: undecided", "≤0.80x: not measured"; "≤1.50 ns: met" for a time; "-" without a target.</summary>
    public string TargetText => Target is null ? "-"
        : Format.Invariant($"≤{Target.MaxRatio:0.00}{(Target.Against == TargetAttribute.TimePerOperation ? RatioEstimate.Nanoseconds : RatioEstimate.Times)}: ")
            + (Verdict == TargetVerdict.Missed ? "**missed**" : Name(Verdict!.Value));

    /// <summary>"Targets: 12 met, 3 missed, 2 undecided, 1 not measured" (met and missed even when none), or null when no row states a target.</summary>
    public static string? TargetTally(IEnumerable<VerdictRow> rows) =>
        rows.Select(row => row.Verdict).OfType<TargetVerdict>().ToList() is { Count: > 0 } verdicts
            ? "Targets: " + string.Join(", ", Enum.GetValues<TargetVerdict>().Select(v => (Verdict: v, Count: verdicts.Count(x => x == v)))
                .Where(c => c.Count > 0 || c.Verdict is TargetVerdict.Met or TargetVerdict.Missed).Select(c => $"{c.Count} {Name(c.Verdict)}"))
            : null;

    private static string Name(TargetVerdict verdict) => verdict == TargetVerdict.NotMeasured ? "not measured" : verdict.ToString().ToLowerInvariant();

    private static string? Fastest(IEnumerable<Measured> cases, Role role) =>
        cases.Where(m => m.Case.Role == role).MinBy(m => m.MedianNs)?.Case.Method.Name;
}
