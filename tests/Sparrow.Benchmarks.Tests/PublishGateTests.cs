using Sparrow.Benchmarks;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Tests;

public sealed class PublishGateTests
{
    private static SameCodePair Pair(double ratio) => new("Compare Size=4, Pairs=Equal", "CompareInlineAgain", "CompareInline", new RatioEstimate(ratio, ratio * 0.97, ratio * 1.03));

    [Theory]
    [InlineData(1.0)]
    [InlineData(1.09)]
    [InlineData(1 / 1.09)]
    public void An_A_A_pair_within_ten_percent_passes(double ratio) => Assert.Null(PublishGate.SameCodeRefusal(Pair(ratio)));

    [Theory]
    [InlineData(1.11)]
    [InlineData(1 / 1.11)]
    [InlineData(1.69)]
    public void An_A_A_pair_apart_by_more_than_ten_percent_is_refused_either_way(double ratio)
    {
        string? refusal = PublishGate.SameCodeRefusal(Pair(ratio));
        Assert.NotNull(refusal);
        Assert.Contains("CompareInlineAgain and CompareInline run the same code", refusal);
    }

    [Fact]
    public void A_quarter_of_the_targets_undecided_passes_and_more_is_refused()
    {
        TargetVerdict[] quarter = [TargetVerdict.Undecided, TargetVerdict.Met, TargetVerdict.Met, TargetVerdict.Missed, TargetVerdict.NotMeasured];
        Assert.Null(PublishGate.UndecidedRefusal(quarter));
        string? refusal = PublishGate.UndecidedRefusal([.. quarter, TargetVerdict.Undecided]);
        Assert.Equal("2 of 5 headline targets are undecided (their interval straddles the target), above 25%", refusal);
    }

    [Fact]
    public void Not_measured_targets_do_not_count_and_no_targets_pass()
    {
        Assert.Null(PublishGate.UndecidedRefusal([]));
        Assert.Null(PublishGate.UndecidedRefusal([TargetVerdict.NotMeasured, TargetVerdict.NotMeasured]));
    }

    [Fact]
    public void Other_processes_are_refused_above_a_fifth_of_a_core()
    {
        Assert.Null(PublishGate.MachineRefusal([new BusyProcess(10, "sshd", 0.05), new BusyProcess(11, "cron", 0.1)]));
        string? refusal = PublishGate.MachineRefusal([new BusyProcess(10, "cc1plus", 0.9), new BusyProcess(11, "cron", 0.1)]);
        Assert.NotNull(refusal);
        Assert.Contains("1.00 cores", refusal);
        Assert.Contains("cc1plus (pid 10, 0.90 cores)", refusal);
        Assert.NotNull(PublishGate.MachineRefusal(null));
    }

    [Fact]
    public void A_clean_run_has_no_refusal_and_every_reason_is_listed_otherwise()
    {
        Assert.Empty(PublishGate.Refusals([], [Pair(1.02)], [TargetVerdict.Met, TargetVerdict.Missed]));
        Assert.Equal(3, PublishGate.Refusals([new BusyProcess(1, "x", 1)], [Pair(1.5)], [TargetVerdict.Undecided]).Count);
    }

    [Theory]
    [InlineData(0.70, 0.74, "Met")]
    [InlineData(0.70, 0.75, "Met")]
    [InlineData(0.76, 0.80, "Missed")]
    [InlineData(0.70, 0.80, "Undecided")]
    public void A_target_is_met_missed_or_undecided_by_where_its_interval_lies(double low, double high, string expected)
    {
        var target = new TargetAttribute(0.75, "Memcmp");
        Assert.Equal(expected, new TargetResult(target, new RatioEstimate((low + high) / 2, low, high)).Verdict.ToString());
        Assert.Equal(TargetVerdict.NotMeasured, new TargetResult(target, null).Verdict);
    }

    [Fact]
    public void A_time_target_is_judged_in_ns_and_says_so()
    {
        var target = new TargetAttribute(1.5, TargetAttribute.TimePerOperation);
        var met = new TargetResult(target, new RatioEstimate(1.4, 1.38, 1.45, RatioEstimate.Nanoseconds));
        var missed = new TargetResult(target, new RatioEstimate(3.4, 3.3, 3.5, RatioEstimate.Nanoseconds));
        Assert.Equal(("≤1.50 ns: met", TargetVerdict.Missed), (met.ToString(), missed.Verdict));
    }
}
