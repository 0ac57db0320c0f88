namespace Sparrow.Benchmarks;

/// <summary>
/// A goal a Sparrow method must meet in a run: its median divided by <see cref="Against"/>'s median (a
/// benchmark method of the same class, same case and job) at most <see cref="MaxRatio"/>. The verdict prints
/// each target beside the measured ratio, met or missed; nothing fails a run on a missed target.
/// </summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = true)]
public sealed class TargetAttribute(double maxRatio, string against) : Attribute
{
    /// <summary>The largest acceptable ratio of medians, Sparrow / <see cref="Against"/> (0.75 = "at most 0.75x").</summary>
    public double MaxRatio { get; } = maxRatio;

    /// <summary>
    /// <see cref="Against"/> for a goal in time rather than ratio: the method's median time per operation at most
    /// <see cref="MaxRatio"/> nanoseconds (for a goal an issue states in ns, such as a decode per value).
    /// </summary>
    public const string TimePerOperation = "time per operation";

    /// <summary>The name of the benchmark method the ratio is taken against (use <c>nameof</c>), or <see cref="TimePerOperation"/>.</summary>
    public string Against { get; } = against;

    /// <summary>With <see cref="MaxSize"/>: the target applies only to cases whose <c>Size</c> parameter is in range.</summary>
    public int MinSize { get; init; } = int.MinValue;

    /// <summary>With <see cref="MinSize"/>: the target applies only to cases whose <c>Size</c> parameter is in range.</summary>
    public int MaxSize { get; init; } = int.MaxValue;

    /// <summary>When set (<c>Case = VarIntDistribution.OneToTwoBytes</c>): the target applies only to cases with a parameter of that value.</summary>
    public object? Case { get; init; }

    /// <summary>
    /// True: the target is a goal under the AVX-512-off job (the class carries [WithoutAvx512]); false: under every
    /// other job, as the machine is.
    /// </summary>
    public bool WithoutAvx512 { get; init; }
}
