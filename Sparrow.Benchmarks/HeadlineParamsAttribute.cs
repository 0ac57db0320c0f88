namespace Sparrow.Benchmarks;

/// <summary>
/// The values of one parameter the headline suite runs, on the benchmark class: <c>[HeadlineParams(nameof(Size), 4, 64, 4096)]</c>
/// (typed, as in <c>[Params]</c>); <see cref="WithoutAvx512"/> gives fewer for the AVX-512-off job, <see cref="Methods"/>
/// fewer for some methods (a second attribute for the same parameter). A parameter the class gives no headline values is
/// in the headline with every value.
/// </summary>
[AttributeUsage(AttributeTargets.Class, AllowMultiple = true)]
internal sealed class HeadlineParamsAttribute(string parameter, params object[] values) : Attribute
{
    public string Parameter { get; } = parameter;

    public object[] Values { get; } = values;

    /// <summary>The values under the AVX-512-off job; null for the same as <see cref="Values"/>.</summary>
    public object[]? WithoutAvx512 { get; init; }

    /// <summary>The methods (<c>nameof</c>) these values are for, beside the class's other headline values; null for every method.</summary>
    public string[]? Methods { get; init; }
}
