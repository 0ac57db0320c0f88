using System.Runtime.InteropServices;

namespace Sparrow.Storage;

/// <summary>
/// Access-pattern hints to the OS about mapped memory (madvise), the one thing a map needs that the BCL's
/// MemoryMappedFile does not offer. Hints only: failures are ignored, and where the OS has no such call
/// they do nothing.
/// </summary>
internal static unsafe partial class MemoryAdvice
{
    /// <summary>MADV_WILLNEED: the same value on Linux, macOS and FreeBSD.</summary>
    private const int WillNeedAdvice = 3;

    private static readonly nuint PageMask = (nuint)Environment.SystemPageSize - 1;

    /// <summary>Asks the OS to start reading the pages under <paramref name="length"/> bytes at <paramref name="address"/>.</summary>
    public static void WillNeed(byte* address, nuint length)
    {
        if (!OperatingSystem.IsLinux() && !OperatingSystem.IsMacOS() && !OperatingSystem.IsFreeBSD())
            return;
        // madvise takes a page-aligned start: widen the range down to the page that holds its first byte.
        nuint start = (nuint)address & ~PageMask;
        _ = madvise((void*)start, (nuint)address + length - start, WillNeedAdvice);
    }

    [LibraryImport("libc", EntryPoint = "madvise")]
    private static partial int madvise(void* address, nuint length, int advice);
}
