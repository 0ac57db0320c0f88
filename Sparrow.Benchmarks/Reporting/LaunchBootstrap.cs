namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// A ratio of two medians and its 95% confidence interval (<see cref="Low"/> ≤ <see cref="Ratio"/> ≤ <see cref="High"/> in
/// practice); with <see cref="Unit"/> " ns", one median time per operation and its interval instead.
/// </summary>
internal sealed record RatioEstimate(double Ratio, double Low, double High, string Unit = RatioEstimate.Times)
{
    /// <summary>The unit of a ratio of medians.</summary>
    public const string Times = "x";

    /// <summary>The unit of a median time per operation.</summary>
    public const string Nanoseconds = " ns";

    /// <summary>"0.62x [0.58–0.66]", or "3.43 ns [3.40–3.47]" for a time.</summary>
    public override string ToString() => SvgChart.Invariant($"{Ratio:0.00}{Unit} [{Low:0.00}–{High:0.00}]");
}

/// <summary>
/// Medians and ratio intervals from measurements taken in several launches (separate processes) of each case.
/// A launch freezes one code and data placement, so iterations within a launch are not independent samples of
/// what a user gets: the bootstrap resamples launches first (with replacement), then iterations within each chosen
/// launch, takes the pooled median of each side and their ratio, and reports the 2.5th and 97.5th percentiles of
/// that ratio over <see cref="Resamples"/> resamples. The seed is fixed, so a set of measurements always gives the
/// same interval (a report is reproducible from its raw data).
/// </summary>
internal static class LaunchBootstrap
{
    public const int Resamples = 2000;
    public const int Seed = 18;
    private const double Tail = 0.025;

    /// <summary>The median of every iteration of every launch, pooled.</summary>
    public static double Median(IReadOnlyList<double[]> launches) => MedianOf([.. launches.SelectMany(l => l)]);

    /// <summary><paramref name="numerator"/>'s pooled median over <paramref name="denominator"/>'s, with its bootstrap interval.</summary>
    public static RatioEstimate Ratio(IReadOnlyList<double[]> numerator, IReadOnlyList<double[]> denominator)
    {
        if (numerator.Sum(l => l.Length) == 0 || denominator.Sum(l => l.Length) == 0)
            throw new ArgumentException("each side needs at least one measurement");
        return Interval(Median(numerator) / Median(denominator), random => MedianOf(Resample(numerator, random)) / MedianOf(Resample(denominator, random)), RatioEstimate.Times);
    }

    /// <summary>The pooled median time per operation of <paramref name="launches"/> (ns), with its bootstrap interval.</summary>
    public static RatioEstimate Time(IReadOnlyList<double[]> launches)
    {
        if (launches.Sum(l => l.Length) == 0)
            throw new ArgumentException("a time needs at least one measurement");
        return Interval(Median(launches), random => MedianOf(Resample(launches, random)), RatioEstimate.Nanoseconds);
    }

    private static RatioEstimate Interval(double estimate, Func<Random, double> resampled, string unit)
    {
        var random = new Random(Seed);
        var values = new double[Resamples];
        for (int i = 0; i < values.Length; i++)
            values[i] = resampled(random);
        Array.Sort(values);
        return new RatioEstimate(estimate, Percentile(values, Tail), Percentile(values, 1 - Tail), unit);
    }

    /// <summary>As many launches as measured, drawn with replacement; from each, as many iterations as it has, drawn with replacement.</summary>
    private static double[] Resample(IReadOnlyList<double[]> launches, Random random)
    {
        var sample = new List<double>(launches.Sum(l => l.Length));
        for (int l = 0; l < launches.Count; l++)
        {
            double[] launch = launches[random.Next(launches.Count)];
            for (int i = 0; i < launch.Length; i++)
                sample.Add(launch[random.Next(launch.Length)]);
        }
        return [.. sample];
    }

    private static double MedianOf(double[] values)
    {
        if (values.Length == 0)
            return double.NaN;
        Array.Sort(values);
        int middle = values.Length / 2;
        return values.Length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    }

    // Linear interpolation between the two nearest ranks of sorted values.
    private static double Percentile(double[] sorted, double fraction)
    {
        double rank = fraction * (sorted.Length - 1);
        int below = (int)Math.Floor(rank);
        int above = Math.Min(below + 1, sorted.Length - 1);
        return sorted[below] + (sorted[above] - sorted[below]) * (rank - below);
    }
}
