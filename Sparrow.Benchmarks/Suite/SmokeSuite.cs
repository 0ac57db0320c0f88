using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;

namespace Sparrow.Benchmarks.Suite;

/// <summary>
/// What <c>--smoke</c> keeps of the benchmarks <c>--filter</c> selects by name: of the cases <c>inner</c> keeps, every
/// method once in each of its jobs, in its first case (the first of each parameter's values). CI runs it with
/// <c>--filter '*' --job dry</c> to prove every benchmark still sets up, runs and agrees with the others, in a fraction
/// of the full suite's time (the full suite's Compare class alone is hundreds of cases).
/// </summary>
internal sealed class SmokeSuite(IFilter inner) : IFilter
{
    private readonly Dictionary<(Type Class, string Method, string Job), string> _firstCase = [];

    // Idempotent: a case asked about twice gets the same answer, whichever order the cases come in after the first.
    // The inner filter is asked first, so the case chosen for a method is one that runs.
    public bool Predicate(BenchmarkCase benchmarkCase)
    {
        if (!inner.Predicate(benchmarkCase))
            return false;
        var method = (benchmarkCase.Descriptor.Type, benchmarkCase.Descriptor.WorkloadMethod.Name, benchmarkCase.Job.ResolvedId);
        string parameters = benchmarkCase.Parameters.DisplayInfo;
        return _firstCase.TryAdd(method, parameters) || _firstCase[method] == parameters;
    }
}
