using System.IO.Hashing;
using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Baselines;
using Sparrow.Benchmarks.Reporting;
using Sparrow.Benchmarks.Suite;
using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>
/// A checksum of one buffer, per size (16 B: a small record; 72 B: a short log record, the size the BCL's
/// CRC-32C came closest at; 256 and 700 B: mid-size records, where the folding's thresholds lie; 4 KiB: a page;
/// 64 KiB: a large page or a WAL segment): Sparrow's Crc32C against System.IO.Hashing 11's CRC-32C, the
/// crc32-instruction loop a .NET user wrote before it, System.IO.Hashing's Crc32 (IEEE, 128-bit carry-less
/// folding) and its two fastest non-cryptographic hashes, and the historical table-driven CRC-32C. The CRC-32C
/// rows are checked in setup to give the same checksum; the others to run. Crc32CSweepBenchmarks runs every size
/// between.
/// </summary>
[Throughput(Throughput.Megabytes)]
[HeadlineParams(nameof(Size), 16, 64, 72, 256, 700, 4096, WithoutAvx512 = new object[] { 4096 })]
[HeadlineParams(nameof(Size), 16, 64, Methods = new[] { nameof(InstructionLoop) })]
[HeadlineParams(nameof(Size), 4096, Methods = new[] { nameof(Crc32), nameof(XxHash3) })]
[HeadlineParams(nameof(Size), 72, 256, 700, Methods = new[] { nameof(BclCrc32C) })]
[WithoutAvx512]
public class Crc32CBenchmarks
{
    private const int MaxSize = 65536;

    /// <summary>
    /// Checksums per invocation (of the same input, results XORed): a 16-byte checksum takes a few nanoseconds, too
    /// close to BenchmarkDotNet's per-invocation overhead to measure alone.
    /// </summary>
    private const int Operations = 16;

    // PERF: one pinned, 64-byte-aligned buffer for every case, so no case pays for a placement another does not.
    private readonly byte[] _buffer = GC.AllocateArray<byte>(MaxSize + 64, pinned: true);
    private int _offset;

    [Params(16, 64, 72, 256, 512, 700, 4096, 65536)]
    public int Size { get; set; }

    private ReadOnlySpan<byte> Input => _buffer.AsSpan(_offset, Size);

    [GlobalSetup]
    public unsafe void Setup()
    {
        new Random(32).NextBytes(_buffer);
        fixed (byte* p = _buffer)
            _offset = (int)((64 - ((nint)p & 63)) & 63);

        // Each row XORs an even number of equal checksums (0), so the rows' own functions are what is checked.
        uint expected = Crc32CTableDriven.Hash(Input);
        foreach ((string name, uint crc) in (ValueTuple<string, uint>[])
            [(nameof(Crc32C), Sparrow.Storage.Crc32C.HashToUInt32(Input)), (nameof(InstructionLoop), Crc32CInstructionLoop.Hash(Input)),
             (nameof(BclCrc32C), System.IO.Hashing.Crc32.HashToUInt32(Crc32ParameterSet.Crc32C, Input))])
        {
            if (crc != expected)
                throw new InvalidOperationException($"Crc32C {name} (Size {Size}) gave another checksum than the table-driven CRC-32C.");
        }

        if (expected == 0 || Crc32() != 0 || XxHash3() != 0 || XxHash64() != 0 || Crc32C() != 0 || BclCrc32C() != 0)
            throw new InvalidOperationException($"Crc32C (Size {Size}): a row did not compute its checksum {Operations} times.");
    }

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow, Category.Headline, Category.HeadlineWithoutAvx512)]
    [Target(1 / 3.5, nameof(Crc32), MinSize = 4096)]
    [Target(1 / 1.1, nameof(XxHash3), MinSize = 4096)]
    [Target(1.0, nameof(InstructionLoop), MaxSize = 64)]
    [Target(0.5, nameof(Crc32), MinSize = 4096, MaxSize = 4096, WithoutAvx512 = true)]
    // The BCL's CRC-32C where the checksums between the crc32 chains and the folding fall (the sizes of a WAL record,
    // a row, a small value): at most 0.5x, and 0.6x without AVX-512 (Crc32CSweepBenchmarks, every size of the sweep).
    [Target(0.5, nameof(BclCrc32C), MinSize = 72, MaxSize = 700)]
    [Target(0.6, nameof(BclCrc32C), MinSize = 72, MaxSize = 700, WithoutAvx512 = true)]
    public ulong Crc32C() => Repeat<SparrowCrc32C>();

    /// <summary>
    /// The loop over <c>BitOperations.Crc32C</c> a user wrote before System.IO.Hashing 11 had CRC-32C (written here
    /// only because it is a loop, not an API); still the baseline of this class's ratio column.
    /// </summary>
    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public ulong InstructionLoop() => Repeat<InstructionLoopCrc32C>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative, Category.Headline, Category.HeadlineWithoutAvx512)]
    public ulong Crc32() => Repeat<BclCrc32>();

    /// <summary>System.IO.Hashing 11's CRC-32C (<c>Crc32.HashToUInt32(Crc32ParameterSet.Crc32C, ...)</c>): the BCL's own.</summary>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public ulong BclCrc32C() => Repeat<BclCrc32C>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public ulong XxHash3() => Repeat<BclXxHash3>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative)]
    public ulong XxHash64() => Repeat<BclXxHash64>();

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Historical)]
    public ulong TableDriven() => Repeat<TableDrivenCrc32C>();

    /// <summary>The row's checksum of the input <see cref="Operations"/> times, XORed (0: every call gave the same value).</summary>
    private ulong Repeat<TChecksum>()
        where TChecksum : IChecksum
    {
        ReadOnlySpan<byte> input = Input;
        ulong result = 0;
        for (int i = 0; i < Operations; i++)
            result ^= TChecksum.Of(input);
        return result;
    }
}
