using System.IO.MemoryMappedFiles;
using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;
using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>
/// Random access to mapped data: <see cref="Reads"/> 8-byte reads at seeded random (mostly unaligned) offsets of
/// a 64 MiB file kept in the page cache, summed. Reported per read. Every variant reads the same mapping's
/// pages (one map each, opened and touched in setup), so only the accessor differs.
/// </summary>
public unsafe class MappedFileRandomReadBenchmarks
{
    private const int Reads = 1 << 20;
    private const int FileLength = 64 << 20;
    private const int Seed = 1971;

    private string? _path;
    private long[] _offsets = null!;
    private MemoryMappedFile _bclMap = null!;
    private MemoryMappedViewAccessor _accessor = null!;
    private byte* _pointer;
    private MappedFile _map = null!;

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(Seed);
        var bytes = new byte[FileLength];
        random.NextBytes(bytes);
        _offsets = new long[Reads];
        for (int i = 0; i < Reads; i++)
            _offsets[i] = random.NextInt64(FileLength - sizeof(long) + 1);
        _path = BenchmarkFile.Write("random", bytes);

        _bclMap = MemoryMappedFile.CreateFromFile(_path, FileMode.Open, null, 0, MemoryMappedFileAccess.Read);
        _accessor = _bclMap.CreateViewAccessor(0, FileLength, MemoryMappedFileAccess.Read);
        // What a user can do without Sparrow: acquire the view's pointer once and dereference it.
        byte* pointer = null;
        _accessor.SafeMemoryMappedViewHandle.AcquirePointer(ref pointer);
        _pointer = pointer + _accessor.PointerOffset;
        _map = MappedFile.Open(_path);

        long expected = 0;
        foreach (long offset in _offsets)
            expected += BitConverter.ToInt64(bytes, (int)offset);
        Expect(expected, ViewAccessorReadInt64(), nameof(ViewAccessorReadInt64));
        Expect(expected, RawPointer(), nameof(RawPointer));
        Expect(expected, MappedFileRead(), nameof(MappedFileRead));
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _map.Dispose();
        _accessor.SafeMemoryMappedViewHandle.ReleasePointer();
        _accessor.Dispose();
        _bclMap.Dispose();
        BenchmarkFile.Delete(_path);
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Reads), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public long ViewAccessorReadInt64()
    {
        MemoryMappedViewAccessor accessor = _accessor;
        long sum = 0;
        foreach (long offset in _offsets)
            sum += accessor.ReadInt64(offset);
        return sum;
    }

    [Benchmark(OperationsPerInvoke = Reads), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public long RawPointer()
    {
        byte* pointer = _pointer;
        long sum = 0;
        foreach (long offset in _offsets)
            sum += Unsafe.ReadUnaligned<long>(pointer + offset);
        return sum;
    }

    [Benchmark(OperationsPerInvoke = Reads), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    public long MappedFileRead()
    {
        MappedFile map = _map;
        long sum = 0;
        foreach (long offset in _offsets)
            sum += map.Read<long>(offset);
        return sum;
    }

    private static void Expect(long expected, long actual, string variant)
    {
        if (expected != actual)
            throw new InvalidOperationException($"MappedFileRandomRead: {variant} summed to {actual}, expected {expected}.");
    }
}
