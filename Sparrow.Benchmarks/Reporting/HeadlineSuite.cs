using System.Reflection;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// What <c>dotnet run -c Release --project Sparrow.Benchmarks</c> runs with no arguments: every benchmark
/// class, but only the sizes that tell the story and only Sparrow, its alternatives and its historical
/// baselines (the naive references stay in the full suite). Sized to finish in well under 10 minutes
/// on a 2-core machine.
/// </summary>
internal static class HeadlineSuite
{
    /// <summary>Sizes for classes with a <c>Size</c> parameter: a small key, a typical 9..16-byte key, a large page.</summary>
    public static readonly int[] Sizes = [4, 12, 64, 4096];

    /// <summary>
    /// The job used whenever the command line names none: BenchmarkDotNet's defaults would spend 20+ s a
    /// case; 3 warm-ups and 9 measured iterations of ~150 ms keep the error column within a few percent
    /// for these allocation-free, nanosecond-scale methods, and a case takes about 5 s.
    /// </summary>
    public static readonly Job Job = Job.Default
        .WithId("Sparrow")
        .WithLaunchCount(1)
        .WithWarmupCount(3)
        .WithIterationCount(9)
        .WithIterationTime(Perfolizer.Horology.TimeInterval.FromMilliseconds(150));

    public static IFilter Filter { get; } = new SimpleFilter(IsHeadline);

    private static bool IsHeadline(BenchmarkCase benchmarkCase)
    {
        // A benchmark without [Role] stays in, so that the RoleValidator fails the run naming it.
        // A reference that a [Target] is measured against (Move's own Copy) stays in, so the target is checked.
        if (BenchmarkRoles.TryOf(benchmarkCase) == Role.Reference && !IsTargetYardstick(benchmarkCase))
            return false;
        object? size = benchmarkCase.Parameters["Size"];
        return size is not int s || Sizes.Contains(s);
    }

    private static bool IsTargetYardstick(BenchmarkCase benchmarkCase) =>
        benchmarkCase.Descriptor.Type.GetMethods()
            .SelectMany(m => m.GetCustomAttributes<TargetAttribute>())
            .Any(t => t.Against == benchmarkCase.Descriptor.WorkloadMethod.Name);
}
