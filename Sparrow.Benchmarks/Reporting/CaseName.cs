using BenchmarkDotNet.Running;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// How the verdict, the charts and the publish gate name a case: "Size=4, Pairs=Equal" (every value in full,
/// where BenchmarkDotNet's own name cuts long ones short), and the job when it is not the run's own.
/// </summary>
internal static class CaseName
{
    public static string Of(BenchmarkCase benchmarkCase)
    {
        string parameters = string.Join(", ", benchmarkCase.Parameters.Items.Select(p => $"{p.Name}={p.Value}"));
        if (!WithoutAvx512Job.Is(benchmarkCase.Job))
            return parameters.Length > 0 ? parameters : "-";
        return parameters.Length > 0 ? $"{parameters}, {WithoutAvx512Job.Id}" : WithoutAvx512Job.Id;
    }
}
