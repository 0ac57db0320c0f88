namespace Sparrow.Tests;

/// <summary>
/// A fact that needs a file of <see cref="FileLength"/> bytes in the temporary directory, made sparse so it costs
/// no space. Decided when the test is discovered, so a machine that cannot have one reports the test as skipped
/// with the reason (xunit 2 has no skip from inside a running test).
/// </summary>
internal sealed class LargeSparseFileFactAttribute : FactAttribute
{
    /// <summary>Past 4 GiB, so offsets need more than 32 bits, and not a multiple of 8, so the tail is unaligned.</summary>
    public const long FileLength = (4L << 30) + 4096 + 13;

    public LargeSparseFileFactAttribute() => Skip = WhyNot();

    private static string? WhyNot()
    {
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
    }
}
