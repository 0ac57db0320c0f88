namespace Sparrow.Benchmarks.Reporting;

/// <summary>What a run says of a [Target], from where the 95% interval of its ratio lies (<see cref="VerdictRow.Verdict"/>).</summary>
internal enum TargetVerdict
{
    Met,
    Missed,
    Undecided,
    NotMeasured,
}
