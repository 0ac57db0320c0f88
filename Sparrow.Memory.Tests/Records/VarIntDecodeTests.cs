using System.Buffers;
using Sparrow.Testing;

namespace Sparrow.Tests;

/// <summary>
/// The bulk decoder, every path, against a model built from <see cref="SpanReader"/> (the scalar reader) and
/// the reference: the same values, status, bytes consumed and values written in every case, and nothing
/// written past the values.
/// </summary>
public sealed class VarIntDecodeTests
{
    public static TheoryData<string, VarIntDistribution> PathsAndDistributions
    {
        get
        {
            var data = new TheoryData<string, VarIntDistribution>();
            foreach (DecodePath path in VarIntPaths.Decode)
            {
                foreach (VarIntDistribution distribution in Enum.GetValues<VarIntDistribution>())
                    data.Add(path.Name, distribution);
            }

            return data;
        }
    }

    public static TheoryData<string> PathNames => VarIntPaths.DecodeNames;

    /// <summary>A random table cut after every byte (NeedMoreData inside a varint), and whole into every destination size.</summary>
    [Theory]
    [MemberData(nameof(PathsAndDistributions))]
    public void RandomTables_AtEveryCutAndDestinationSize_DecodeLikeTheScalarReader(string name, VarIntDistribution distribution)
    {
        (DecodePath path, uint[] values, byte[] source) = Table(name, distribution, 400, seed: 1);
        for (int cut = 0; cut <= source.Length; cut++)
            DecodeModel.Check(path, source.AsSpan(0, cut), values.Length + 1);
        for (int size = 0; size <= values.Length + 1; size++)
            DecodeModel.Check(path, source, size);
    }

    [Theory]
    [MemberData(nameof(PathsAndDistributions))]
    public void MillionValueTables_DecodeExactly(string name, VarIntDistribution distribution)
    {
        (DecodePath path, uint[] values, byte[] source) = Table(name, distribution, 1_000_000, seed: 20);
        var destination = new uint[values.Length];
        Assert.Equal(OperationStatus.Done, path.Function(source, destination, out int consumed, out int written));
        Assert.Equal((source.Length, values.Length), (consumed, written));
        Assert.True(values.AsSpan().SequenceEqual(destination));
    }

    /// <summary>
    /// A bad or boundary varint put at every value of a table (so at every offset within the vector path's
    /// 64-byte steps): overlong (6 bytes, padded), 5-byte overflows, the largest valid 5-byte value, a
    /// continuation run across a whole step.
    /// </summary>
    [Theory]
    [MemberData(nameof(PathNames))]
    public void SpecialVarIntAtEveryValue_DecodesLikeTheScalarReader(string name)
    {
        DecodePath path = VarIntPaths.DecodeNamed(name);
        byte[][] specials =
        [
            [0x80, 0x80, 0x80, 0x80, 0x80, 0x00],
            [0xFF, 0xFF, 0xFF, 0xFF, 0x10],
            [0x80, 0x80, 0x80, 0x80, 0x7F],
            [0xFF, 0xFF, 0xFF, 0xFF, 0x0F],
            [0x80, 0x80, 0x80, 0x80, 0x00],
            [.. Enumerable.Repeat((byte)0x80, 70), 0x01],
        ];
        foreach (VarIntDistribution distribution in Enum.GetValues<VarIntDistribution>())
        {
            uint[] values = VarIntSamples.Values(distribution, 150, seed: 30 + (int)distribution);
            foreach (byte[] special in specials)
            {
                for (int at = 0; at <= values.Length; at++)
                {
                    byte[] source = [.. VarIntSamples.Encode(values.AsSpan(0, at)), .. special, .. VarIntSamples.Encode(values.AsSpan(at))];
                    DecodeModel.Check(path, source, values.Length + 2);
                }
            }
        }
    }

    /// <summary>Seeded random bytes of lengths 0..300, with the continuation bit set in 10%, 50% or 90% of them.</summary>
    [Theory]
    [MemberData(nameof(PathNames))]
    public void RandomBytes_DecodeLikeTheScalarReader(string name)
    {
        DecodePath path = VarIntPaths.DecodeNamed(name);
        var random = new Random(40);
        for (int i = 0; i < 30_000; i++)
        {
            byte[] source = new byte[random.Next(301)];
            random.NextBytes(source);
            int percentContinuing = (i % 3) switch { 0 => 10, 1 => 50, _ => 90 };
            for (int j = 0; j < source.Length; j++)
                source[j] = (byte)(random.Next(100) < percentContinuing ? source[j] | 0x80 : source[j] & 0x7F);
            DecodeModel.Check(path, source, random.Next(2) == 0 ? source.Length : random.Next(source.Length + 1));
        }
    }

    [Theory]
    [MemberData(nameof(PathNames))]
    public void EmptyInputs(string name)
    {
        DecodePath path = VarIntPaths.DecodeNamed(name);
        Assert.Equal(OperationStatus.Done, path.Function(ReadOnlySpan<byte>.Empty, Span<uint>.Empty, out int consumed, out int written));
        Assert.Equal((0, 0), (consumed, written));
        Assert.Equal(OperationStatus.DestinationTooSmall, path.Function((byte[])[1], Span<uint>.Empty, out consumed, out written));
        Assert.Equal((0, 0), (consumed, written));
        Assert.Equal(OperationStatus.NeedMoreData, path.Function((byte[])[0x80], new uint[1], out consumed, out written));
        Assert.Equal((0, 0), (consumed, written));
    }

    /// <summary>The named path, and a seeded table of <paramref name="count"/> values with their encoding.</summary>
    private static (DecodePath Path, uint[] Values, byte[] Source) Table(string name, VarIntDistribution distribution, int count, int seed)
    {
        uint[] values = VarIntSamples.Values(distribution, count, seed + (int)distribution);
        return (VarIntPaths.DecodeNamed(name), values, VarIntSamples.Encode(values));
    }
}
