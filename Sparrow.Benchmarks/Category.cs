namespace Sparrow.Benchmarks;

/// <summary>
/// The <c>[BenchmarkCategory]</c> names of the suite, the one place a benchmark method says what it is. Every
/// <c>[Benchmark]</c> carries exactly one role (<see cref="Sparrow"/>, <see cref="Alternative"/>,
/// <see cref="Historical"/>, <see cref="Reference"/>), and <see cref="Headline"/> when the headline suite measures it:
/// <code>
/// [Benchmark(Baseline = true), BenchmarkCategory(Alternative, Headline)]
/// public int SequenceCompareTo() => ...;
///
/// [Benchmark, BenchmarkCategory(Sparrow, Headline, HeadlineWithoutAvx512)]
/// [Target(0.75, nameof(Memcmp), MaxSize = 32)]
/// public int CompareInline() => ...;
/// </code>
/// A class measured with AVX-512 off as well carries <see cref="WithoutAvx512Attribute"/>; one measured
/// without dynamic PGO <see cref="WithoutDynamicPgoAttribute"/>; the parameter values of the headline are
/// <see cref="HeadlineParamsAttribute"/>s on the class (every value when it has none).
/// Run a category with BenchmarkDotNet's own option: <c>-- --anyCategories Headline</c>, <c>-- --anyCategories Sparrow</c>.
/// </summary>
public static class Category
{
    /// <summary>Role: Sparrow's own implementation.</summary>
    public const string Sparrow = nameof(Role.Sparrow);

    /// <summary>Role: the strongest thing a user has today without Sparrow: the BCL (or libc) equivalent.</summary>
    public const string Alternative = nameof(Role.Alternative);

    /// <summary>Role: a historical implementation reproduced in Baselines/, as storage engines once wrote it.</summary>
    public const string Historical = nameof(Role.Historical);

    /// <summary>Role: measured for context only (a naive byte loop, a variant): shown in tables, not in the verdict.</summary>
    public const string Reference = nameof(Role.Reference);

    /// <summary>In the headline suite (the no-argument run, and what README publishes), under the run's own job.</summary>
    public const string Headline = nameof(Headline);

    /// <summary>In the headline suite under the AVX-512-off job too (the class carries [WithoutAvx512]).</summary>
    public const string HeadlineWithoutAvx512 = nameof(HeadlineWithoutAvx512);
}

/// <summary>What a benchmark method stands for in the verdict, in the order tables and charts list them.</summary>
public enum Role
{
    Sparrow,
    Alternative,
    Historical,
    Reference,
}
