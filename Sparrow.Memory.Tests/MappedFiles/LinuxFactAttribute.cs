namespace Sparrow.Tests;

/// <summary>A fact that needs Linux's mmap placement; skipped, with that reason, elsewhere.</summary>
internal sealed class LinuxFactAttribute : FactAttribute
{
    public LinuxFactAttribute()
    {
        if (!OperatingSystem.IsLinux())
            Skip = "Fencing a map with PROT_NONE pages relies on Linux placing a new mapping at the top of the highest free gap.";
    }
}
