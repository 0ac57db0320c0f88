using System.Globalization;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>Another process and how much of a core it used while <see cref="MachineAtStart"/> watched.</summary>
internal sealed record BusyProcess(int Pid, string Name, double Cores);

/// <summary>
/// How busy the machine was before the run began, read from Linux's /proc: the 1-minute load average, and
/// the CPU time over a short window of every process but this one and those that started it (`dotnet run`,
/// which waits on this program, and the shell). Null figures mean /proc could not be read.
/// </summary>
internal sealed record MachineAtStart(double? LoadAverage1Min, IReadOnlyList<BusyProcess>? OtherProcesses)
{
    /// <summary>Reads /proc/loadavg, then samples every process's CPU time over <paramref name="window"/>.</summary>
    public static MachineAtStart Read(TimeSpan window)
    {
        double? load = ReadLoadAverage();
        var before = ProcessTimes();
        long totalBefore = TotalCpuTicks();
        Thread.Sleep(window);
        var after = ProcessTimes();
        long totalAfter = TotalCpuTicks();
        if (load is null || before.Count == 0 || totalAfter <= totalBefore)
            return new MachineAtStart(load, null);

        // /proc/stat's total counts every CPU's ticks: divided by the CPU count it is the window's length in ticks,
        // whatever the tick rate (USER_HZ), so a process's ticks over it are the cores it kept busy.
        double windowTicks = (double)(totalAfter - totalBefore) / Environment.ProcessorCount;
        var ours = ThisProcessAndItsStarters(after);
        var busy = new List<BusyProcess>();
        foreach (var (pid, (name, _, ticks)) in after)
        {
            if (!ours.Contains(pid) && before.TryGetValue(pid, out var earlier) && ticks > earlier.Ticks)
                busy.Add(new BusyProcess(pid, name, (ticks - earlier.Ticks) / windowTicks));
        }
        return new MachineAtStart(load, busy.OrderByDescending(p => p.Cores).ToList());
    }

    private static double? ReadLoadAverage()
    {
        try
        {
            string first = File.ReadAllText("/proc/loadavg").Split(' ')[0];
            return double.Parse(first, CultureInfo.InvariantCulture);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or FormatException)
        {
            return null;
        }
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

    private static HashSet<int> ThisProcessAndItsStarters(Dictionary<int, (string Name, int ParentPid, long Ticks)> processes)
    {
        var ours = new HashSet<int>();
        int pid = Environment.ProcessId;
        while (pid > 1 && ours.Add(pid) && processes.TryGetValue(pid, out var process))
            pid = process.ParentPid;
        return ours;
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
