using System.Reflection;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>What a run says of a [Target]: its interval lies under the goal, over it, across it, or the ratio was not measured.</summary>
internal enum TargetVerdict
{
    /// <summary>The whole 95% interval is at or under the target ratio.</summary>
    Met,

    /// <summary>The whole 95% interval is over the target ratio.</summary>
    Missed,

    /// <summary>The interval straddles the target ratio: this run cannot tell.</summary>
    Undecided,

    /// <summary>The method the target names was not measured in this case (filtered out, or failed).</summary>
    NotMeasured,
}

/// <summary>One [Target] of a Sparrow method in one case, and the ratio (with its interval) measured for it.</summary>
internal sealed record TargetResult(TargetAttribute Target, RatioEstimate? Ratio)
{
    public TargetVerdict Verdict => Ratio switch
    {
        null => TargetVerdict.NotMeasured,
        { } r when r.High <= Target.MaxRatio => TargetVerdict.Met,
        { } r when r.Low > Target.MaxRatio => TargetVerdict.Missed,
        _ => TargetVerdict.Undecided,
    };

    /// <summary>The targets of <paramref name="sparrow"/>'s method that apply to its case and job.</summary>
    public static IEnumerable<TargetAttribute> Of(CaseOf sparrow) =>
        sparrow.Method.GetCustomAttributes<TargetAttribute>().Where(target => AppliesTo(target, sparrow));

    /// <summary>Every target of every method of <paramref name="benchmarkType"/>.</summary>
    public static IEnumerable<TargetAttribute> AllOf(Type benchmarkType) =>
        benchmarkType.GetMethods().SelectMany(method => method.GetCustomAttributes<TargetAttribute>());

    /// <summary>
    /// A target applies to its job (<see cref="TargetAttribute.WithoutAvx512"/>), to the cases whose Size is in its
    /// range and, with a <see cref="TargetAttribute.Case"/>, to cases with a parameter of that value.
    /// </summary>
    private static bool AppliesTo(TargetAttribute target, CaseOf benchmarkCase) =>
        target.WithoutAvx512 == benchmarkCase.WithoutAvx512
        && (benchmarkCase.Size is { } size ? size >= target.MinSize && size <= target.MaxSize : target.MinSize == int.MinValue && target.MaxSize == int.MaxValue)
        && (target.Case is null || benchmarkCase.Parameters.Any(p => p.Value == Format.Invariant(target.Case)));

    /// <summary>"≤0.75x: met", "≤0.50x: **missed**", "≤0.80x: undecided", "≤0.80x: not measured"; "≤1.50 ns: met" for a time.</summary>
    public override string ToString() => Format.Invariant($"≤{Target.MaxRatio:0.00}{(Target.Against == TargetAttribute.TimePerOperation ? RatioEstimate.Nanoseconds : RatioEstimate.Times)}: ") + Verdict switch
    {
        TargetVerdict.Met => "met",
        TargetVerdict.Missed => "**missed**",
        TargetVerdict.Undecided => "undecided",
        _ => "not measured",
    };
}
