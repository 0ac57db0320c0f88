using System.Reflection;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>Two methods that run the same code (<see cref="SameCodeAsAttribute"/>), in one case: their multi-launch medians' ratio.</summary>
internal sealed record SameCodePair(string Case, string Method, string SameAs, RatioEstimate Ratio);

/// <summary>
/// Whether a run may be published: <see cref="Refusals"/> lists every reason not to, from three questions. Did other
/// processes use more than <see cref="MaxOtherCores"/> cores on average while it ran (<see cref="CpuTicks"/>)? Do the
/// A/A pairs (two methods running the same code) agree within <see cref="SameCodeTolerance"/>; when not, placement or
/// the machine moved the numbers? Are more than <see cref="MaxUndecidedShare"/> of the headline targets undecided? The
/// targets were set with room to spare, so a quiet run decides nearly all of them; a quarter undecided says the
/// intervals are wide across the board, and a table of "undecided" tells a reader nothing.
/// </summary>
internal static class PublishGate
{
    public const double MaxOtherCores = 0.2, SameCodeTolerance = 0.10, MaxUndecidedShare = 0.25;

    public static readonly string WhatToDo =
        "README.md and docs/ were left as they were; this run's reports are in BenchmarkDotNet.Artifacts/results/.\n" +
        "To publish: stop other work on the machine (`top` shows it) and run the same command again.";

    public static IReadOnlyList<string> Refusals(double? otherCores, IEnumerable<SameCodePair> sameCode, IEnumerable<TargetVerdict> headlineTargets) =>
        [.. new[] { MachineRefusal(otherCores), UndecidedRefusal(headlineTargets) }.Concat(sameCode.Select(SameCodeRefusal)).OfType<string>()];

    public static string? MachineRefusal(double? otherCores) => otherCores switch
    {
        null => "could not read /proc/stat and /proc/self/stat, so nothing shows the machine was quiet (publish from Linux)",
        > MaxOtherCores => Format.Invariant($"other processes used {otherCores:0.00} cores on average while the run measured (above {MaxOtherCores:0.0#})"),
        _ => null,
    };

    public static string? SameCodeRefusal(SameCodePair pair) =>
        Math.Max(pair.Ratio.Ratio, 1 / pair.Ratio.Ratio) is var slowerOverFaster && slowerOverFaster > 1 + SameCodeTolerance
            ? Format.Invariant($"{pair.Case}: {pair.Method} and {pair.SameAs} run the same code but their medians differ by ")
                + Format.Invariant($"{(slowerOverFaster - 1) * 100:0}% (ratio {pair.Ratio}), above {SameCodeTolerance * 100:0}%")
            : null;

    public static string? UndecidedRefusal(IEnumerable<TargetVerdict> headlineTargets)
    {
        var measured = headlineTargets.Where(v => v != TargetVerdict.NotMeasured).ToList();
        int undecided = measured.Count(v => v == TargetVerdict.Undecided);
        return undecided > measured.Count * MaxUndecidedShare
            ? Format.Invariant($"{undecided} of {measured.Count} headline targets are undecided (their interval straddles the target), above {MaxUndecidedShare:0%}")
            : null;
    }

    /// <summary>Every pair of methods marked <see cref="SameCodeAsAttribute"/> measured in the same case and job.</summary>
    public static IEnumerable<SameCodePair> SameCodePairs(RunResults run) =>
        from measured in run.Cases
        let sameAs = measured.Case.Method.GetCustomAttribute<SameCodeAsAttribute>()
        where sameAs is not null
        from other in run.Cases
        where other.Case.Method.Name == sameAs.Method && (other.Case.Type, other.Case.Name) == (measured.Case.Type, measured.Case.Name)
        select new SameCodePair($"{measured.Case.Primitive} {measured.Case.Name}", measured.Case.Method.Name, sameAs.Method,
            LaunchBootstrap.Ratio(measured.Launches, other.Launches));
}
