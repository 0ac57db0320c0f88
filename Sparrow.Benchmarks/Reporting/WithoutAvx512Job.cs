using System.Reflection;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// The run's job again, with the JIT told the CPU has no AVX-512: what Sparrow does on a machine without it.
/// It runs only the methods marked <see cref="AlsoWithoutAvx512Attribute"/> (see <see cref="Filter"/>).
/// </summary>
internal static class WithoutAvx512Job
{
    /// <summary>The job's id, as shown in the tables and named by <c>[Target(..., Job = WithoutAvx512Job.Id)]</c>.</summary>
    public const string Id = "NoAVX512";

    // On .NET 10 the switch is DOTNET_EnableAVX512. DOTNET_EnableAVX512F=0, the name earlier runtimes used, is
    // silently ignored there: the job would measure the AVX-512 path again under another name.
    private const string EnableAvx512 = "DOTNET_EnableAVX512";

    /// <summary><paramref name="job"/> with AVX-512 disabled in the benchmark process.</summary>
    public static Job From(Job job) => job.WithEnvironmentVariable(EnableAvx512, "0").WithId(Id);

    /// <summary>Keeps a case of this job only for a method marked <see cref="AlsoWithoutAvx512Attribute"/>.</summary>
    public static IFilter Filter { get; } = new SimpleFilter(IsWanted);

    public static bool Is(Job job) => job.ResolvedId == Id;

    private static bool IsWanted(BenchmarkCase benchmarkCase) =>
        !Is(benchmarkCase.Job) || benchmarkCase.Descriptor.WorkloadMethod.GetCustomAttribute<AlsoWithoutAvx512Attribute>() is not null;
}
