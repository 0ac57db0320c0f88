using System.Runtime.InteropServices;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// The one place that decides a test cannot run on this machine: each member is <see langword="null"/> where the
/// test can run, else the reason its skip shows. The fact attributes below and <see cref="Paths"/> read them.
/// </summary>
internal static class SkipReasons
{
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

    /// <summary>Why no sparse file of <see cref="LargeSparseFileFactAttribute.FileLength"/> bytes can be made here.</summary>
    public static string? LargeSparseFile => LargeSparseFileReason.Value;

    private static readonly Lazy<string?> LargeSparseFileReason = new(() =>
    {
        const long FileLength = LargeSparseFileFactAttribute.FileLength;
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

/// <summary>
/// A fact that runs only where <see cref="SkipReasons"/> allows; decided when the test is discovered, so a machine
/// that cannot run it reports it skipped with the reason (xunit 2 has no skip from inside a running test).
/// </summary>
public abstract class MachineFactAttribute : FactAttribute
{
    private protected MachineFactAttribute(string? skipReason) => Skip = skipReason;
}

/// <summary>A fact that needs Linux (<see cref="SkipReasons.NotLinux"/>).</summary>
public sealed class LinuxFactAttribute() : MachineFactAttribute(SkipReasons.NotLinux);

/// <summary>A fact that reads the CPU's features from Linux on x64 (<see cref="SkipReasons.NotLinuxX64"/>).</summary>
public sealed class LinuxX64FactAttribute() : MachineFactAttribute(SkipReasons.NotLinuxX64);

/// <summary>A fact that needs <see cref="Sparrow.Storage.KeyWordsVector512"/> (AVX-512 VBMI).</summary>
public sealed class KeyWordsVector512FactAttribute() : MachineFactAttribute(SkipReasons.KeyWordsVector512);

/// <summary>A fact that needs BMI2 (<see cref="SkipReasons.Bmi2"/>).</summary>
public sealed class Bmi2FactAttribute() : MachineFactAttribute(SkipReasons.Bmi2);

/// <summary>A fact that needs a sparse file past 4 GiB in the temporary directory (<see cref="SkipReasons.LargeSparseFile"/>).</summary>
public sealed class LargeSparseFileFactAttribute() : MachineFactAttribute(SkipReasons.LargeSparseFile)
{
    /// <summary>Past 4 GiB, so offsets need more than 32 bits, and not a multiple of 8, so the tail is unaligned.</summary>
    public const long FileLength = (4L << 30) + 4096 + 13;
}
