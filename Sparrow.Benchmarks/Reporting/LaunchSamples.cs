using BenchmarkDotNet.Reports;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>A case's measured time per operation (ns), grouped by launch: what <see cref="LaunchBootstrap"/> resamples.</summary>
internal static class LaunchSamples
{
    /// <summary>
    /// The workload's result iterations (after BenchmarkDotNet's own overhead and outlier handling) of each launch, in
    /// nanoseconds per operation; empty when the case has none (it failed).
    /// </summary>
    public static IReadOnlyList<double[]> Of(BenchmarkReport report) =>
        [.. report.GetResultRuns()
            .GroupBy(m => m.LaunchIndex)
            .OrderBy(launch => launch.Key)
            .Select(launch => launch.Select(m => m.GetAverageTime().Nanoseconds).ToArray())];
}
