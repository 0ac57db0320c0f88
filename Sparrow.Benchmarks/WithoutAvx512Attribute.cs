using System.Reflection;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Jobs;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// Measures the class under the run's job again with the JIT told the CPU has no AVX-512 (<see cref="From"/>), in the
/// same run, so the portable path is measured beside the AVX-512 one: its Sparrow methods, the methods its [Target]s
/// name and its HeadlineWithoutAvx512 methods (memcmp and the scalar baselines run the same code either way, and would
/// just take twice as long). Program adds that job to every run; <see cref="Filter"/> keeps only these cases of it.
/// </summary>
[AttributeUsage(AttributeTargets.Class)]
internal sealed class WithoutAvx512Attribute : Attribute
{
    /// <summary>The AVX-512-off job's id, as shown in the tables.</summary>
    public const string JobId = "NoAVX512";

    /// <summary><paramref name="job"/> with AVX-512 disabled in the benchmark process.</summary>
    // On .NET 10 the switch is DOTNET_EnableAVX512. DOTNET_EnableAVX512F=0, the name earlier runtimes used, is
    // silently ignored there: the job would measure the AVX-512 path again under another name.
    public static Job From(Job job) => job.WithEnvironmentVariable("DOTNET_EnableAVX512", "0").WithId(JobId);

    public static bool Is(Job job) => job.ResolvedId == JobId;

    public static IFilter Filter { get; } = new SimpleFilter(benchmarkCase => CaseOf.From(benchmarkCase) is var wanted
        && (!wanted.WithoutAvx512 || (wanted.Type.IsDefined(typeof(WithoutAvx512Attribute), inherit: true)
            && (wanted.Role == Role.Sparrow || wanted.Categories.Contains(Category.HeadlineWithoutAvx512)
                || wanted.Type.GetMethods().SelectMany(m => m.GetCustomAttributes<TargetAttribute>()).Any(target => target.Against == wanted.Method.Name)))));
}
