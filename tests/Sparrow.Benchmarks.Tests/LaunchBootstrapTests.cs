using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Tests;

public sealed class LaunchBootstrapTests
{
    // Launches of iterations around a centre: each launch shifted by its own offset (placement), each iteration by noise.
    private static double[][] Launches(int seed, double centre, double launchSpread, double iterationSpread, int launches = 3, int iterations = 7)
    {
        var random = new Random(seed);
        return
        [
            .. Enumerable.Range(0, launches).Select(_ =>
            {
                double launchCentre = centre * (1 + launchSpread * (2 * random.NextDouble() - 1));
                return Enumerable.Range(0, iterations).Select(_ => launchCentre * (1 + iterationSpread * (2 * random.NextDouble() - 1))).ToArray();
            }),
        ];
    }

    [Fact]
    public void Median_pools_every_launch()
    {
        Assert.Equal(3.0, LaunchBootstrap.Median([[1, 5], [3]]));
        Assert.Equal(2.5, LaunchBootstrap.Median([[1, 2], [3, 4]]));
    }

    [Fact]
    public void Identical_constant_sides_give_exactly_one()
    {
        var estimate = LaunchBootstrap.Ratio([[2, 2, 2], [2, 2]], [[2, 2], [2, 2, 2]]);
        Assert.Equal(new RatioEstimate(1, 1, 1), estimate);
    }

    [Fact]
    public void A_time_is_the_pooled_median_in_ns_with_an_interval_around_it()
    {
        double[][] a = Launches(3, 3.4, 0.05, 0.02);
        RatioEstimate time = LaunchBootstrap.Time(a);
        Assert.Equal(LaunchBootstrap.Median(a), time.Ratio, 12);
        Assert.Equal(RatioEstimate.Nanoseconds, time.Unit);
        Assert.True(time.Low < time.Ratio && time.Ratio < time.High && time.High < 3.4 * 1.06, time.ToString());
        Assert.EndsWith(" ns [", time.ToString()[..time.ToString().IndexOf('[')] + "[");
    }

    [Fact]
    public void The_point_ratio_is_the_ratio_of_pooled_medians()
    {
        double[][] a = Launches(1, 10, 0.05, 0.02), b = Launches(2, 20, 0.05, 0.02);
        Assert.Equal(LaunchBootstrap.Median(a) / LaunchBootstrap.Median(b), LaunchBootstrap.Ratio(a, b).Ratio, 12);
    }

    [Theory]
    [InlineData(0.5)]
    [InlineData(1.0)]
    [InlineData(1.7)]
    public void A_known_ratio_lies_inside_its_interval_in_most_seeded_runs(double trueRatio)
    {
        // A 95% interval should cover the truth in about 95 of 100 runs; a bootstrap over three launches covers
        // less than nominal (it cannot see launch offsets it did not draw), so ask for at least 80 of 100.
        int covered = 0;
        for (int seed = 0; seed < 100; seed++)
        {
            var estimate = LaunchBootstrap.Ratio(Launches(2 * seed, 10 * trueRatio, 0.03, 0.01), Launches(2 * seed + 1, 10, 0.03, 0.01));
            Assert.True(estimate.Low <= estimate.Ratio && estimate.Ratio <= estimate.High, $"{estimate}");
            if (estimate.Low <= trueRatio && trueRatio <= estimate.High)
                covered++;
        }
        Assert.InRange(covered, 80, 100);
    }

    [Fact]
    public void A_wider_spread_between_launches_widens_the_interval()
    {
        static double Width(double launchSpread) => Enumerable.Range(0, 20).Average(seed =>
        {
            var e = LaunchBootstrap.Ratio(Launches(seed, 10, launchSpread, 0.01), Launches(seed + 100, 10, launchSpread, 0.01));
            return e.High - e.Low;
        });
        Assert.True(Width(0.10) > 2 * Width(0.02), $"{Width(0.10)} vs {Width(0.02)}");
    }

    [Fact]
    public void A_wider_spread_within_launches_widens_the_interval()
    {
        static double Width(double iterationSpread) => Enumerable.Range(0, 20).Average(seed =>
        {
            var e = LaunchBootstrap.Ratio(Launches(seed, 10, 0, iterationSpread), Launches(seed + 100, 10, 0, iterationSpread));
            return e.High - e.Low;
        });
        Assert.True(Width(0.10) > 2 * Width(0.02), $"{Width(0.10)} vs {Width(0.02)}");
    }

    [Fact]
    public void More_launches_narrow_the_interval()
    {
        static double Width(int launches) => Enumerable.Range(0, 20).Average(seed =>
        {
            var e = LaunchBootstrap.Ratio(Launches(seed, 10, 0.05, 0.01, launches), Launches(seed + 100, 10, 0.05, 0.01, launches));
            return e.High - e.Low;
        });
        Assert.True(Width(12) < Width(3), $"{Width(12)} vs {Width(3)}");
    }

    [Fact]
    public void The_same_measurements_always_give_the_same_interval()
    {
        double[][] a = Launches(7, 10, 0.05, 0.02), b = Launches(8, 12, 0.05, 0.02);
        Assert.Equal(LaunchBootstrap.Ratio(a, b), LaunchBootstrap.Ratio(a, b));
    }

    [Fact]
    public void One_launch_still_gives_an_interval_from_its_iterations()
    {
        var estimate = LaunchBootstrap.Ratio([[9, 10, 11, 10, 10]], [[10, 10, 10, 10, 10]]);
        Assert.Equal(1.0, estimate.Ratio);
        Assert.True(estimate.Low < 1 && estimate.High > 1 && estimate.Low >= 0.9 && estimate.High <= 1.1, $"{estimate}");
    }

    [Fact]
    public void A_side_without_measurements_is_refused()
    {
        Assert.Throws<ArgumentException>(() => LaunchBootstrap.Ratio([], [[1.0]]));
        Assert.Throws<ArgumentException>(() => LaunchBootstrap.Ratio([[1.0]], [[]]));
    }
}
