namespace Sparrow.Benchmarks.Reporting;

/// <summary>A ratio of two medians and its 95% confidence interval (<see cref="Low"/> ≤ <see cref="Ratio"/> ≤ <see cref="High"/> in practice).</summary>
internal sealed record RatioEstimate(double Ratio, double Low, double High)
{
    /// <summary>"0.62x [0.58–0.66]".</summary>
    public override string ToString() => SvgChart.Invariant($"{Ratio:0.00}x [{Low:0.00}–{High:0.00}]");
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
        var random = new Random(Seed);
        var ratios = new double[Resamples];
        for (int i = 0; i < ratios.Length; i++)
            ratios[i] = MedianOf(Resample(numerator, random)) / MedianOf(Resample(denominator, random));
        Array.Sort(ratios);
        return new RatioEstimate(Median(numerator) / Median(denominator), Percentile(ratios, Tail), Percentile(ratios, 1 - Tail));
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
