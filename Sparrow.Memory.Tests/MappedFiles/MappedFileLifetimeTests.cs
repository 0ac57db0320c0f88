using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>Opening (missing, empty, shared with a writer), disposal, and use after it.</summary>
public sealed class MappedFileLifetimeTests
{
    [Fact]
    public void MissingFile_ThrowsAsFileOpenReadDoes()
    {
        string missing = Path.Combine(Path.GetTempPath(), $"sparrow-missing-{Guid.NewGuid():N}.bin");
        string inMissingDirectory = Path.Combine(missing, "file.bin");

        var error = Assert.Throws<FileNotFoundException>(() => MappedFile.Open(missing));
        Assert.Equal(missing, error.FileName);
        Assert.Equal(Assert.ThrowsAny<IOException>(() => File.OpenRead(inMissingDirectory)).GetType(),
            Assert.ThrowsAny<IOException>(() => MappedFile.Open(inMissingDirectory)).GetType());
        Assert.Throws<ArgumentNullException>(() => MappedFile.Open(null!));
        Assert.Throws<ArgumentException>(() => MappedFile.Open(""));
    }

    [Fact]
    public void EmptyFile_OpensWithLengthZero_AndOnlyEmptyRanges()
    {
        using var file = TempFile.With([]);
        using var map = MappedFile.Open(file.Path);

        Assert.Equal(0, map.Length);
        Assert.True(map.AsSpan(0, 0).IsEmpty);
        Assert.True(map.Cast<long>(0, 0).IsEmpty);
        map.WillNeed(0, 0);
        Assert.Throws<ArgumentOutOfRangeException>(() => map.AsSpan(0, 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => map.Read<byte>(0));
    }

    public static TheoryData<int> Sizes => new(0, 4097);

    [Theory]
    [MemberData(nameof(Sizes))]
    public void AfterDispose_EveryMemberThrowsObjectDisposed_AndDisposeIsIdempotent(int size)
    {
        using var file = TempFile.With(TempFile.RandomBytes(size, seed: 31));
        var map = MappedFile.Open(file.Path);
        map.Dispose();
        map.Dispose();

        // Valid and invalid ranges alike: disposal is reported first.
        Action[] uses =
        [
            () => _ = map.Length,
            () => map.AsSpan(0, 0),
            () => map.AsSpan(0, 1),
            () => map.AsSpan(-1, 1),
            () => map.AsSpan(size, int.MaxValue),
            () => map.Cast<int>(0, 0),
            () => map.Cast<int>(0, 1),
            () => map.Cast<int>(long.MaxValue, -1),
            () => map.Read<byte>(0),
            () => map.Read<long>(-1),
            () => map.Read<Int128>(0),
            () => map.WillNeed(0, 0),
            () => map.WillNeed(0, size),
        ];
        foreach (Action use in uses)
            Assert.Equal(typeof(MappedFile).FullName, Assert.Throws<ObjectDisposedException>(use).ObjectName);
        map.Dispose();
    }

    /// <summary>
    /// Four threads dispose one map at once, 50 times: the file is unmapped and closed (Linux's /proc/self shows
    /// neither a mapping nor a descriptor of it), no thread throws, and the map then reports its disposal. A second
    /// release of the view's pointer (two threads both past the exchange in Dispose) throws from the view's
    /// SafeHandle, which Parallel.For rethrows here.
    /// </summary>
    [Fact]
    public void DisposeFromManyThreadsAtOnce_UnmapsAndClosesTheFile_WithoutError()
    {
        SkipReasons.SkipIf(SkipReasons.NotLinux);
        using var file = TempFile.With(TempFile.RandomBytes(4096, seed: 32));
        string name = Path.GetFileName(file.Path);
        for (int round = 0; round < 50; round++)
        {
            var map = MappedFile.Open(file.Path);
            Assert.Equal(1, Mappings(name));
            Assert.Equal(1, Descriptors(name));
            using var start = new Barrier(4);
            Parallel.For(0, 4, new ParallelOptions { MaxDegreeOfParallelism = 4 }, _ =>
            {
                start.SignalAndWait();
                map.Dispose();
            });
            Assert.Equal(0, Mappings(name));
            Assert.Equal(0, Descriptors(name));
            Assert.Throws<ObjectDisposedException>(() => map.Read<int>(0));
        }
    }

    /// <summary>How many mappings of the file named <paramref name="name"/> this process has.</summary>
    private static int Mappings(string name) =>
        File.ReadLines("/proc/self/maps").Count(line => line.EndsWith("/" + name, StringComparison.Ordinal));

    /// <summary>How many open descriptors of the file named <paramref name="name"/> this process has.</summary>
    private static int Descriptors(string name) =>
        new DirectoryInfo("/proc/self/fd").EnumerateFileSystemInfos()
            .Count(fd => fd.LinkTarget is { } target && target.EndsWith("/" + name, StringComparison.Ordinal));

    public static TheoryData<FileShare> WriterShares => new(FileShare.ReadWrite, FileShare.Read);

    [Theory]
    [MemberData(nameof(WriterShares))]
    public void FileOpenForWritingByAnotherHandle_MapsAndShowsItsWrites(FileShare writerShare)
    {
        byte[] bytes = TempFile.RandomBytes(3 * 4096 + 17, seed: 33);
        using var file = TempFile.With(bytes);
        using var writer = new FileStream(file.Path, FileMode.Open, FileAccess.ReadWrite, writerShare);
        using var map = MappedFile.Open(file.Path);

        Assert.Equal(bytes.Length, map.Length);
        Assert.True(map.AsSpan(0, bytes.Length).SequenceEqual(bytes));

        // A write inside the mapped length shows through the map: both see the same page cache.
        byte[] update = [1, 2, 3, 4, 5, 6, 7, 8];
        writer.Position = 4090;
        writer.Write(update);
        writer.Flush();
        Assert.True(map.AsSpan(4090, update.Length).SequenceEqual(update));

        // Bytes appended later are outside the length fixed at Open.
        writer.Position = bytes.Length;
        writer.Write(update);
        writer.Flush();
        Assert.Equal(bytes.Length, map.Length);
        Assert.Throws<ArgumentOutOfRangeException>(() => map.AsSpan(bytes.Length, 1));
    }

    [Fact]
    public void WriterOpenedAfterTheMap_IsAllowed()
    {
        using var mapped = new MappedBytes(4096, seed: 34);
        var (bytes, map) = mapped;
        using var writer = new FileStream(mapped.Path, FileMode.Open, FileAccess.Write, FileShare.ReadWrite);
        writer.Write([0xEE]);
        writer.Flush();

        Assert.Equal(0xEE, map.Read<byte>(0));
        Assert.True(map.AsSpan(1, 4095).SequenceEqual(bytes.AsSpan(1)));
    }

    [Fact]
    public void FileDeletedWhileMapped_StaysReadableUntilDispose()
    {
        using var mapped = new MappedBytes(8192, seed: 35);
        var (bytes, map) = mapped;

        File.Delete(mapped.Path);

        Assert.False(File.Exists(mapped.Path));
        Assert.True(map.AsSpan(0, bytes.Length).SequenceEqual(bytes));
    }
}
