using Sparrow.Benchmarks;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Tests;

public sealed class PublishGateTests
{
    private static VerdictRow Row(TargetAttribute? target, RatioEstimate? ratio) => new("Compare", "Size=4", "CompareInline", 1.5, "Memcmp", ratio, target, IsHeadline: true);

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
    public void Other_processes_are_refused_above_a_fifth_of_a_core_and_an_unknown_load_too()
    {
        Assert.Null(PublishGate.MachineRefusal(0.15));
        Assert.Equal("other processes used 1.00 cores on average while the run measured (above 0.2)", PublishGate.MachineRefusal(1.0));
        Assert.NotNull(PublishGate.MachineRefusal(null));
    }

    [Fact]
    public void The_machine_counters_read_here_and_leave_this_process_s_own_work_out()
    {
        Assert.SkipUnless(File.Exists("/proc/stat"), "/proc is Linux's");
        CpuTicks before = CpuTicks.Now()!.Value;
        TimeSpan spun = Environment.CpuUsage.TotalTime;
        while (Environment.CpuUsage.TotalTime - spun < TimeSpan.FromMilliseconds(300))
            Thread.SpinWait(1000);
        CpuTicks after = CpuTicks.Now()!.Value;
        // Clock ticks are 1/100 s on Linux: 300 ms of this process's CPU is about 30 of them.
        Assert.True(after.Own - before.Own >= 20, $"{after.Own - before.Own} ticks of this process's own over 300 ms of its CPU time");
        Assert.InRange(after.OtherCoresSince(before), -0.5, Environment.ProcessorCount);
    }

    [Fact]
    public void A_child_process_s_time_is_this_process_tree_s_own_once_waited_for()
    {
        // What the gate relies on: BenchmarkDotNet waits for the builds and benchmark processes it starts.
        Assert.SkipUnless(File.Exists("/proc/stat"), "/proc is Linux's");
        CpuTicks before = CpuTicks.Now()!.Value;
        TimeSpan self = Environment.CpuUsage.TotalTime;
        using (var child = System.Diagnostics.Process.Start("sh", ["-c", "i=0; while [ $i -lt 1000000 ]; do i=$((i+1)); done"]))
            child.WaitForExit();
        // Clock ticks are 1/100 s on Linux; the loop takes most of a second of CPU.
        double childSeconds = (CpuTicks.Now()!.Value.Own - before.Own) / 100.0 - (Environment.CpuUsage.TotalTime - self).TotalSeconds;
        Assert.True(childSeconds >= 0.3, $"{childSeconds:0.00} s of the child's CPU time in this process's cutime and cstime");
    }

    [Fact]
    public void A_clean_run_has_no_refusal_and_every_reason_is_listed_otherwise()
    {
        Assert.Empty(PublishGate.Refusals(0.0, [Pair(1.02)], [TargetVerdict.Met, TargetVerdict.Missed]));
        Assert.Equal(3, PublishGate.Refusals(1.0, [Pair(1.5)], [TargetVerdict.Undecided]).Count);
    }

    [Theory]
    [InlineData(0.70, 0.74, "Met")]
    [InlineData(0.70, 0.75, "Met")]
    [InlineData(0.76, 0.80, "Missed")]
    [InlineData(0.70, 0.80, "Undecided")]
    public void A_target_is_met_missed_or_undecided_by_where_its_interval_lies(double low, double high, string expected)
    {
        var target = new TargetAttribute(0.75, "Memcmp");
        Assert.Equal(expected, Row(target, new RatioEstimate((low + high) / 2, low, high)).Verdict.ToString());
        Assert.Equal(TargetVerdict.NotMeasured, Row(target, null).Verdict);
        Assert.Null(Row(null, new RatioEstimate(0.7, low, high)).Verdict);
    }

    [Fact]
    public void A_time_target_is_judged_in_ns_and_says_so()
    {
        var target = new TargetAttribute(1.5, TargetAttribute.TimePerOperation);
        var met = Row(target, new RatioEstimate(1.4, 1.38, 1.45, RatioEstimate.Nanoseconds));
        var missed = Row(target, new RatioEstimate(3.4, 3.3, 3.5, RatioEstimate.Nanoseconds));
        Assert.Equal(("≤1.50 ns: met", TargetVerdict.Missed, "≤1.50 ns: **missed**"), (met.TargetText, missed.Verdict, missed.TargetText));
    }
}
