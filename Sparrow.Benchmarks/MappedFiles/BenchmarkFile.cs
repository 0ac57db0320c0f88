namespace Sparrow.Benchmarks;

/// <summary>
/// A benchmark's data file in the temporary directory: written in GlobalSetup (so it sits in the page cache
/// for the whole run) and deleted in GlobalCleanup.
/// </summary>
internal static class BenchmarkFile
{
    public static string Write(string name, ReadOnlySpan<byte> contents)
    {
        string path = Path.Combine(Path.GetTempPath(), $"sparrow-bench-{name}-{Environment.ProcessId}.bin");
        using var stream = new FileStream(path, FileMode.Create, FileAccess.Write);
        stream.Write(contents);
        return path;
    }

    public static void Delete(string? path)
    {
        if (path is not null)
            File.Delete(path);
    }
}
