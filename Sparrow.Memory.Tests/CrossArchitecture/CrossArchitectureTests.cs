using System.Reflection;
using Sparrow.Testing;
using static Sparrow.Testing.CrossArchitectureAssert;
using static Sparrow.Testing.CrossArchitectureValues;

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

    [Crc32CFact]
    public void Crc32C_GivesTheX64Results() => EveryLine(CrossArchitectureValues.Crc32C, fields =>
        Differs("Crc32C.HashToUInt32", fields[1], Crc32CFactAttribute.HashToUInt32!(Bytes(fields[0])).ToString("X8")));

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
            return Differs("Compare(byte*, int, byte*, int)", compareWithLengths, Memory.Compare(px, x.Length, py, y.Length))
                ?? Differs("Compare(ReadOnlySpan<byte>, ReadOnlySpan<byte>)", compareWithLengths, Memory.Compare(x, y));
        }
    }

    /// <summary>The paths of <paramref name="paths"/> that take <paramref name="size"/> bytes and can run on this machine.</summary>
    private static IEnumerable<TPath> Runnable<TPath>(IEnumerable<TPath> paths, int size)
        where TPath : CodePath =>
        paths.Where(path => path.SkipReason is null && size >= path.MinSize && size <= path.MaxSize);
}

/// <summary>
/// The checksum line of the cross-architecture values: skipped, saying so, while Sparrow.Memory has no
/// <c>Crc32C</c> (it comes with the CRC-32C issue). It is bound by name so this test needs no edit when it arrives;
/// after the merge <see cref="HashToUInt32"/> can become a direct call.
/// </summary>
public sealed class Crc32CFactAttribute : FactAttribute
{
    public delegate uint SpanHash(ReadOnlySpan<byte> source);

    public static readonly SpanHash? HashToUInt32 = typeof(Memory).Assembly.GetType("Sparrow.Crc32C")
        ?.GetMethod("HashToUInt32", BindingFlags.Public | BindingFlags.Static, [typeof(ReadOnlySpan<byte>)])
        ?.CreateDelegate<SpanHash>();

    public Crc32CFactAttribute()
    {
        if (HashToUInt32 is null)
            Skip = "Sparrow.Crc32C.HashToUInt32(ReadOnlySpan<byte>) is not in this build yet (the CRC-32C issue): its x64 values wait in the file.";
    }
}
