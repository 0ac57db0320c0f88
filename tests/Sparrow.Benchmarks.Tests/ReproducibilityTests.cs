using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Tests;

public sealed class ReproducibilityTests
{
    private static VerdictRow Row(string @case, RatioEstimate? ratio) =>
        new("Compare", @case, "Compare", 1.5, "Memcmp", ratio, null, IsHeadline: true);

    [Theory]
    [InlineData(0.60, true)]   // inside the interval
    [InlineData(0.55, true)]   // outside it, within 10% of 0.60
    [InlineData(0.53, false)]  // outside both
    [InlineData(0.70, false)]
    public void A_ratio_agrees_inside_the_previous_interval_or_within_ten_percent(double ratio, bool agrees) =>
        Assert.Equal(agrees, Reproducibility.Agrees(new RatioEstimate(0.60, 0.57, 0.63), new RatioEstimate(ratio, ratio, ratio)));

    [Fact]
    public void The_comparison_counts_the_rows_that_agree()
    {
        string? comparison = Reproducibility.Compare(
            [Row("A", new RatioEstimate(0.60, 0.57, 0.63)), Row("B", new RatioEstimate(1.00, 0.98, 1.02)), Row("D", null)],
            [Row("A", new RatioEstimate(0.61, 0.6, 0.62)), Row("B", new RatioEstimate(1.30, 1.2, 1.4)), Row("C", new RatioEstimate(1, 1, 1))]);
        Assert.NotNull(comparison);
        Assert.Contains("1 of 2 headline ratios (50%)", comparison);
        Assert.Null(Reproducibility.Compare([], [Row("A", new RatioEstimate(1, 1, 1))]));
    }
}
