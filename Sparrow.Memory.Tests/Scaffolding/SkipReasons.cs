using System.Runtime.InteropServices;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// The one place that decides a test cannot run on this machine: each member is <see langword="null"/> where the
/// test can run, else the reason its skip shows. A test starts with <see cref="SkipIf"/>; a theory over code paths
/// (<see cref="Paths"/>) carries its path's reason on each row instead.
/// </summary>
internal static class SkipReasons
{
    /// <summary>Ends the running test as skipped, with <paramref name="reason"/>, when there is one.</summary>
    public static void SkipIf(string? reason)
    {
        if (reason is not null)
            Assert.Skip(reason);
    }

    /// <summary>Why a code path that needs <paramref name="what"/> cannot run here; null where it is <paramref name="supported"/>.</summary>
    public static string? Lacking(bool supported, string what) => supported
        ? null
        : $"Needs {what}, absent on this CPU or turned off for the JIT (a DOTNET_Enable...=0 switch): the path cannot run here.";

    public static string? MaskedVector512 => Sparrow.Storage.MaskedVector.IsSupported && System.Runtime.Intrinsics.Vector512.IsHardwareAccelerated
        ? null
        : "AVX-512BW/VL is absent or disabled (DOTNET_EnableAVX512=0), or 512-bit vectors are not accelerated on this CPU: the 512-bit masked path cannot run here.";

    public static string? MaskedVector => Sparrow.Storage.MaskedVector.IsSupported
        ? null
        : "AVX-512BW/VL is absent on this CPU or disabled (DOTNET_EnableAVX512=0): the masked path cannot run here.";

    public static string? KeyWordsVector512 => Sparrow.Storage.KeyWordsVector512.IsSupported
        ? null
        : "AVX-512 VBMI is absent or disabled (DOTNET_EnableAVX512=0 or DOTNET_EnableAVX512v2=0), or 512-bit vectors are not accelerated on this CPU: the key table's 512-bit key words cannot run here.";

    public static string? AdvSimd => Sparrow.Storage.AdvSimdBlocks.IsSupported
        ? null
        : "AdvSimd (ARM64) is absent on this CPU: the AdvSimd path runs in the linux-arm64 test run (tools/arm64/run-tests.sh).";

    public static string? Bmi2 => System.Runtime.Intrinsics.X86.Bmi2.X64.IsSupported
        ? null
        : "BMI2 is not available here: the PEXT gather of the scalar varint path is untested on this machine.";

    public static string? NotLinux => OperatingSystem.IsLinux()
        ? null
        : "Needs Linux: its mmap placement (a fenced map) or /proc/self (maps, fd, cpuinfo).";

    public static string? NotLinuxX64 => OperatingSystem.IsLinux() && RuntimeInformation.ProcessArchitecture == Architecture.X64
        ? null
        : "Needs Linux on x64: the CPU's features are read from /proc/cpuinfo by their x86 names.";

    /// <summary>Why no sparse file of <see cref="MappedFileLargeFileTests.Length"/> bytes can be made here.</summary>
    public static string? LargeSparseFile => LargeSparseFileReason.Value;

    private static readonly Lazy<string?> LargeSparseFileReason = new(() =>
    {
        const long FileLength = MappedFileLargeFileTests.Length;
        if (!Environment.Is64BitProcess)
            return "A 32-bit process cannot map a file larger than its 2 GiB address space.";

        string directory = Path.GetTempPath();
        // NTFS extends a file with allocated clusters unless it is flagged sparse (FileStream cannot): the
        // file would cost its full length. Unix file systems extend with a hole.
        long free = new DriveInfo(directory).AvailableFreeSpace;
        if (OperatingSystem.IsWindows() && free < 2 * FileLength)
            return $"On Windows the {FileLength:N0}-byte file is not sparse, and {directory} has only {free:N0} bytes free.";

        try
        {
            using var file = TempFile.Sparse(FileLength);
            using var stream = new FileStream(file.Path, FileMode.Open, FileAccess.Write);
            stream.Position = FileLength - 1;
            stream.WriteByte(1);
        }
        catch (IOException e)
        {
            return $"{directory} does not allow a {FileLength:N0}-byte sparse file ({free:N0} bytes free): {e.Message}";
        }
        return null;
    });
}
