using System.Buffers;
using Sparrow.Storage;
using Sparrow.Formatting;
using Sparrow.Testing;
using static Sparrow.Testing.CrossArchitectureValues;

namespace CrossArchData;

/// <summary>The cases of each kind, seeded, with the results this machine computes for them.</summary>
internal static unsafe class Cases
{
    /// <summary>Sizes where a compare or checksum path changes width or block count, then seeded ones up to 1 KiB.</summary>
    private static readonly int[] Sizes =
    [
        .. Enumerable.Range(0, 73),
        .. (int[])[79, 80, 95, 96, 127, 128, 129, 255, 256, 257, 511, 512, 513, 1023, 1024, 1025],
        .. SeededSizes(),
    ];

    public static IEnumerable<string> Header() =>
    [
        "# Sparrow: inputs and the results an x64 machine computed for them; every line is checked, value for value,",
        "# by CrossArchitectureTests in Sparrow.Memory.Tests and Sparrow.Formatting.Tests, natively and as linux-arm64",
        "# code under qemu-user (tools/arm64/run-tests.sh). Written by `dotnet run -c Release --project tools/cross-arch-data`",
        "# (x64 only); do not edit by hand. The fields of each kind: tests/Shared/CrossArchitecture/CrossArchitectureValues.cs.",
    ];

    /// <summary>Per size: equal inputs, one planted difference, and a strict prefix either way round.</summary>
    public static IEnumerable<string> Compare()
    {
        Random random = Seeded(2);
        foreach (int size in Sizes)
        {
            byte[] x = RandomBytes(random, size);
            yield return CompareLine(x, x);
            if (size > 0)
            {
                byte[] y = [.. x];
                int position = random.Next(size);
                do
                    y[position] = (byte)random.Next(256);
                while (y[position] == x[position]);
                yield return CompareLine(x, y);
            }

            byte[] longer = [.. x, .. RandomBytes(random, 1 + random.Next(17))];
            yield return CompareLine(x, longer);
            yield return CompareLine(longer, x);
        }
    }

    /// <summary>Tables of 0..40 varints of each length mix, some broken at the end, decoded into a destination that may be too small.</summary>
    public static IEnumerable<string> VarInt32()
    {
        Random random = Seeded(3);
        for (int i = 0; i < 240; i++)
        {
            var distribution = (VarIntDistribution)(i % 3);
            uint[] values = VarIntSamples.Values(distribution, random.Next(41), seed: 1000 + i);
            byte[] source = [.. VarIntSamples.Encode(values), .. Tail(random, i / 3 % 5)];
            // One table in four into a destination too small for it; the others with room for a padded tail value too.
            int capacity = i % 4 == 3 ? random.Next(values.Length + 1) : values.Length + 1 + random.Next(3);
            var destination = new uint[capacity];
            OperationStatus status = Sparrow.Storage.VarInt.Decode(source, destination, out int consumed, out int written);
            yield return Line(CrossArchitectureValues.VarInt32, capacity, Hex(source), status, consumed, written, List(destination[..written]));
        }
    }

    /// <summary>Sequences of 64-bit varints of every length, some ending in a broken one, read one by one.</summary>
    public static IEnumerable<string> VarInt64()
    {
        Random random = Seeded(4);
        var buffer = new byte[Sparrow.Storage.VarInt.MaxLength64];
        for (int i = 0; i < 120; i++)
        {
            var bytes = new List<byte>();
            int count = random.Next(12);
            for (int v = 0; v < count; v++)
            {
                int bits = random.Next(65);
                ulong value = bits == 0 ? 0 : (ulong)random.NextInt64() >> (64 - bits) | 1UL << (bits - 1);
                bytes.AddRange(buffer[..VarIntSamples.Encode(value, buffer)]);
            }

            byte[] source = [.. bytes, .. (i % 4) switch
            {
                0 => (byte[])[],
                1 => [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02], // the 10th byte holds bits beyond 64
                2 => [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00], // 11 bytes
                _ => [0x80, 0x80], // ends inside a varint
            }];
            var reader = new SpanReader(source);
            var read = new List<ulong>();
            while (reader.TryReadVarUInt64(out ulong value))
                read.Add(value);
            yield return Line(CrossArchitectureValues.VarInt64, Hex(source), reader.Position, List(read));
        }
    }

