using System.Globalization;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>Another process and how much of a core it used while <see cref="OtherProcesses"/> watched.</summary>
internal sealed record BusyProcess(int Pid, string Name, double Cores);

/// <summary>
/// The CPU other work uses, from Linux's /proc: every process's CPU time over a short window, leaving out this run's
/// own process tree (this program, its ancestors, and everything its starter started: the build `dotnet run` has just
/// done and its worker nodes). Not the load average: it counts that build for a minute after it ended.
/// </summary>
internal static class OtherProcesses
{
    /// <summary>What other processes may use together, in cores, for a run to be published.</summary>
    public const double MaxCores = 0.2;

    /// <summary>
    /// Samples other processes over <paramref name="window"/> until they use at most <see cref="MaxCores"/> or
    /// <paramref name="patience"/> has passed (build servers wind down a few seconds after a build), saying on
    /// <paramref name="log"/> what it saw first and last. The last sample; null without /proc.
    /// </summary>
    public static IReadOnlyList<BusyProcess>? WaitUntilQuiet(TimeSpan window, TimeSpan patience, TextWriter log)
    {
        var started = DateTime.UtcNow;
        for (int sample = 0; ; sample++)
        {
            if (Sample(window) is not { } busy)
            {
                log.WriteLine("// Other processes: /proc cannot be read here, so the machine's quiet is not checked.");
                return null;
            }
            double cores = busy.Sum(p => p.Cores);
            bool quiet = cores <= MaxCores, patient = DateTime.UtcNow - started < patience;
            if (sample == 0 || quiet || !patient)
                log.WriteLine(Format.Invariant($"// Other processes used {cores:0.00} cores over {window.TotalSeconds:0} s ({Describe(busy)}): ") +
                    (quiet ? "quiet enough, measuring." : patient ? Format.Invariant($"waiting up to {patience.TotalSeconds:0} s for them to settle...") : "still busy, measuring anyway."));
            if (quiet || !patient)
                return busy;
        }
    }

    /// <summary>"dotnet (pid 12, 0.80 cores), ..." for the three busiest, or "none".</summary>
    public static string Describe(IReadOnlyList<BusyProcess> busy) =>
        busy.Count == 0 ? "none" : string.Join(", ", busy.Take(3).Select(p => Format.Invariant($"{p.Name} (pid {p.Pid}, {p.Cores:0.00} cores)")));

    /// <summary>Every process outside this run's tree that used CPU over <paramref name="window"/>, busiest first; null without /proc.</summary>
    public static IReadOnlyList<BusyProcess>? Sample(TimeSpan window)
    {
        var before = Processes();
        long totalBefore = TotalTicks();
        Thread.Sleep(window);
        var after = Processes();
        long totalAfter = TotalTicks();
        if (before.Count == 0 || totalAfter <= totalBefore)
            return null;
        // /proc/stat's total counts every CPU's ticks: over the CPU count it is the window in ticks, whatever USER_HZ is.
        double windowTicks = (double)(totalAfter - totalBefore) / Environment.ProcessorCount;
        int starter = after.TryGetValue(Environment.ProcessId, out var self) ? self.Parent : Environment.ProcessId;
        bool Ours(int pid)
        {
            for (int p = pid; p > 1 && after.TryGetValue(p, out var process); p = process.Parent)
            {
                if (p == starter || p == Environment.ProcessId)
                    return true;
            }
            return false;
        }
        return [.. after.Where(p => !Ours(p.Key) && !IsAncestor(after, p.Key) && before.TryGetValue(p.Key, out var earlier) && p.Value.Ticks > earlier.Ticks)
            .Select(p => new BusyProcess(p.Key, p.Value.Name, (p.Value.Ticks - before[p.Key].Ticks) / windowTicks)).OrderByDescending(p => p.Cores)];
    }

    private static bool IsAncestor(Dictionary<int, (string Name, int Parent, long Ticks)> processes, int pid)
    {
        for (int p = Environment.ProcessId; p > 1 && processes.TryGetValue(p, out var process); p = process.Parent)
        {
            if (p == pid)
                return true;
        }
        return false;
    }

    private static long TotalTicks() => Read(() => File.ReadLines("/proc/stat").First().Split(' ', StringSplitOptions.RemoveEmptyEntries).Skip(1).Sum(f => long.Parse(f, CultureInfo.InvariantCulture)));

    /// <summary>Every process's name, parent and user + system ticks from /proc/&lt;pid&gt;/stat ("pid (name) state ppid ... utime stime").</summary>
    private static Dictionary<int, (string Name, int Parent, long Ticks)> Processes()
    {
        var processes = new Dictionary<int, (string, int, long)>();
        foreach (string directory in Directory.Exists("/proc") ? Directory.EnumerateDirectories("/proc") : [])
        {
            if (!int.TryParse(Path.GetFileName(directory), out int pid))
                continue;
            // The name may hold spaces and parentheses: split after the last ')'. A process that exits meanwhile is skipped.
            string stat = Read(() => File.ReadAllText(Path.Combine(directory, "stat"))) ?? "";
            int close = stat.LastIndexOf(')');
            string[] fields = close < 0 ? [] : stat[(close + 2)..].Split(' ');
            if (fields.Length > 12)
                processes[pid] = (stat[(stat.IndexOf('(') + 1)..close], int.Parse(fields[1], CultureInfo.InvariantCulture), long.Parse(fields[11], CultureInfo.InvariantCulture) + long.Parse(fields[12], CultureInfo.InvariantCulture));
        }
        return processes;
    }

    private static T? Read<T>(Func<T> read)
    {
        try
        {
            return read();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or FormatException)
        {
            return default;
        }
    }
}
