using System.Diagnostics;
using System.Runtime;
using BenchmarkDotNet.Engines;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// BenchmarkDotNet's engine, started only once the runtime has stopped recompiling what the benchmark calls: after
/// the global setup and the jitting stage, the workload runs in slices until no method has been compiled for
/// <see cref="QuietSlices"/> slices in a row (at most <see cref="Limit"/>), and only then do the pilot, the warm-up
/// and the measured iterations start.
/// </summary>
/// <remarks>
/// The runtime's own code (Buffer.MemoryCopy's memmove, Span.Fill, SequenceEqual, ...) is precompiled; once hot it
/// is recompiled with instrumentation, and again, optimized with the profile gathered. The instrumented code is
/// several times slower on a small copy, and in full headline runs CopyWorkload's Buffer.MemoryCopy was measured
/// on it (the README's Results section gives the figures): the measured iterations had started before the final
/// code was in place. Waiting here for the compilations to stop, whatever the method, measures every method in
/// its steady state.
/// </remarks>
public sealed class SteadyStateEngineFactory : IEngineFactory
{
    /// <summary>Slices in a row without a compilation that count as settled.</summary>
    private const int QuietSlices = 5;

    /// <summary>The length of one slice of workload.</summary>
    private static readonly TimeSpan Slice = TimeSpan.FromMilliseconds(10);

    /// <summary>The longest wait: a benchmark that keeps compiling (or allocating code) is measured as it is then.</summary>
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(3);

    public IEngine CreateReadyToRun(EngineParameters engineParameters)
    {
        IEngine engine = new EngineFactory().CreateReadyToRun(engineParameters);
        var total = Stopwatch.StartNew();
        long compiled = JitInfo.GetCompiledMethodCount();
        int quiet = 0;
        while (quiet < QuietSlices && total.Elapsed < Limit)
        {
            var slice = Stopwatch.StartNew();
            while (slice.Elapsed < Slice)
                engineParameters.WorkloadActionNoUnroll(1);
            long now = JitInfo.GetCompiledMethodCount();
            quiet = now == compiled ? quiet + 1 : 0;
            compiled = now;
        }
        engineParameters.Host.WriteLine($"// Tiering settled: {(quiet < QuietSlices ? "no (limit reached)" : "yes")} after {total.Elapsed.TotalMilliseconds:F0} ms");
        return engine;
    }
}
