using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Jobs;
using Sparrow.Benchmarks.Reporting;
using Sparrow.Benchmarks.Suite;

namespace Sparrow.Benchmarks;

/// <summary>
/// Runs a class's cases with the runtime's dynamic PGO off (<c>DOTNET_TieredPGO=0</c>): for a class whose baseline
/// is precompiled runtime code that the runtime recompiles with a profile of the process's first calls, which in
/// this harness are BenchmarkDotNet's own, not the benchmark's. The code is then compiled from the profile it ships
/// with, the same in every launch. The README's Results section gives the case that needed it and the figures.
/// </summary>
/// <remarks>
/// A job mutator replaces a job's environment variables as a whole: this one sets the headline job's variables with
/// the switch, so the class must have no case under <see cref="WithoutAvx512Attribute"/>'s job (HeadlineSuiteTests checks it).
/// </remarks>
[AttributeUsage(AttributeTargets.Class)]
internal sealed class WithoutDynamicPgoAttribute() : JobMutatorConfigBaseAttribute(
    Job.Default.WithEnvironmentVariables([.. HeadlineSuite.Job.Environment.EnvironmentVariables ?? [], new EnvironmentVariable(TieredPgo, "0")]))
{
    /// <summary>The runtime's switch for dynamic PGO.</summary>
    public const string TieredPgo = "DOTNET_TieredPGO";
}
