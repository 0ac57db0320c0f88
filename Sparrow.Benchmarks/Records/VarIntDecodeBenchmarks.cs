using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Baselines;
using Sparrow.Testing;
using Sparrow.Benchmarks.Reporting;
using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>
/// A table of one million varints decoded into a uint[], per value, in three length mixes: Sparrow's
/// SpanReader loop and bulk VarInt.Decode, against BinaryReader.Read7BitEncodedInt over a MemoryStream and
/// the historical byte-at-a-time loop. Every variant writes the same array, checked in setup. The headline
/// holds OneByte beside OneToTwoBytes: the reader's branch-free 1-2 byte decode, which the mixed case's target
/// needs, gives up the perfectly predicted branch of all-one-byte data, and both sides of that trade are published.
/// </summary>
/// <remarks>
/// The loops index the destination as an array: a Span's two registers, next to the reader's three, made the
/// JIT spill the loop counter to the stack around the reader's out-of-line call, a cost of the loop, not of
/// the reader. Every variant uses the same loop.
/// </remarks>
[HeadlineParams(nameof(Distribution), VarIntDistribution.OneByte, VarIntDistribution.OneToTwoBytes)]
public class VarIntDecodeBenchmarks
{
    private const int Count = 1_000_000;

    private uint[] _expected = null!;
    private byte[] _encoded = null!;
    private uint[] _values = null!;
    private MemoryStream _stream = null!;
    private BinaryReader _binaryReader = null!;

    [Params(VarIntDistribution.OneByte, VarIntDistribution.OneToTwoBytes, VarIntDistribution.OneToFiveBytes)]
    public VarIntDistribution Distribution { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _expected = VarIntSamples.Values(Distribution, Count, seed: 12);
        _encoded = VarIntSamples.Encode(_expected);
        _values = new uint[Count];
        _stream = new MemoryStream(_encoded, writable: false);
        _binaryReader = new BinaryReader(_stream);

        // A variant that decodes the wrong values measures nothing: each must reproduce the table exactly.
        foreach ((string name, Func<uint> run) in (ValueTuple<string, Func<uint>>[])
            [(nameof(ReadVarUInt32), ReadVarUInt32), (nameof(Decode), Decode), (nameof(Read7BitEncodedInt), Read7BitEncodedInt), (nameof(ByteLoop), ByteLoop)])
        {
            Array.Clear(_values);
            run();
            if (!_values.AsSpan().SequenceEqual(_expected))
                throw new InvalidOperationException($"VarIntDecode {name} ({Distribution}) decoded other values than were encoded.");
        }
    }

    [GlobalCleanup]
    public void Cleanup() => _binaryReader.Dispose();

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(1.5, TargetAttribute.TimePerOperation, Case = VarIntDistribution.OneToTwoBytes)]
    public uint ReadVarUInt32()
    {
        var reader = new SpanReader(_encoded);
        uint[] values = _values;
        for (int i = 0; i < values.Length; i++)
            values[i] = reader.ReadVarUInt32();
        return values[^1];
    }

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    public uint Decode()
    {
        VarInt.Decode(_encoded, _values, out _, out int written);
        return _values[written - 1];
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Count), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public uint Read7BitEncodedInt()
    {
        _stream.Position = 0;
        uint[] values = _values;
        for (int i = 0; i < values.Length; i++)
            values[i] = (uint)_binaryReader.Read7BitEncodedInt();
        return values[^1];
    }

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Historical, Category.Headline)]
    public uint ByteLoop()
    {
        byte[] encoded = _encoded;
        int position = 0;
        uint[] values = _values;
        for (int i = 0; i < values.Length; i++)
            values[i] = VarIntByteLoop.Read(encoded, ref position);
        return values[^1];
    }
}
