namespace Sparrow.Tests;

/// <summary>
/// What the operating system says this CPU has (the flags of /proc/cpuinfo, Linux on x64) and which of it the
/// runtime's switches (DOTNET_EnableAVX512=0 and the like) turn off: a second opinion, independent of the
/// runtime's own IsSupported properties, on which instruction-set paths must run on this machine.
/// </summary>
internal sealed class CpuReport
{
    private readonly HashSet<string> _flags;

    private CpuReport(HashSet<string> flags) => _flags = flags;

    /// <summary>The report of this machine (Linux only).</summary>
    public static CpuReport Read()
    {
        string? line = File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("flags", StringComparison.Ordinal));
        Assert.NotNull(line);
        return new CpuReport([.. line[(line.IndexOf(':') + 1)..].Split(' ', StringSplitOptions.RemoveEmptyEntries)]);
    }

    /// <summary>
    /// Whether the CPU reports every one of <paramref name="flags"/> (cpuinfo names) and none of the runtime
    /// switches <paramref name="switches"/> (names after <c>DOTNET_Enable</c>) is set to 0. The switch that
    /// removes every intrinsic, HWIntrinsic, is always consulted.
    /// </summary>
    public bool Has(string[] flags, params string[] switches) =>
        flags.All(_flags.Contains) && switches.Append("HWIntrinsic").All(IsOn);

    private static bool IsOn(string feature) =>
        (Environment.GetEnvironmentVariable("DOTNET_Enable" + feature) ?? Environment.GetEnvironmentVariable("COMPlus_Enable" + feature)) != "0";
}
