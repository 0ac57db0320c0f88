using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Tests;

public sealed class ReproducibilityTests
{
    private static VerdictRow Row(string @case, RatioEstimate? ratio) =>
        new("Compare", @case, "Compare", 1.5, "Memcmp", ratio, null, IsHeadline: true);

    [Fact]
    public void A_published_time_reads_back_with_its_unit()
    {
        var time = new RatioEstimate(3.43, 3.4, 3.47, RatioEstimate.Nanoseconds);
        string published = VerdictRow.ToMarkdown([new("VarIntDecode", "Distribution=OneToTwoBytes", "ReadVarUInt32", 3.43, "time per operation", time, null, IsHeadline: true)]);
        Assert.Equal(time, Reproducibility.Read(published)["VarIntDecode | Distribution=OneToTwoBytes | ReadVarUInt32 | time per operation"]);
    }

    [Fact]
    public void A_published_table_reads_back_to_its_ratios()
    {
        string published = VerdictRow.ToMarkdown([Row("Size=4, Pairs=Equal", new RatioEstimate(0.62, 0.58, 0.66)), Row("Size=4096, Pairs=Equal", new RatioEstimate(1.02, 0.99, 1.05)), Row("Size=12, Pairs=Equal", null)]);
        var read = Reproducibility.Read(published);
        Assert.Equal(2, read.Count);
        Assert.Equal(new RatioEstimate(0.62, 0.58, 0.66), read["Compare | Size=4, Pairs=Equal | Compare | Memcmp"]);
        Assert.Equal(new RatioEstimate(1.02, 0.99, 1.05), read["Compare | Size=4096, Pairs=Equal | Compare | Memcmp"]);
    }

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
        string previous = VerdictRow.ToMarkdown([Row("A", new RatioEstimate(0.60, 0.57, 0.63)), Row("B", new RatioEstimate(1.00, 0.98, 1.02))]);
        string? comparison = Reproducibility.Compare(previous, [Row("A", new RatioEstimate(0.61, 0.6, 0.62)), Row("B", new RatioEstimate(1.30, 1.2, 1.4)), Row("C", new RatioEstimate(1, 1, 1))]);
        Assert.NotNull(comparison);
        Assert.Contains("1 of 2 headline ratios (50%)", comparison);
        Assert.Null(Reproducibility.Compare("no table here", [Row("A", new RatioEstimate(1, 1, 1))]));
    }
}
