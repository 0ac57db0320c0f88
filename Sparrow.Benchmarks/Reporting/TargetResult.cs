using System.Globalization;
using System.Reflection;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>One [Target] of a Sparrow method in one case: the ratio of medians it asks for and the one measured.</summary>
internal sealed record TargetResult(TargetAttribute Target, double? Ratio)
{
    /// <summary>Null when <see cref="TargetAttribute.Against"/> was not measured in this case (filtered out or failed).</summary>
    public bool? Met => Ratio is { } ratio ? ratio <= Target.MaxRatio : null;

    /// <summary>The targets of <paramref name="sparrow"/>'s method that apply to its case, each against its method in <paramref name="sameCase"/>.</summary>
    public static IReadOnlyList<TargetResult> For(BenchmarkReport sparrow, IEnumerable<BenchmarkReport> sameCase) =>
        sparrow.BenchmarkCase.Descriptor.WorkloadMethod.GetCustomAttributes<TargetAttribute>()
            .Where(target => AppliesTo(target, sparrow.BenchmarkCase))
            .Select(target => new TargetResult(target,
                sameCase.FirstOrDefault(r => r.BenchmarkCase.Descriptor.WorkloadMethod.Name == target.Against) is { } against
                    ? sparrow.ResultStatistics!.Median / against.ResultStatistics!.Median
                    : null))
            .ToList();

    /// <summary>
    /// A target without a job is the goal on the machine as it is, so it applies to every job but the
    /// AVX-512-off one, whose goals name it; one with a size range applies only to cases with a Size in range.
    /// </summary>
    private static bool AppliesTo(TargetAttribute target, BenchmarkCase benchmarkCase)
    {
        bool jobMatches = target.Job is null ? !WithoutAvx512Job.Is(benchmarkCase.Job) : benchmarkCase.Job.ResolvedId == target.Job;
        bool sizeMatches = benchmarkCase.Parameters["Size"] is int size
            ? size >= target.MinSize && size <= target.MaxSize
            : target.MinSize == int.MinValue && target.MaxSize == int.MaxValue;
        return jobMatches && sizeMatches;
    }

    /// <summary>"≤0.75x Memcmp: 0.68x met", "≤0.50x SequenceCompareTo: 0.61x **missed** by 22%", "≤0.80x Memcmp: not measured".</summary>
    public override string ToString() => Ratio switch
    {
        null => string.Create(CultureInfo.InvariantCulture, $"≤{Target.MaxRatio:0.00}x {Target.Against}: not measured"),
        { } ratio when ratio <= Target.MaxRatio => string.Create(CultureInfo.InvariantCulture, $"≤{Target.MaxRatio:0.00}x {Target.Against}: {ratio:0.00}x met"),
        { } ratio => string.Create(CultureInfo.InvariantCulture, $"≤{Target.MaxRatio:0.00}x {Target.Against}: {ratio:0.00}x **missed** by {(ratio / Target.MaxRatio - 1) * 100:0}%"),
    };
}