    /// <summary>
    /// Every size's CRC-32C, from <see cref="Crc32CReference"/> (the bit loop; Sparrow's Crc32C is checked against
    /// these values), and the standard check value.
    /// </summary>
    public static IEnumerable<string> Crc32C()
    {
        if (Crc32CReference.Hash("123456789"u8) != 0xE3069283)
            throw new InvalidOperationException("the CRC-32C reference does not give the standard check value");
        Random random = Seeded(5);
        return Sizes.Select(size => RandomBytes(random, size)).Prepend("123456789"u8.ToArray())
            .Select(bytes => Line(CrossArchitectureValues.Crc32C, Hex(bytes), Crc32CReference.Hash(bytes).ToString("X8")));
    }

    /// <summary>Etags at the ends of the order and where a hex digit turns from 9 to A, then seeded ones.</summary>
    public static IEnumerable<string> Etag()
    {
        Random random = Seeded(6);
        byte[][] edges =
        [
            new byte[16], [.. Enumerable.Repeat((byte)0xFF, 16)], [0x7F, .. Enumerable.Repeat((byte)0xFF, 15)], [0x80, .. new byte[15]],
            [.. Enumerable.Range(0, 16).Select(i => (byte)(0x09 + 0x10 * (i % 10)))], [.. Enumerable.Range(0, 16).Select(i => (byte)(0x9A + i % 6))],
        ];
        foreach (byte[] bytes in edges.Concat(Enumerable.Range(0, 200).Select(_ => RandomBytes(random, Sparrow.Formatting.Etag.ByteLength))))
            yield return Line(CrossArchitectureValues.Etag, Hex(bytes), Sparrow.Formatting.Etag.FromBytes(bytes).ToString());
    }

    /// <summary>The first and last representable instants, leap days, the ends of days and years, then seeded ones, UTC and not.</summary>
    public static IEnumerable<string> Timestamp()
    {
        Random random = Seeded(7);
        long[] edges =
        [
            0, DateTime.MaxValue.Ticks, new DateTime(2000, 2, 29).Ticks, new DateTime(1900, 3, 1).Ticks - 1,
            new DateTime(2024, 2, 29, 23, 59, 59).Ticks + 9_999_999, new DateTime(1970, 1, 1).Ticks, new DateTime(9999, 1, 1).Ticks - 1,
        ];
        foreach (long ticks in edges.Concat(Enumerable.Range(0, 200).Select(_ => random.NextInt64(DateTime.MaxValue.Ticks + 1))))
            foreach (DateTimeKind kind in (DateTimeKind[])[DateTimeKind.Utc, DateTimeKind.Unspecified])
                yield return Line(CrossArchitectureValues.Timestamp, ticks, kind, DateTimeFormatter.Format(new DateTime(ticks, kind)));
    }

    private static string CompareLine(byte[] x, byte[] y)
    {
        int common = Math.Min(x.Length, y.Length);
        fixed (byte* px = x, py = y)
            return Line(CrossArchitectureValues.Compare, Hex(x), Hex(y), Sparrow.Storage.Bytes.Compare(px, py, common), Sparrow.Storage.Bytes.Compare(px, x.Length, py, y.Length),
                Sparrow.Storage.Bytes.SequenceEqual(px, py, common));
    }

    /// <summary>What follows a valid table: nothing, a padded (still valid) varint, an unfinished one, one too long, one too large.</summary>
    private static byte[] Tail(Random random, int kind) => kind switch
    {
        0 => [],
        1 => [(byte)(0x80 | random.Next(128)), 0x80, 0x00],
        2 => [(byte)(0x80 | random.Next(128)), 0x80],
        3 => [0x80, 0x80, 0x80, 0x80, 0x80, 0x01],
        _ => [0xFF, 0xFF, 0xFF, 0xFF, 0x10],
    };

    private static byte[] RandomBytes(Random random, int length)
    {
        var bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }

    private static int[] SeededSizes()
    {
        Random random = Seeded(1);
        return [.. Enumerable.Range(0, 8).Select(_ => 73 + random.Next(952))];
    }

    private static Random Seeded(int seed) => new(2100 + seed);
}
