namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// Runs a benchmark class a second time under <see cref="WithoutAvx512Job"/>, in the same run, so the portable
/// path is measured beside the AVX-512 one. Only on classes whose Sparrow code picks a path by instruction set:
/// every other class would just take twice as long.
/// </summary>
[AttributeUsage(AttributeTargets.Class)]
internal sealed class AlsoWithoutAvx512Attribute : Attribute;
