using System.Buffers;
using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Baselines;
using Sparrow.Testing;
using Sparrow.Benchmarks.Reporting;
using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>
/// 100,000 key/value records (varint-length-prefixed, document-id keys, values of 0..300 bytes) iterated
/// start to end, per record: Sparrow's RecordReader (keys and values as slices, one cursor) against the BCL's
/// allocation-free SequenceReader&lt;byte&gt; and the historical BinaryReader that allocates a byte[] per key and
/// per value. Each folds every record into the same checksum, checked in setup; the allocated column is per record.
/// </summary>
public class RecordIterationBenchmarks
{
    private const int Count = 100_000;

    private RecordSamples _samples = null!;
    private BinaryReaderRecords _binaryReader = null!;

    [GlobalSetup]
    public void Setup()
    {
        _samples = RecordSamples.Create(Count, seed: 100);
        _binaryReader = new BinaryReaderRecords(_samples.Data);
        long expected = _samples.ExpectedChecksum();
        foreach ((string name, Func<long> run) in (ValueTuple<string, Func<long>>[])
            [(nameof(RecordReader), RecordReader), (nameof(SequenceReader), SequenceReader), (nameof(BinaryReaderByteArrays), BinaryReaderByteArrays)])
        {
            if (run() != expected)
                throw new InvalidOperationException($"RecordIteration {name} read other records than were written.");
        }
    }

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    public long RecordReader()
    {
        var records = new RecordReader(_samples.Data);
        long sum = 0;
        while (records.MoveNext())
            sum += RecordSamples.Checksum(records.Key, records.Value);
        return sum;
    }

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public long SequenceReader()
    {
        var reader = new SequenceReader<byte>(new ReadOnlySequence<byte>(_samples.Data));
        long sum = 0;
        while (!reader.End)
        {
            ReadOnlySpan<byte> key = ReadLengthPrefixed(ref reader);
            ReadOnlySpan<byte> value = ReadLengthPrefixed(ref reader);
            sum += RecordSamples.Checksum(key, value);
        }

        return sum;
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Count), BenchmarkCategory(Category.Historical, Category.Headline)]
    public long BinaryReaderByteArrays() => _binaryReader.Sum(Count, static (key, value) => RecordSamples.Checksum(key, value));

    /// <summary>A varint length (byte by byte, as SequenceReader offers) and that many bytes, from a single-segment sequence.</summary>
    private static ReadOnlySpan<byte> ReadLengthPrefixed(ref SequenceReader<byte> reader)
    {
        int length = 0;
        for (int shift = 0; ; shift += 7)
        {
            if (shift == 35 || !reader.TryRead(out byte b))
                throw new FormatException($"Invalid varint at {reader.Consumed}.");
            length |= (b & 0x7F) << shift;
            if (b < 0x80)
                break;
        }

        if (!reader.TryReadExact(length, out ReadOnlySequence<byte> bytes))
            throw new FormatException($"Truncated record at {reader.Consumed}.");
        return bytes.FirstSpan;
    }
}
