using Sparrow.Testing;
using static Sparrow.Testing.CrossArchitectureAssert;
using static Sparrow.Testing.CrossArchitectureValues;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// Every compare, varint decode and checksum of the cross-architecture values file, through every code path that
/// runs here, gives the result recorded on x64 (<see cref="CrossArchitectureValues"/>). Native runs keep the file
/// and the code in step; the linux-arm64 run under qemu-user proves the ARM64 paths give the same values.
/// </summary>
public sealed unsafe class CrossArchitectureTests
{
    [Fact]
    public void Compare_AndSequenceEqual_OnEveryPath_GiveTheX64Results() =>
        EveryLine(CrossArchitectureValues.Compare, fields => CompareDifference(Bytes(fields[0]), Bytes(fields[1]), fields[2], fields[3], fields[4]));

    [Fact]
    public void VarIntDecode_OnEveryPath_GivesTheX64Results() => EveryLine(VarInt32, fields =>
    {
        byte[] source = Bytes(fields[1]);
        foreach (DecodePath path in VarIntPaths.Decode)
        {
            var destination = new uint[int.Parse(fields[0])];
            var status = path.Function(source, destination, out int consumed, out int written);
            string? difference = Differs(path.Name, string.Join(' ', fields[2..]),
                $"{status} {consumed} {written} {List(destination[..Math.Clamp(written, 0, destination.Length)])}");
            if (difference is not null)
                return difference;
        }

        return null;
    });

    [Fact]
    public void SpanReader_ReadVarUInt64_GivesTheX64Results() => EveryLine(VarInt64, fields =>
    {
        var reader = new SpanReader(Bytes(fields[0]));
        var values = new List<ulong>();
        while (reader.TryReadVarUInt64(out ulong value))
            values.Add(value);
        return Differs("TryReadVarUInt64 until false", $"{fields[1]} {fields[2]}", $"{reader.Position} {List(values)}");
    });

    [Fact]
    public void Crc32C_OnEveryPath_GivesTheX64Results() => EveryLine(CrossArchitectureValues.Crc32C, fields =>
    {
        byte[] input = Bytes(fields[0]);
        if (Differs("Crc32C.HashToUInt32", fields[1], Sparrow.Storage.Crc32C.HashToUInt32(input).ToString("X8")) is { } difference)
            return difference;
        fixed (byte* p = input)
        {
            foreach (Crc32CPath path in Crc32CPaths.All.Where(path => path.SkipReason is null && input.Length >= path.MinLength))
                if (Differs(path.Name, fields[1], (~path.Function(~0u, p, (nuint)input.Length)).ToString("X8")) is { } pathDifference)
                    return pathDifference;
        }

        return null;
    });

    /// <summary>What differs from the recorded results on the first path or overload that differs, or null.</summary>
    private static string? CompareDifference(byte[] x, byte[] y, string compare, string compareWithLengths, string equal)
    {
        int common = Math.Min(x.Length, y.Length);
        fixed (byte* px = x, py = y)
        {
            foreach (ComparePath path in Runnable(Paths.Compare, common))
                if (Differs(path.Name, compare, path.Run(px, py, common)) is { } difference)
                    return difference;
            foreach (EqualPath path in Runnable(Paths.Equal, common))
                if (Differs(path.Name, equal, path.Run(px, py, common)) is { } difference)
                    return difference;
            return Differs("Compare(byte*, int, byte*, int)", compareWithLengths, Sparrow.Storage.Bytes.Compare(px, x.Length, py, y.Length))
                ?? Differs("Compare(ReadOnlySpan<byte>, ReadOnlySpan<byte>)", compareWithLengths, Sparrow.Storage.Bytes.Compare(x, y));
        }
    }

    /// <summary>The paths of <paramref name="paths"/> that take <paramref name="size"/> bytes and can run on this machine.</summary>
    private static IEnumerable<TPath> Runnable<TPath>(IEnumerable<TPath> paths, int size)
        where TPath : CodePath =>
        paths.Where(path => path.SkipReason is null && size >= path.MinSize && size <= path.MaxSize);
}
