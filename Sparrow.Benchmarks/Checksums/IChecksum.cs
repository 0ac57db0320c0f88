using System.IO.Hashing;
using Sparrow.Benchmarks.Baselines;

namespace Sparrow.Benchmarks;

// PERF: a struct per row, so each class's Repeat is compiled once per row with the checksum call direct (and
// inlinable): a delegate would add an indirect call to each few-nanosecond checksum.

/// <summary>One checksum row of <see cref="Crc32CBenchmarks"/> and <see cref="Crc32CSweepBenchmarks"/>.</summary>
internal interface IChecksum
{
    static abstract ulong Of(ReadOnlySpan<byte> input);
}

internal readonly struct SparrowCrc32C : IChecksum
{
    public static ulong Of(ReadOnlySpan<byte> input) => Sparrow.Storage.Crc32C.HashToUInt32(input);
}

internal readonly struct InstructionLoopCrc32C : IChecksum
{
    public static ulong Of(ReadOnlySpan<byte> input) => Crc32CInstructionLoop.Hash(input);
}

internal readonly struct BclCrc32 : IChecksum
{
    public static ulong Of(ReadOnlySpan<byte> input) => System.IO.Hashing.Crc32.HashToUInt32(input);
}

internal readonly struct BclCrc32C : IChecksum
{
    public static ulong Of(ReadOnlySpan<byte> input) => System.IO.Hashing.Crc32.HashToUInt32(Crc32ParameterSet.Crc32C, input);
}

internal readonly struct BclXxHash3 : IChecksum
{
    public static ulong Of(ReadOnlySpan<byte> input) => System.IO.Hashing.XxHash3.HashToUInt64(input);
}

internal readonly struct BclXxHash64 : IChecksum
{
    public static ulong Of(ReadOnlySpan<byte> input) => System.IO.Hashing.XxHash64.HashToUInt64(input);
}

internal readonly struct TableDrivenCrc32C : IChecksum
{
    public static ulong Of(ReadOnlySpan<byte> input) => Crc32CTableDriven.Hash(input);
}
