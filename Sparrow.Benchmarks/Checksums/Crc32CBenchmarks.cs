using System.IO.Hashing;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Sparrow.Benchmarks.Baselines;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// A checksum of one buffer, per size (16 B: a small record; 4 KiB: a page; 64 KiB: a large page or a WAL
/// segment): Sparrow's Crc32C against the crc32-instruction loop a .NET user writes today, System.IO.Hashing's
/// Crc32 (IEEE, 128-bit carry-less folding) and its two fastest non-cryptographic hashes, and the historical
/// table-driven CRC-32C. The CRC-32C rows are checked in setup to give the same checksum; the others to run.
/// </summary>
[Config(typeof(Config))]
public class Crc32CBenchmarks
{
    private const int MaxSize = 65536;

    private sealed class Config : ManualConfig
    {
        public Config() => AddColumn(MegabytesPerSecondColumn.OfSizeParameter());
    }

    // PERF: one pinned, 64-byte-aligned buffer for every case, so no case pays for a placement another does not.
    private readonly byte[] _buffer = GC.AllocateArray<byte>(MaxSize + 64, pinned: true);
    private int _offset;

    [Params(16, 64, 512, 4096, 65536)]
    public int Size { get; set; }

    private ReadOnlySpan<byte> Input => _buffer.AsSpan(_offset, Size);

    [GlobalSetup]
    public unsafe void Setup()
    {
        new Random(32).NextBytes(_buffer);
        fixed (byte* p = _buffer)
            _offset = (int)((64 - ((nint)p & 63)) & 63);

        uint expected = Crc32CTableDriven.Hash(Input);
        foreach ((string name, Func<uint> run) in (ValueTuple<string, Func<uint>>[])
            [(nameof(Crc32C), Crc32C), (nameof(InstructionLoop), InstructionLoop), (nameof(TableDriven), TableDriven)])
        {
            if (run() != expected)
                throw new InvalidOperationException($"Crc32C {name} (Size {Size}) gave another checksum than the table-driven CRC-32C.");
        }

        if (Crc32() != System.IO.Hashing.Crc32.HashToUInt32(Input) || XxHash3() != System.IO.Hashing.XxHash3.HashToUInt64(Input)
            || XxHash64() != System.IO.Hashing.XxHash64.HashToUInt64(Input))
            throw new InvalidOperationException($"Crc32C: a System.IO.Hashing row (Size {Size}) did not compute its hash.");
    }

    [Benchmark, Role(Role.Sparrow), AlsoWithoutAvx512]
    [Target(1 / 3.5, nameof(Crc32), MinSize = 4096)]
    [Target(1 / 1.1, nameof(XxHash3), MinSize = 4096)]
    [Target(1.0, nameof(InstructionLoop), MaxSize = 64)]
    [Target(0.5, nameof(Crc32), MinSize = 4096, MaxSize = 4096, Job = WithoutAvx512Job.Id)]
    public uint Crc32C() => Sparrow.Crc32C.HashToUInt32(Input);

    /// <summary>
    /// Alternative, not Historical: the BCL has no CRC-32C, so this loop over <c>BitOperations.Crc32C</c> is the
    /// strongest one a user has today without Sparrow (written here only because it is a loop, not an API).
    /// </summary>
    [Benchmark(Baseline = true), Role(Role.Alternative)]
    public uint InstructionLoop() => Crc32CInstructionLoop.Hash(Input);

    [Benchmark, Role(Role.Alternative), AlsoWithoutAvx512]
    public uint Crc32() => System.IO.Hashing.Crc32.HashToUInt32(Input);

    [Benchmark, Role(Role.Alternative), AlsoWithoutAvx512]
    public ulong XxHash3() => System.IO.Hashing.XxHash3.HashToUInt64(Input);

    [Benchmark, Role(Role.Alternative)]
    public ulong XxHash64() => System.IO.Hashing.XxHash64.HashToUInt64(Input);

    [Benchmark, Role(Role.Historical)]
    public uint TableDriven() => Crc32CTableDriven.Hash(Input);
}
