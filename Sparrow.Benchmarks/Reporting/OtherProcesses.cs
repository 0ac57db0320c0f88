using System.Globalization;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>Another process and how much of a core it used while <see cref="OtherProcesses"/> watched.</summary>
internal sealed record BusyProcess(int Pid, string Name, double Cores);

/// <summary>
/// The CPU other work uses, read from Linux's /proc: every process's CPU time over a short window, leaving out this
/// run's own process tree (this program, the processes that started it, and everything its starter started: the
/// build `dotnet run` has just done and its worker nodes). The load average is not used: it counts that build for
/// a minute after it ended, and the first run from a fresh clone would always look busy.
/// </summary>
internal static class OtherProcesses
{
    /// <summary>What other processes may use together, in cores, for a run to be published.</summary>
    public const double MaxCores = 0.2;

    /// <summary>
    /// Samples other processes' CPU use over <paramref name="window"/>, again and again until they use at most
    /// <see cref="MaxCores"/> or <paramref name="patience"/> has passed (compiler servers and build nodes wind down a few
    /// seconds after a build), saying on <paramref name="log"/> what it saw first and last. The last sample; null without /proc.
    /// </summary>
    public static IReadOnlyList<BusyProcess>? WaitUntilQuiet(TimeSpan window, TimeSpan patience, TextWriter log)
    {
        var started = DateTime.UtcNow;
        for (int sample = 0; ; sample++)
        {
            IReadOnlyList<BusyProcess>? busy = Sample(window);
            if (busy is null)
            {
                log.WriteLine("// Other processes: /proc cannot be read here, so the machine's quiet is not checked.");
                return null;
            }
            double cores = busy.Sum(p => p.Cores);
            bool quiet = cores <= MaxCores;
            bool patient = DateTime.UtcNow - started < patience;
            if (sample == 0 || quiet || !patient)
            {
                log.WriteLine(SvgChart.Invariant($"// Other processes used {cores:0.00} cores over {window.TotalSeconds:0} s ({Describe(busy)}): ") +
                              (quiet ? "quiet enough, measuring." : patient ? SvgChart.Invariant($"waiting up to {patience.TotalSeconds:0} s for them to settle...") : SvgChart.Invariant($"still busy after {patience.TotalSeconds:0} s, measuring anyway.")));
            }
            if (quiet || !patient)
                return busy;
        }
    }

    /// <summary>"dotnet (pid 12, 0.80 cores), ..." for the three busiest, or "none".</summary>
    public static string Describe(IReadOnlyList<BusyProcess> busy) =>
        busy.Count == 0 ? "none" : string.Join(", ", busy.Take(3).Select(p => SvgChart.Invariant($"{p.Name} (pid {p.Pid}, {p.Cores:0.00} cores)")));

    /// <summary>Every process outside this run's tree that used CPU over <paramref name="window"/>, busiest first; null without /proc.</summary>
    public static IReadOnlyList<BusyProcess>? Sample(TimeSpan window)
    {
        var before = ProcessTimes();
        long totalBefore = TotalCpuTicks();
        Thread.Sleep(window);
        var after = ProcessTimes();
        long totalAfter = TotalCpuTicks();
        if (before.Count == 0 || totalAfter <= totalBefore)
            return null;

        // /proc/stat's total counts every CPU's ticks: divided by the CPU count it is the window's length in ticks,
        // whatever the tick rate (USER_HZ), so a process's ticks over it are the cores it kept busy.
        double windowTicks = (double)(totalAfter - totalBefore) / Environment.ProcessorCount;
        var ours = ThisRunsTree(after);
        var busy = new List<BusyProcess>();
        foreach (var (pid, (name, _, ticks)) in after)
        {
            if (!ours.Contains(pid) && before.TryGetValue(pid, out var earlier) && ticks > earlier.Ticks)
                busy.Add(new BusyProcess(pid, name, (ticks - earlier.Ticks) / windowTicks));
        }
        return [.. busy.OrderByDescending(p => p.Cores)];
    }

    /// <summary>This process, its ancestors, and every descendant of its parent (the `dotnet run` that built and started it).</summary>
    private static HashSet<int> ThisRunsTree(Dictionary<int, (string Name, int ParentPid, long Ticks)> processes)
    {
        var ours = new HashSet<int>();
        int pid = Environment.ProcessId;
        while (pid > 1 && ours.Add(pid) && processes.TryGetValue(pid, out var process))
            pid = process.ParentPid;
        int starter = processes.TryGetValue(Environment.ProcessId, out var self) ? self.ParentPid : Environment.ProcessId;
        foreach (int candidate in processes.Keys)
        {
            for (int p = candidate; p > 1 && processes.TryGetValue(p, out var process); p = process.ParentPid)
            {
                if (p == starter || p == Environment.ProcessId)
                {
                    ours.Add(candidate);
                    break;
                }
            }
        }
        return ours;
    }

    /// <summary>The first line of /proc/stat ("cpu user nice system idle ..."): every CPU's ticks since boot, summed.</summary>
    private static long TotalCpuTicks()
    {
        try
        {
            string cpu = File.ReadLines("/proc/stat").First();
            return cpu.Split(' ', StringSplitOptions.RemoveEmptyEntries).Skip(1).Sum(field => long.Parse(field, CultureInfo.InvariantCulture));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or FormatException)
        {
            return 0;
        }
    }

    /// <summary>Every process's name, parent and user + system ticks, from /proc/&lt;pid&gt;/stat (processes that exit meanwhile are skipped).</summary>
    private static Dictionary<int, (string Name, int ParentPid, long Ticks)> ProcessTimes()
    {
        var times = new Dictionary<int, (string, int, long)>();
        if (!Directory.Exists("/proc"))
            return times;
        foreach (string directory in Directory.EnumerateDirectories("/proc"))
        {
            if (!int.TryParse(Path.GetFileName(directory), out int pid))
                continue;
            try
            {
                // "pid (name) state ppid ... utime stime ...": the name may hold spaces and parentheses, so split after the last ')'.
                string stat = File.ReadAllText(Path.Combine(directory, "stat"));
                int close = stat.LastIndexOf(')');
                string name = stat[(stat.IndexOf('(') + 1)..close];
                string[] fields = stat[(close + 2)..].Split(' ');
                const int ParentPid = 1, UserTime = 11, SystemTime = 12; // fields 4, 14 and 15 of the line, counted from "state"
                times[pid] = (name, int.Parse(fields[ParentPid], CultureInfo.InvariantCulture),
                    long.Parse(fields[UserTime], CultureInfo.InvariantCulture) + long.Parse(fields[SystemTime], CultureInfo.InvariantCulture));
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException or FormatException)
            {
                // The process exited between the listing and the read (or hides its stat): it keeps no CPU busy.
            }
        }
        return times;
    }
}
