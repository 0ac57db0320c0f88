using System.Buffers;
using System.IO.MemoryMappedFiles;
using System.Numerics.Tensors;
using System.Runtime.InteropServices;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using Microsoft.Win32.SafeHandles;
using Sparrow.Benchmarks.Reporting;
using Sparrow.Benchmarks.Suite;
using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>
/// The decode study, in .NET: <see cref="Count"/> random float32 values in a 4 MiB file kept in the page cache
/// (written in setup, every handle and map opened there too); each operation decodes every value and sums it.
/// The rows that yield a span of floats sum it with TensorPrimitives.Sum, the rows that yield one value per call
/// add as they go, so every row's sum is checked bit for bit against the same values summed the same way.
/// Throughput counts the 4 MiB of float32 data for every row (JSON's text is longer): MB/s is values a second.
/// </summary>
[Throughput(Throughput.Megabytes, BytesPerOperation)]
public unsafe class MappedFileDecodeBenchmarks
{
    public const int Count = 1 << 20;
    public const long BytesPerOperation = Count * sizeof(float);

    private const int Seed = 1970;

    private string? _binaryPath;
    private string? _jsonPath;
    private FileStream _binaryStream = null!;
    private BinaryReader _reader = null!;
    private FileStream _jsonStream = null!;
    private SafeFileHandle _handle = null!;
    private MemoryMappedFile _bclMap = null!;
    private MemoryMappedViewAccessor _accessor = null!;
    private MappedFile _map = null!;

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(Seed);
        var values = new float[Count];
        for (int i = 0; i < Count; i++)
            values[i] = random.NextSingle();
        _binaryPath = BenchmarkFile.Write("floats", MemoryMarshal.AsBytes(values.AsSpan()));
        _jsonPath = BenchmarkFile.Write("floats-json", JsonSerializer.SerializeToUtf8Bytes(values));

        _binaryStream = new FileStream(_binaryPath, FileMode.Open, FileAccess.Read, FileShare.Read);
        _reader = new BinaryReader(_binaryStream);
        _jsonStream = new FileStream(_jsonPath, FileMode.Open, FileAccess.Read, FileShare.Read);
        _handle = File.OpenHandle(_binaryPath);
        _bclMap = MemoryMappedFile.CreateFromFile(_binaryPath, FileMode.Open, null, 0, MemoryMappedFileAccess.Read);
        _accessor = _bclMap.CreateViewAccessor(0, BytesPerOperation, MemoryMappedFileAccess.Read);
        _map = MappedFile.Open(_binaryPath);

        CheckEveryVariantAgrees(values);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _map.Dispose();
        _accessor.Dispose();
        _bclMap.Dispose();
        _handle.Dispose();
        _reader.Dispose();
        _jsonStream.Dispose();
        BenchmarkFile.Delete(_binaryPath);
        BenchmarkFile.Delete(_jsonPath);
    }

    [Benchmark(Baseline = true), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public float BinaryReaderReadSingle()
    {
        _binaryStream.Position = 0;
        float sum = 0;
        for (int i = 0; i < Count; i++)
            sum += _reader.ReadSingle();
        return sum;
    }

    [Benchmark, BenchmarkCategory(Category.Alternative, Category.Headline)]
    public float JsonDeserialize()
    {
        _jsonStream.Position = 0;
        float[] values = JsonSerializer.Deserialize<float[]>(_jsonStream)!;
        return TensorPrimitives.Sum(values);
    }

    [Benchmark, BenchmarkCategory(Category.Alternative, Category.Headline)]
    public float RandomAccessReadCast()
    {
        byte[] buffer = ArrayPool<byte>.Shared.Rent((int)BytesPerOperation);
        Span<byte> bytes = buffer.AsSpan(0, (int)BytesPerOperation);
        for (int read = 0; read < bytes.Length;)
            read += RandomAccess.Read(_handle, bytes[read..], read);
        float sum = TensorPrimitives.Sum(MemoryMarshal.Cast<byte, float>(bytes));
        ArrayPool<byte>.Shared.Return(buffer);
        return sum;
    }

    [Benchmark, BenchmarkCategory(Category.Alternative, Category.Headline)]
    public float ViewAccessorReadArray()
    {
        float[] buffer = ArrayPool<float>.Shared.Rent(Count);
        _accessor.ReadArray(0, buffer, 0, Count);
        float sum = TensorPrimitives.Sum(buffer.AsSpan(0, Count));
        ArrayPool<float>.Shared.Return(buffer);
        return sum;
    }

    [Benchmark, BenchmarkCategory(Category.Alternative, Category.Headline)]
    public float ViewAccessorRead()
    {
        MemoryMappedViewAccessor accessor = _accessor;
        float sum = 0;
        for (int i = 0; i < Count; i++)
        {
            accessor.Read(i * (long)sizeof(float), out float value);
            sum += value;
        }
        return sum;
    }

    [Benchmark, BenchmarkCategory(Category.Sparrow, Category.Headline)]
    public float MappedFileCast() => TensorPrimitives.Sum(_map.Cast<float>(0, Count));

    /// <summary>A run that measures wrong answers is worthless: every row must produce the exact expected sum.</summary>
    private void CheckEveryVariantAgrees(float[] values)
    {
        float inOrder = 0;
        foreach (float value in values)
            inOrder += value;
        float vectorised = TensorPrimitives.Sum(values);

        Expect(inOrder, BinaryReaderReadSingle(), nameof(BinaryReaderReadSingle));
        Expect(vectorised, JsonDeserialize(), nameof(JsonDeserialize));
        Expect(vectorised, RandomAccessReadCast(), nameof(RandomAccessReadCast));
        Expect(vectorised, ViewAccessorReadArray(), nameof(ViewAccessorReadArray));
        Expect(inOrder, ViewAccessorRead(), nameof(ViewAccessorRead));
        Expect(vectorised, MappedFileCast(), nameof(MappedFileCast));
    }

    private static void Expect(float expected, float actual, string variant)
    {
        if (BitConverter.SingleToInt32Bits(expected) != BitConverter.SingleToInt32Bits(actual))
            throw new InvalidOperationException($"MappedFileDecode: {variant} summed to {actual:R}, expected {expected:R}.");
    }
}
