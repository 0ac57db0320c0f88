namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// Runs a benchmark method a second time under <see cref="WithoutAvx512Job"/>, in the same run, so the portable
/// path is measured beside the AVX-512 one. Only on methods whose code picks a path by instruction set (Sparrow's
/// and the BCL's): memcmp and the scalar baselines run the same code either way, and would just take twice as long.
/// </summary>
[AttributeUsage(AttributeTargets.Method)]
internal sealed class AlsoWithoutAvx512Attribute : Attribute;
