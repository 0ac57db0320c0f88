using Sparrow.Benchmarks.Suite;

namespace Sparrow.Benchmarks;

/// <summary>
/// Measures the class under <see cref="WithoutAvx512Job"/> as well, in the same run, so the portable path is measured
/// beside the AVX-512 one: its Sparrow methods, the methods its [Target]s name and its HeadlineWithoutAvx512 methods
/// (memcmp and the scalar baselines run the same code either way, and would just take twice as long).
/// </summary>
[AttributeUsage(AttributeTargets.Class)]
internal sealed class WithoutAvx512Attribute : Attribute;
