using System.Globalization;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// Linux's CPU time counters (clock ticks) at one moment: every CPU's busy and total ticks (/proc/stat), and this process
/// tree's own (/proc/self/stat's utime, stime, cutime and cstime: BenchmarkDotNet waits for every build and benchmark
/// process it starts, so their time is reaped into cutime and cstime). Not the load average: it counts `dotnet run`'s build for a minute after.
/// </summary>
internal readonly record struct CpuTicks(long Busy, long Total, long Own)
{
    /// <summary>The counters now; null where /proc cannot be read.</summary>
    public static CpuTicks? Now()
    {
        try
        {
            // "cpu user nice system idle iowait irq softirq steal guest guest_nice": guest time is already in user and nice.
            long[] cpu = [.. File.ReadLines("/proc/stat").First().Split(' ', StringSplitOptions.RemoveEmptyEntries).Skip(1).Take(8).Select(field => long.Parse(field, CultureInfo.InvariantCulture))];
            // The name may hold spaces and parentheses: the fields start after the last ')'; utime is the 12th from there.
            string self = File.ReadAllText("/proc/self/stat");
            long own = self[(self.LastIndexOf(')') + 2)..].Split(' ').Skip(11).Take(4).Sum(field => long.Parse(field, CultureInfo.InvariantCulture));
            return new CpuTicks(cpu.Sum() - cpu[3] - cpu[4], cpu.Sum(), own);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or FormatException or InvalidOperationException)
        {
            return null;
        }
    }

    /// <summary>The cores other processes used on average since <paramref name="earlier"/> (total busy time less this tree's).</summary>
    public double OtherCoresSince(CpuTicks earlier) =>
        (Busy - earlier.Busy - (Own - earlier.Own)) / Math.Max(1.0, (double)(Total - earlier.Total) / Environment.ProcessorCount);
}
