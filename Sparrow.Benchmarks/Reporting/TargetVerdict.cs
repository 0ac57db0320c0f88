namespace Sparrow.Benchmarks.Reporting;

/// <summary>What a run says of a [Target], from where the 95% interval of its ratio lies (<see cref="VerdictRow.Verdict"/>).</summary>
internal enum TargetVerdict
{
    /// <summary>The whole interval is at or under the target.</summary>
    Met,

    /// <summary>The whole interval is over the target.</summary>
    Missed,

    /// <summary>The interval straddles the target: this run cannot tell.</summary>
    Undecided,

    /// <summary>The method the target names was not measured in this case (filtered out, or failed).</summary>
    NotMeasured,
}
