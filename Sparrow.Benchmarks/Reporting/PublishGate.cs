using System.Reflection;
using BenchmarkDotNet.Reports;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>Two methods that run the same code (<see cref="SameCodeAsAttribute"/>), in one case: their multi-launch medians' ratio.</summary>
internal sealed record SameCodePair(string Case, string Method, string SameAs, RatioEstimate Ratio);

/// <summary>
/// Decides whether a run may be published (<c>--publish</c> writes README.md and docs/benchmarks.md). It asks two
/// questions of the run's own numbers, and one of the machine:
/// <list type="bullet">
/// <item>A/A: do two methods that run exactly the same code agree within <see cref="SameCodeTolerance"/> on their
/// multi-launch medians? When they do not, placement or the machine, not the code, moved the numbers.</item>
/// <item>Are the headline target verdicts decided? A ratio whose interval straddles its target is published as
/// undecided; more than <see cref="MaxUndecidedShare"/> of them undecided says the run could not tell.</item>
/// <item>Did other processes keep using more than <see cref="OtherProcesses.MaxCores"/> cores while the run began?</item>
/// </list>
/// The rules are pure functions of those figures; an empty list of refusals means publish.
/// </summary>
internal static class PublishGate
{
    /// <summary>Two methods running the same code may differ by at most this fraction (of the faster one's median).</summary>
    public const double SameCodeTolerance = 0.10;

    /// <summary>
    /// The share of headline targets allowed to be undecided. The targets were set with room to spare, so a quiet
    /// run decides nearly all of them: a few near their limit (Copy at 1.03x of memcpy on large sizes, say) may
    /// straddle it. A quarter undecided means the intervals are wide across the board, and a published table would be
    /// mostly "undecided", which tells a reader nothing.
    /// </summary>
    public const double MaxUndecidedShare = 0.25;

    public static readonly string WhatToDo =
        "README.md and docs/ were left as they were; this run's reports are in BenchmarkDotNet.Artifacts/results/.\n" +
        "To publish: stop other work on the machine (`top` shows it) and run the same command again.";

    /// <summary>Every reason not to publish; empty when the run may be published.</summary>
    public static IReadOnlyList<string> Refusals(IReadOnlyList<BusyProcess>? others, IEnumerable<SameCodePair> sameCode, IEnumerable<TargetVerdict> headlineTargets) =>
    [
        .. MachineRefusal(others) is { } machine ? [machine] : Array.Empty<string>(),
        .. sameCode.Select(SameCodeRefusal).OfType<string>(),
        .. UndecidedRefusal(headlineTargets) is { } undecided ? [undecided] : Array.Empty<string>(),
    ];

    public static string? MachineRefusal(IReadOnlyList<BusyProcess>? others) =>
        others is null
            ? "could not read /proc/<pid>/stat, so nothing shows the machine was quiet (publish from Linux)"
            : others.Sum(p => p.Cores) is var cores && cores > OtherProcesses.MaxCores
                ? SvgChart.Invariant($"other processes kept using {cores:0.00} cores (above {OtherProcesses.MaxCores:0.0#}) when the run began: {OtherProcesses.Describe(others)}")
                : null;

    public static string? SameCodeRefusal(SameCodePair pair)
    {
        double slowerOverFaster = Math.Max(pair.Ratio.Ratio, 1 / pair.Ratio.Ratio);
        return slowerOverFaster > 1 + SameCodeTolerance
            ? SvgChart.Invariant($"{pair.Case}: {pair.Method} and {pair.SameAs} run the same code but their medians differ by {(slowerOverFaster - 1) * 100:0}% (ratio {pair.Ratio}), above {SameCodeTolerance * 100:0}%")
            : null;
    }

    public static string? UndecidedRefusal(IEnumerable<TargetVerdict> headlineTargets)
    {
        var measured = headlineTargets.Where(v => v != TargetVerdict.NotMeasured).ToList();
        int undecided = measured.Count(v => v == TargetVerdict.Undecided);
        return measured.Count > 0 && undecided > measured.Count * MaxUndecidedShare
            ? SvgChart.Invariant($"{undecided} of {measured.Count} headline targets are undecided (their interval straddles the target), above {MaxUndecidedShare:0%}")
            : null;
    }

    /// <summary>Every pair of methods marked <see cref="SameCodeAsAttribute"/> measured in the same case and job.</summary>
    public static IEnumerable<SameCodePair> SameCodePairs(IEnumerable<Summary> summaries) =>
        from summary in summaries
        let measured = summary.Reports.Where(r => r.Success && r.ResultStatistics is not null).ToList()
        from report in measured
        let sameAs = report.BenchmarkCase.Descriptor.WorkloadMethod.GetCustomAttribute<SameCodeAsAttribute>()
        where sameAs is not null
        from other in measured
        where other.BenchmarkCase.Descriptor.Type == report.BenchmarkCase.Descriptor.Type
              && other.BenchmarkCase.Descriptor.WorkloadMethod.Name == sameAs.Method
              && other.BenchmarkCase.Parameters.DisplayInfo == report.BenchmarkCase.Parameters.DisplayInfo
              && other.BenchmarkCase.Job.ResolvedId == report.BenchmarkCase.Job.ResolvedId
        select new SameCodePair(
            $"{BenchmarkRoles.PrimitiveName(report.BenchmarkCase.Descriptor.Type)} {CaseName.Of(report.BenchmarkCase)}",
            report.BenchmarkCase.Descriptor.WorkloadMethod.Name, sameAs.Method,
            LaunchBootstrap.Ratio(LaunchSamples.Of(report), LaunchSamples.Of(other)));
}
