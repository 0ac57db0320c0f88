using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks.Suite;

/// <summary>The unit of a class's throughput column.</summary>
internal enum Throughput
{
    /// <summary>10^6 bytes a second.</summary>
    Megabytes,
    /// <summary>10^9 bytes a second.</summary>
    Gigabytes,
    /// <summary>10^9 values a second.</summary>
    BillionValues,
}

/// <summary>
/// What one operation of the class handles, for a throughput column beside its times: in BenchmarkDotNet's table
/// (<see cref="ThroughputColumn"/>) and in the class's table in docs/benchmarks.md (<see cref="Publisher"/>), both from the
/// median time per operation.
/// </summary>
/// <param name="unit">The column's unit.</param>
/// <param name="perOperation">The bytes or values one operation handles; 0 for the case's <c>Size</c> parameter.</param>
[AttributeUsage(AttributeTargets.Class)]
internal sealed class ThroughputAttribute(Throughput unit, long perOperation = 0) : Attribute
{
    public Throughput Unit => unit;

    public static string ColumnName(Throughput unit) => unit switch
    {
        Throughput.Megabytes => "MB/s",
        Throughput.Gigabytes => "GB/s",
        _ => "Billion values/s",
    };

    /// <summary>The throughput of <paramref name="measured"/> at a median of <paramref name="medianNs"/> per operation; "-" without a size.</summary>
    public string Value(CaseOf measured, double medianNs)
    {
        if ((perOperation != 0 ? perOperation : (long?)measured.Size) is not { } amount)
            return "-";
        double perNanosecond = amount / medianNs;
        return unit switch
        {
            Throughput.Megabytes => Format.Whole(perNanosecond * 1e3),
            Throughput.Gigabytes => Format.Invariant($"{perNanosecond:N1}"),
            _ => Format.Invariant($"{perNanosecond:N2}"),
        };
    }
}
