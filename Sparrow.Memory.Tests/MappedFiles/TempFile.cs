namespace Sparrow.Tests;

/// <summary>A file in the temporary directory, deleted on Dispose.</summary>
internal sealed class TempFile : IDisposable
{
    private TempFile() => Path = System.IO.Path.Combine(System.IO.Path.GetTempPath(), $"sparrow-mapped-{Guid.NewGuid():N}.bin");

    public string Path { get; }

    /// <summary>A file holding <paramref name="contents"/>.</summary>
    public static TempFile With(byte[] contents)
    {
        var file = new TempFile();
        File.WriteAllBytes(file.Path, contents);
        return file;
    }

    /// <summary>
    /// A file of <paramref name="length"/> zero bytes made by extending an empty file: sparse where the file
    /// system supports it (every Unix one in use), so it costs no disk space.
    /// </summary>
    public static TempFile Sparse(long length)
    {
        var file = new TempFile();
        using var stream = new FileStream(file.Path, FileMode.CreateNew, FileAccess.Write);
        stream.SetLength(length);
        return file;
    }

    /// <summary><paramref name="length"/> seeded random bytes.</summary>
    public static byte[] RandomBytes(int length, int seed)
    {
        var bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }

    public void Dispose() => File.Delete(Path);
}
