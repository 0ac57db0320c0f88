using System.Reflection;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using Perfolizer.Horology;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks.Suite;

/// <summary>
/// What <c>dotnet run -c Release --project Sparrow.Benchmarks</c> runs with no arguments (or with <c>--anyCategories Headline</c>):
/// the cases that carry the claims, declared where the benchmarks are (see <see cref="Category"/>), each measured in
/// several launches so that one process's code and data placement does not decide a nanosecond ratio.
/// </summary>
internal static class HeadlineSuite
{
    /// <summary>
    /// The job used whenever the command line names none. Three launches per case: the bootstrap resamples launches,
    /// and fewer than three leave it little to resample; with one launch the A/A pairs disagreed far beyond 10% (issue 18). Per
    /// launch, 2 warm-ups and 7 measured iterations of 40 ms: a nanosecond case runs hundreds of thousands of operations
    /// an iteration (each benchmark loops over 1024+ operations per invocation), enough for one iteration's time; more
    /// launches, not more iterations, are what narrows the interval, as launches differ by more than the iterations
    /// within one (each has its own placement). The overhead is not measured: every benchmark runs at least a
    /// thousand operations per invocation, so the empty call it would subtract is below a tenth of a percent.
    /// The runtime starts tiering a method up as soon as it has been called 30 times (<c>TC_CallCountingDelayMs=0</c>;
    /// by default it waits until no new method has been compiled for a while): on a busy 2-core machine the default let
    /// BenchmarkDotNet's pilot size the iterations of about one launch in six on tier-0 code, many times slower than
    /// the tier-1 code then measured, so those iterations were far shorter than asked. The code measured is tier-1 code
    /// all the same (its profile gathered over fewer calls).
    /// </summary>
    public static readonly Job Job = Job.Default
        .WithId("Sparrow")
        .WithEnvironmentVariable("DOTNET_TC_CallCountingDelayMs", "0")
        .WithLaunchCount(3)
        .WithWarmupCount(2)
        .WithIterationCount(7)
        .WithIterationTime(TimeInterval.FromMilliseconds(40))
        .WithEvaluateOverhead(false);

    public static IFilter Filter { get; } = new SimpleFilter(benchmarkCase => IsHeadline(CaseOf.From(benchmarkCase)));

    /// <summary>Whether the headline suite holds <paramref name="benchmarkCase"/> (whatever the command line selected).</summary>
    public static bool IsHeadline(CaseOf benchmarkCase)
    {
        if (!benchmarkCase.Categories.Contains(benchmarkCase.WithoutAvx512 ? Category.HeadlineWithoutAvx512 : Category.Headline))
            return false;
        return benchmarkCase.Type.GetCustomAttributes<HeadlineParamsAttribute>(inherit: true)
            .Where(headline => headline.Methods is null || headline.Methods.Contains(benchmarkCase.Method.Name))
            .All(headline => (benchmarkCase.WithoutAvx512 ? headline.WithoutAvx512 ?? headline.Values : headline.Values)
                .Any(value => Format.Invariant(value) == benchmarkCase[headline.Parameter]));
    }
}
