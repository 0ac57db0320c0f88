using System.Reflection;
using BenchmarkDotNet.Attributes;

namespace Sparrow.Benchmarks;

/// <summary>
/// The [GlobalSetup] check of the benchmarks that write bytes (copy, move, set): every implementation, run from
/// the same starting bytes, must leave the same bytes as the first one (the trusted alternative), or the case
/// fails before a wrong benchmark can report a number.
/// </summary>
internal static unsafe class WrittenBytes
{
    /// <summary>
    /// Checks every [Benchmark] method of <paramref name="benchmarks"/> but those named in <paramref name="except"/>
    /// against the baseline, each run once.
    /// </summary>
    /// <inheritdoc cref="CheckAgree(byte*, int, Action, ReadOnlySpan{ValueTuple{string, Action}})"/>
    public static void CheckAgree(object benchmarks, byte* region, int length, Action reset, params string[] except) =>
        CheckAgree(region, length, reset, [.. BenchmarkMethods(benchmarks).Where(b => !except.Contains(b.Name))]);

    /// <param name="region">The bytes the implementations write (and any bytes around them they must leave alone).</param>
    /// <param name="length">Bytes in <paramref name="region"/>.</param>
    /// <param name="reset">Puts <paramref name="region"/> back in its starting state.</param>
    /// <param name="implementations">Each implementation's name and one run of its benchmark loop; the first is the reference.</param>
    public static void CheckAgree(byte* region, int length, Action reset, params ReadOnlySpan<(string Name, Action Run)> implementations)
    {
        byte[]? expected = null;
        foreach ((string name, Action run) in implementations)
        {
            reset();
            run();
            var written = new ReadOnlySpan<byte>(region, length);
            if (expected is null)
            {
                expected = written.ToArray();
            }
            else if (!written.SequenceEqual(expected))
            {
                throw new InvalidOperationException(
                    $"{name} leaves other bytes than {implementations[0].Name} (first difference at byte {written.CommonPrefixLength(expected)} of {length}).");
            }
        }
    }

    /// <summary>The [Benchmark] methods of <paramref name="benchmarks"/> as actions, the baseline first.</summary>
    public static IEnumerable<(string Name, Action Run)> BenchmarkMethods(object benchmarks) =>
        from method in benchmarks.GetType().GetMethods()
        let benchmark = method.GetCustomAttribute<BenchmarkAttribute>()
        where benchmark is not null
        orderby benchmark.Baseline descending
        select (method.Name, method.CreateDelegate<Action>(benchmarks));
}
