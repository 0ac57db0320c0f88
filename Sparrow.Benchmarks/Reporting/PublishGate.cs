using System.Globalization;
using System.Reflection;
using BenchmarkDotNet.Reports;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>Medians of two methods that run the same code (<see cref="SameCodeAsAttribute"/>), in one case.</summary>
internal sealed record SameCodeMedians(string Case, string Method, double MedianNs, string SameAs, double SameAsMedianNs);

/// <summary>The spread of one headline case's measurements.</summary>
internal sealed record Spread(string Case, double MeanNs, double StdDevNs);

/// <summary>
/// Decides whether a run is quiet enough for <c>--publish</c> to write its numbers into README.md and docs/:
/// each rule below is a sign the machine, not the code, shaped the numbers. The rules are pure functions of
/// figures taken from the run (<see cref="SameCodePairs"/>, <see cref="HeadlineSpreads"/>) and from
/// <see cref="MachineAtStart"/>; an empty list of refusals means publish.
/// </summary>
internal static class PublishGate
{
    /// <summary>Two methods running the same code may differ by at most this fraction (of the faster one's median).</summary>
    public const double SameCodeTolerance = 0.10;

    /// <summary>A headline case's standard deviation may be at most this fraction of its mean.</summary>
    public const double MaxRelativeStdDev = 0.05;

    /// <summary>
    /// The 1-minute load average (runnable tasks, averaged) allowed when the run begins, whatever the core count:
    /// a benchmark runs on one core, but a second busy task shares its caches, memory bandwidth and clock boost,
    /// so half a task on average is already too much. `dotnet run` building the project just before adds about
    /// 0.1-0.2 (a few seconds of two busy tasks, decayed over a minute), which this leaves room for.
    /// </summary>
    public const double MaxLoadAverage = 0.5;

    /// <summary>The CPU, in cores, other processes may use together while <see cref="MachineAtStart"/> watches.</summary>
    public const double MaxOtherProcessCores = 0.2;

    public static readonly string WhatToDo =
        "README.md and docs/ were left as they were; this run's reports are in BenchmarkDotNet.Artifacts/results/.\n" +
        "To publish: stop other work on the machine (the processes named above; `top` shows them), wait until the first\n" +
        Invariant($"figure of `cat /proc/loadavg` is below {MaxLoadAverage:0.0#}, and run the same command again.");

    /// <summary>Every reason not to publish; empty when the run may be published.</summary>
    public static IReadOnlyList<string> Refusals(MachineAtStart machine, IEnumerable<SameCodeMedians> sameCode, IEnumerable<Spread> headline) =>
    [
        .. MachineRefusals(machine),
        .. sameCode.Select(SameCodeRefusal).OfType<string>(),
        .. headline.Select(SpreadRefusal).OfType<string>(),
    ];

    public static IEnumerable<string> MachineRefusals(MachineAtStart machine)
    {
        if (machine.LoadAverage1Min is not { } load || machine.OtherProcesses is not { } others)
        {
            yield return "could not read /proc/loadavg and /proc/<pid>/stat, so nothing shows the machine was quiet (publish from Linux)";
            yield break;
        }
        if (load > MaxLoadAverage)
            yield return Invariant($"the machine was busy when the run began: 1-minute load average {load:0.00}, above {MaxLoadAverage:0.0#}");
        double othersCores = others.Sum(p => p.Cores);
        if (othersCores > MaxOtherProcessCores)
        {
            string top = string.Join(", ", others.Take(3).Select(p => Invariant($"{p.Name} (pid {p.Pid}, {p.Cores:0.00} cores)")));
            yield return Invariant($"other processes used {othersCores:0.00} cores when the run began, above {MaxOtherProcessCores:0.0#}: {top}");
        }
    }

    public static string? SameCodeRefusal(SameCodeMedians pair)
    {
        double faster = Math.Min(pair.MedianNs, pair.SameAsMedianNs), slower = Math.Max(pair.MedianNs, pair.SameAsMedianNs);
        return slower > faster * (1 + SameCodeTolerance)
            ? Invariant($"{pair.Case}: {pair.Method} ({pair.MedianNs:0.###} ns) and {pair.SameAs} ({pair.SameAsMedianNs:0.###} ns) run the same code but differ by {(slower / faster - 1) * 100:0}%, above {SameCodeTolerance * 100:0}%")
            : null;
    }

    public static string? SpreadRefusal(Spread spread) =>
        spread.StdDevNs > spread.MeanNs * MaxRelativeStdDev
            ? Invariant($"{spread.Case}: StdDev {spread.StdDevNs:0.###} ns is {spread.StdDevNs / spread.MeanNs * 100:0.0}% of the mean {spread.MeanNs:0.###} ns, above {MaxRelativeStdDev * 100:0}%")
            : null;

    /// <summary>Every pair of methods marked <see cref="SameCodeAsAttribute"/> measured in the same case and job.</summary>
    public static IEnumerable<SameCodeMedians> SameCodePairs(IEnumerable<Summary> summaries) =>
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
        select new SameCodeMedians(
            $"{BenchmarkRoles.PrimitiveName(report.BenchmarkCase.Descriptor.Type)} {CaseName.Of(report.BenchmarkCase)}",
            report.BenchmarkCase.Descriptor.WorkloadMethod.Name, report.ResultStatistics!.Median,
            sameAs.Method, other.ResultStatistics!.Median);

    /// <summary>The spread of every measured case the headline suite holds (whatever the command line selected).</summary>
    public static IEnumerable<Spread> HeadlineSpreads(IEnumerable<Summary> summaries) =>
        from summary in summaries
        from report in summary.Reports
        where report.Success && report.ResultStatistics is not null && HeadlineSuite.Filter.Predicate(report.BenchmarkCase)
        select new Spread(
            $"{BenchmarkRoles.PrimitiveName(report.BenchmarkCase.Descriptor.Type)}.{report.BenchmarkCase.Descriptor.WorkloadMethod.Name} {CaseName.Of(report.BenchmarkCase)}",
            report.ResultStatistics!.Mean, report.ResultStatistics.StandardDeviation);

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
