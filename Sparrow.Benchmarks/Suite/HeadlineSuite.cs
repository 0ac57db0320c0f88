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
    /// The job used whenever the command line names none. Three launches per case: the bootstrap resamples launches, and
    /// with one the A/A pairs disagreed far beyond 10% (issue 18); more launches, not more iterations, narrow the interval,
    /// as each launch has its own placement. Per launch, 2 warm-ups and 7 iterations of 40 ms: a nanosecond case runs
    /// hundreds of thousands of operations an iteration (each benchmark loops over 1024+ per invocation), which is also
    /// why the overhead is not measured: the empty call it would subtract is below a tenth of a percent.
    /// <c>TC_CallCountingDelayMs=0</c> starts tiering a method up after its 30th call: by default the runtime waits until
    /// no new method has been compiled for a while, and on a busy 2-core machine BenchmarkDotNet's pilot then sized the
    /// iterations of about one launch in six on tier-0 code, many times slower than the tier-1 code then measured.
    /// </summary>
    public static readonly Job Job = new Job("Sparrow")
    {
        Run = { LaunchCount = 3, WarmupCount = 2, IterationCount = 7, IterationTime = TimeInterval.FromMilliseconds(40) },
        Accuracy = { EvaluateOverhead = false },
    }.WithEnvironmentVariable("DOTNET_TC_CallCountingDelayMs", "0");

    public static IFilter Filter { get; } = new SimpleFilter(benchmarkCase => IsHeadline(CaseOf.From(benchmarkCase)));

    /// <summary>Whether the headline suite holds <paramref name="benchmarkCase"/> (whatever the command line selected).</summary>
    public static bool IsHeadline(CaseOf benchmarkCase) =>
        benchmarkCase.Categories.Contains(benchmarkCase.WithoutAvx512 ? Category.HeadlineWithoutAvx512 : Category.Headline)
        && benchmarkCase.Type.GetCustomAttributes<HeadlineParamsAttribute>(inherit: true)
            .Where(headline => headline.Methods is null || headline.Methods.Contains(benchmarkCase.Method.Name))
            .All(headline => (benchmarkCase.WithoutAvx512 ? headline.WithoutAvx512 ?? headline.Values : headline.Values)
                .Any(value => Format.Invariant($"{value}") == benchmarkCase[headline.Parameter]));
}
