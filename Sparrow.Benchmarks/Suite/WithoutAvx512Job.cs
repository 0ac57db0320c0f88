using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks.Suite;

/// <summary>
/// The run's job again, with the JIT told the CPU has no AVX-512: what Sparrow does on a machine without it.
/// It runs only in the classes marked <see cref="WithoutAvx512Attribute"/> (see <see cref="Filter"/>).
/// </summary>
internal static class WithoutAvx512Job
{
    /// <summary>The job's id, as shown in the tables.</summary>
    public const string Id = "NoAVX512";

    // On .NET 10 the switch is DOTNET_EnableAVX512. DOTNET_EnableAVX512F=0, the name earlier runtimes used, is
    // silently ignored there: the job would measure the AVX-512 path again under another name.
    private const string EnableAvx512 = "DOTNET_EnableAVX512";

    /// <summary><paramref name="job"/> with AVX-512 disabled in the benchmark process.</summary>
    public static Job From(Job job) => job.WithEnvironmentVariable(EnableAvx512, "0").WithId(Id);

    /// <summary>Keeps a case of this job only in a class marked [WithoutAvx512], for a method <see cref="WithoutAvx512Attribute"/> lists.</summary>
    public static IFilter Filter { get; } = new SimpleFilter(IsWanted);

    public static bool Is(Job job) => job.ResolvedId == Id;

    private static bool IsWanted(BenchmarkCase benchmarkCase)
    {
        var wanted = CaseOf.From(benchmarkCase);
        return !wanted.WithoutAvx512 || (wanted.Type.IsDefined(typeof(WithoutAvx512Attribute), inherit: true)
            && (wanted.Role is Role.Sparrow or null || wanted.Categories.Contains(Category.HeadlineWithoutAvx512)
                || TargetResult.AllOf(wanted.Type).Any(target => target.Against == wanted.Method.Name)));
    }
}
