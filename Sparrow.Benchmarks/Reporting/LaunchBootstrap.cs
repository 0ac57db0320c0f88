using Perfolizer.Mathematics.QuantileEstimators;
using Pragmastat;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// A ratio of two medians and its 95% interval (<see cref="Low"/> ≤ <see cref="Ratio"/> ≤ <see cref="High"/> in practice);
/// with <see cref="Unit"/> " ns", one median time per operation and its interval instead.
/// </summary>
internal sealed record RatioEstimate(double Ratio, double Low, double High, string Unit = RatioEstimate.Times)
{
    public const string Times = "x", Nanoseconds = " ns";

    /// <summary>"0.62x [0.58–0.66]", or "3.43 ns [3.40–3.47]" for a time.</summary>
    public override string ToString() => Format.Invariant($"{Ratio:0.00}{Unit} [{Low:0.00}–{High:0.00}]");
}

/// <summary>
/// Medians and intervals from measurements taken in several launches (processes) of each case. A launch freezes one
/// code and data placement, so its iterations are not independent samples of what a user gets: the bootstrap resamples
/// launches (with replacement), then iterations within each chosen launch, and takes the pooled median of each side, over
/// <see cref="Resamples"/> resamples; the interval is their 2.5th to 97.5th percentile. The seed is fixed, so the same
/// measurements always give the same interval (a report is reproducible from its JSON).
/// </summary>
internal static class LaunchBootstrap
{
    public const int Resamples = 2000, Seed = 18;

    /// <summary>The median of every iteration of every launch, pooled.</summary>
    public static double Median(IReadOnlyList<double[]> launches) => MedianOf([.. launches.SelectMany(l => l)]);

    /// <summary><paramref name="numerator"/>'s pooled median over <paramref name="denominator"/>'s, with its interval.</summary>
    public static RatioEstimate Ratio(IReadOnlyList<double[]> numerator, IReadOnlyList<double[]> denominator) => Estimate(RatioEstimate.Times, numerator, denominator);

    /// <summary>The pooled median time per operation (ns), with its interval.</summary>
    public static RatioEstimate Time(IReadOnlyList<double[]> launches) => Estimate(RatioEstimate.Nanoseconds, launches);

    // The first side's pooled median, over the second's when there is one; each resample draws every side in turn.
    private static RatioEstimate Estimate(string unit, params IReadOnlyList<double[]>[] sides)
    {
        if (sides.Any(side => side.Sum(l => l.Length) == 0))
            throw new ArgumentException("each side needs at least one measurement");
        var random = new Random(Seed);
        double[] resampled = [.. Enumerable.Range(0, Resamples).Select(_ => Statistic(sides.Select(side => MedianOf(Resample(side, random)))))];
        return new RatioEstimate(Statistic(sides.Select(Median)), Percentile(resampled, 0.025), Percentile(resampled, 0.975), unit);
    }

    private static double Statistic(IEnumerable<double> medians) => medians.Aggregate((first, second) => first / second);

    /// <summary>As many launches as measured, drawn with replacement; from each, as many iterations as it has, drawn with replacement.</summary>
    private static double[] Resample(IReadOnlyList<double[]> launches, Random random) =>
    [
        .. from draw in launches
           let launch = launches[random.Next(launches.Count)]
           from iteration in launch
           select launch[random.Next(launch.Length)],
    ];

    // The median and percentiles interpolate linearly between the two nearest ranks (Hyndman and Fan's type 7).
    private static double MedianOf(double[] values) => values.Length == 0 ? double.NaN : Percentile(values, 0.5);

    private static double Percentile(double[] values, double probability) => SimpleQuantileEstimator.Instance.Quantile(new Sample(values), probability);
}
