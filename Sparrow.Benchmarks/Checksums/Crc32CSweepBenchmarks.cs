using System.IO.Hashing;
using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Baselines;
using Sparrow.Benchmarks.Reporting;
using Sparrow.Benchmarks.Suite;
using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>
/// CRC-32C at every size that decides a path (the powers of two from 16 B to 64 KiB and the points around each
/// path's threshold), against System.IO.Hashing's CRC-32C (<c>Crc32.HashToUInt32(Crc32ParameterSet.Crc32C, ...)</c>,
/// the baseline), the one-chain crc32-instruction loop and XxHash3: the sweep the dispatcher's thresholds in
/// <see cref="Sparrow.Storage.Crc32C"/> are chosen from, with throughput in GB/s in the table and time against size
/// (log-log) in the published chart, where a threshold that costs more than it saves shows as a cliff. Not a headline class: its cases are
/// for choosing and checking thresholds; <see cref="Crc32CBenchmarks"/> carries the headline sizes.
/// </summary>
[Throughput(Throughput.Gigabytes)]
[WithoutAvx512]
public class Crc32CSweepBenchmarks
{
    private const int MaxSize = 65536;

    /// <summary>Checksums per invocation, as in <see cref="Crc32CBenchmarks"/>: a short one is too close to the harness's own overhead.</summary>
    private const int Operations = 16;

    // PERF: one pinned, 64-byte-aligned buffer for every case, so no case pays for a placement another does not.
    private readonly byte[] _buffer = GC.AllocateArray<byte>(MaxSize + 64, pinned: true);
    private int _offset;

    /// <summary>
    /// Powers of two, and the sizes between them where a path starts or its whole and partial vectors change:
    /// the one chain's short sizes (24, 40, 72, 100; 20, 36 and 100 end in a 4-byte step after whole words), the
    /// folding's partial vectors (200, 320, 384, 448, 600, 700) and its first four-vector block (256, 768).
    /// </summary>
    [Params(16, 20, 24, 32, 36, 40, 48, 64, 72, 80, 96, 100, 128, 160, 192, 200, 224, 256, 320, 384, 448, 512, 600, 700, 768, 1024, 1536, 2048, 4096, 8192, 16384, 65536)]
    public int Size { get; set; }

    private ReadOnlySpan<byte> Input => _buffer.AsSpan(_offset, Size);

    [GlobalSetup]
    public unsafe void Setup()
    {
        new Random(36).NextBytes(_buffer);
        fixed (byte* p = _buffer)
            _offset = (int)((64 - ((nint)p & 63)) & 63);

        uint expected = Crc32CTableDriven.Hash(Input);
        if (Sparrow.Storage.Crc32C.HashToUInt32(Input) != expected || Crc32.HashToUInt32(Crc32ParameterSet.Crc32C, Input) != expected || Crc32CInstructionLoop.Hash(Input) != expected)
            throw new InvalidOperationException($"Crc32CSweep (Size {Size}): a CRC-32C row gave another checksum than the table-driven CRC-32C.");
        if (Crc32C() != 0 || BclCrc32C() != 0 || InstructionLoop() != 0 || XxHash3() != 0)
            throw new InvalidOperationException($"Crc32CSweep (Size {Size}): a row did not compute its checksum {Operations} times.");
    }

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Sparrow)]
    [Target(0.5, nameof(BclCrc32C))]
    [Target(0.3, nameof(BclCrc32C), MinSize = 1024)]
    [Target(0.6, nameof(BclCrc32C), WithoutAvx512 = true)]
    public ulong Crc32C() => Repeat<SparrowCrc32C>();

    /// <summary>System.IO.Hashing 11's CRC-32C: the BCL's own since that version, what a user has without Sparrow.</summary>
    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), BenchmarkCategory(Category.Alternative)]
    public ulong BclCrc32C() => Repeat<BclCrc32C>();

    /// <summary>One chain of <c>BitOperations.Crc32C</c>: the loop a user wrote before the BCL had CRC-32C, and the one-chain path's floor.</summary>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Reference)]
    public ulong InstructionLoop() => Repeat<InstructionLoopCrc32C>();

    /// <summary>The fastest non-cryptographic hash the BCL has: what a checksum that need not be a CRC costs.</summary>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory(Category.Reference)]
    public ulong XxHash3() => Repeat<BclXxHash3>();

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
