using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Baselines;
using Sparrow.Benchmarks.Suite;
using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>The gaps of a benchmark's posting list.</summary>
public enum PostingGaps
{
    /// <summary>Gaps uniform in [1, 2^8).</summary>
    Below2To8,
    /// <summary>Gaps uniform in [1, 2^12).</summary>
    Below2To12,
    /// <summary>Gaps uniform in [1, 2^16).</summary>
    Below2To16,
    /// <summary>Gaps below 2^8, 1% of them below 2^20 instead: the exceptions of PFor.</summary>
    Outliers,
}

/// <summary>Seeded posting lists for the benchmarks.</summary>
internal static class PostingSamples
{
    public static ulong[] Values(PostingGaps gaps, int count, int seed)
    {
        var random = new Random(seed);
        var values = new ulong[count];
        ulong value = (ulong)random.Next(1000);
        for (int i = 0; i < count; i++)
        {
            values[i] = value;
            int bits = gaps switch
            {
                PostingGaps.Below2To8 => 8,
                PostingGaps.Below2To12 => 12,
                PostingGaps.Below2To16 => 16,
                _ => random.Next(100) == 0 ? 20 : 8,
            };
            value += (ulong)random.NextInt64(1, 1L << bits);
        }
        return values;
    }

    public static byte[] Encode(ReadOnlySpan<ulong> values)
    {
        var buffer = new byte[PostingList.GetMaxEncodedLength(values.Length)];
        return buffer[..PostingList.Encode(values, buffer)];
    }
}

/// <summary>
/// A posting list of 65,536 ids decoded and encoded, per value (ns/value: 0.25 is 4 billion values a second), in
/// 32-bit and 64-bit values, beside the varint-delta list it replaces (read with SpanReader, Sparrow's scalar path,
/// and with VarInt.Decode and a prefix sum, its bulk path) and a plain copy of the raw values (the memory bound).
/// Every decoder writes the same values, checked in setup. The values stay below 2^32 in every case, so the 32-bit
/// and 64-bit methods decode the same list. Measured again without AVX-512, the AVX2 path most machines run (its
/// figures have no targets: those are this machine's).
/// </summary>
[WithoutAvx512]
[Throughput(Throughput.BillionValues, perOperation: 1)]
public class PostingListBenchmarks
{
    private const int Count = 65_536;

    /// <summary>The reader's buffer in <see cref="ReadUInt64"/>: a reader of a few blocks at a time.</summary>
    private const int ReadBuffer = 1024;

    private ulong[] _expected = null!;
    private uint[] _expected32 = null!;
    private byte[] _encoded = null!;
    private byte[] _varIntDeltas = null!;
    private byte[] _destination = null!;
    private uint[] _values32 = null!;
    private ulong[] _values64 = null!;

    [Params(PostingGaps.Below2To8, PostingGaps.Below2To12, PostingGaps.Below2To16, PostingGaps.Outliers)]
    public PostingGaps Gaps { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _expected = PostingSamples.Values(Gaps, Count, seed: 35);
        _expected32 = [.. _expected.Select(v => checked((uint)v))];
        _encoded = PostingSamples.Encode(_expected);
        _varIntDeltas = VarIntDeltaPostings.Encode(_expected);
        _destination = new byte[PostingList.GetMaxEncodedLength(Count)];
        _values32 = new uint[Count];
        _values64 = new ulong[Count];

        // A variant that decodes the wrong values measures nothing: each must reproduce the list exactly.
        foreach ((string name, Action run) in (ValueTuple<string, Action>[])
            [(nameof(DecodeUInt32), () => DecodeUInt32()), (nameof(VarIntDeltaSpanReaderUInt32), () => VarIntDeltaSpanReaderUInt32()),
             (nameof(VarIntDecodePrefixSumUInt32), () => VarIntDecodePrefixSumUInt32()), (nameof(CopyRawUInt32), () => CopyRawUInt32())])
        {
            Array.Clear(_values32);
            run();
            if (!_values32.AsSpan().SequenceEqual(_expected32))
                throw new InvalidOperationException($"PostingList {name} ({Gaps}) decoded other values than were encoded.");
        }
        foreach ((string name, Action run) in (ValueTuple<string, Action>[])
            [(nameof(DecodeUInt64), () => DecodeUInt64()), (nameof(ReadUInt64), () => ReadUInt64()),
             (nameof(VarIntDeltaSpanReaderUInt64), () => VarIntDeltaSpanReaderUInt64()), (nameof(CopyRawUInt64), () => CopyRawUInt64())])
        {
            Array.Clear(_values64);
            run();
            if (!_values64.AsSpan().SequenceEqual(_expected))
                throw new InvalidOperationException($"PostingList {name} ({Gaps}) decoded other values than were encoded.");
        }
        if (!_destination.AsSpan(0, EncodeUInt32()).SequenceEqual(_encoded) || !_destination.AsSpan(0, EncodeUInt64()).SequenceEqual(_encoded))
            throw new InvalidOperationException($"PostingList encode ({Gaps}) wrote other bytes than the setup's encoding.");
    }

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Sparrow)]
    [Target(0.25, TargetAttribute.TimePerOperation, Case = PostingGaps.Below2To8)]
    [Target(0.25, TargetAttribute.TimePerOperation, Case = PostingGaps.Below2To12)]
    [Target(0.10, nameof(VarIntDeltaSpanReaderUInt32), Case = PostingGaps.Below2To8)]
    [Target(0.10, nameof(VarIntDeltaSpanReaderUInt32), Case = PostingGaps.Below2To12)]
    [Target(0.5, nameof(VarIntDecodePrefixSumUInt32), Case = PostingGaps.Below2To8)]
    [Target(0.5, nameof(VarIntDecodePrefixSumUInt32), Case = PostingGaps.Below2To12)]
    [Target(3, nameof(CopyRawUInt32))]
    public uint DecodeUInt32()
    {
        PostingList.Decode(_encoded, _values32, out int written);
        return _values32[written - 1];
    }

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Sparrow)]
    [Target(0.5, TargetAttribute.TimePerOperation, Case = PostingGaps.Below2To16)]
    [Target(3, nameof(CopyRawUInt64))]
    public ulong DecodeUInt64()
    {
        PostingList.Decode(_encoded, _values64, out int written);
        return _values64[written - 1];
    }

    /// <summary>The list read front to back by <see cref="PostingListReader"/>, a buffer of <see cref="ReadBuffer"/> values at a time.</summary>
    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Sparrow)]
    public ulong ReadUInt64()
    {
        var reader = new PostingListReader(_encoded);
        int read = 0, n;
        while ((n = reader.Read(_values64.AsSpan(read, Math.Min(ReadBuffer, Count - read)))) > 0)
            read += n;
        return _values64[read - 1];
    }

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Sparrow)]
    [Target(1.0, TargetAttribute.TimePerOperation)]
    public int EncodeUInt32() => PostingList.Encode(_expected32, _destination);

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Sparrow)]
    [Target(1.0, TargetAttribute.TimePerOperation)]
    public int EncodeUInt64() => PostingList.Encode(_expected, _destination);

    [Benchmark(Baseline = true, OperationsPerInvoke = Count), BenchmarkCategory(Category.Alternative)]
    public uint VarIntDeltaSpanReaderUInt32()
    {
        VarIntDeltaPostings.DecodeWithSpanReader(_varIntDeltas, _values32);
        return _values32[^1];
    }

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Alternative)]
    public ulong VarIntDeltaSpanReaderUInt64()
    {
        VarIntDeltaPostings.DecodeWithSpanReader(_varIntDeltas, _values64);
        return _values64[^1];
    }

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Alternative)]
    public uint VarIntDecodePrefixSumUInt32()
    {
        VarIntDeltaPostings.DecodeInBulk(_varIntDeltas, _values32);
        return _values32[^1];
    }

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Reference)]
    public uint CopyRawUInt32()
    {
        _expected32.AsSpan().CopyTo(_values32);
        return _values32[^1];
    }

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Reference)]
    public ulong CopyRawUInt64()
    {
        _expected.AsSpan().CopyTo(_values64);
        return _values64[^1];
    }
}

/// <summary>
/// A posting list of a million ids and random targets over it, ascending: SkipTo each and read the rest of the block
/// there (a buffer of 128: Read stops at the block's end), or decode the whole list. The reader passes the blocks between
/// targets by their skip records, undecoded.
/// </summary>
public abstract class PostingListSkipWorkload(int targets)
{
    private const int Count = 1_000_000;

    private byte[] _encoded = null!;
    private ulong[] _targets = null!;
    private ulong[] _values = null!;
    private ulong[] _block = null!;

    protected void Setup(PostingGaps gaps)
    {
        ulong[] values = PostingSamples.Values(gaps, Count, seed: 36);
        _encoded = PostingSamples.Encode(values);
        var random = new Random(37);
        _targets = [.. Enumerable.Range(0, targets).Select(_ => (ulong)random.NextInt64((long)values[0], (long)values[^1])).Order()];
        _values = new ulong[Count];
        _block = new ulong[128];
        // The reader never moves back: a target behind the values already read finds the next unread one.
        ulong expected = 0;
        int cursor = 0;
        foreach (ulong target in _targets)
        {
            while (cursor < values.Length && values[cursor] < target)
                cursor++;
            if (cursor < values.Length)
                expected += values[cursor];
            // The Read ends with the block of the value found: the first value alone, then blocks of 128.
            cursor = cursor == 0 ? 1 : Math.Min(values.Length, 1 + (cursor - 1 + _block.Length) / _block.Length * _block.Length);
        }
        if (SkipToEachThenRead() != expected)
            throw new InvalidOperationException($"{GetType().Name} ({gaps}) found other values than the targets'.");
    }

    protected ulong SkipToEachThenRead()
    {
        var reader = new PostingListReader(_encoded);
        ulong sum = 0;
        foreach (ulong target in _targets)
        {
            if (reader.SkipTo(target) && reader.Read(_block) > 0)
                sum += _block[0];
        }
        return sum;
    }

    protected ulong DecodeAll()
    {
        PostingList.Decode(_encoded, _values, out int written);
        return _values[written - 1];
    }
}

/// <summary>
/// 1,000 random targets over a posting list of a million ids, about 8 blocks apart: SkipTo each and read the rest of its
/// block, against decoding the whole list (the target: at most 0.2x). Measured again without AVX-512, where the walk
/// passes a record at a time (no target there).
/// </summary>
[WithoutAvx512]
public class PostingListSkipBenchmarks() : PostingListSkipWorkload(Targets)
{
    private const int Targets = 1_000;

    [Params(PostingGaps.Below2To8, PostingGaps.Outliers)]
    public PostingGaps Gaps { get; set; }

    [GlobalSetup]
    public void Setup() => Setup(Gaps);

    [Benchmark(OperationsPerInvoke = Targets), BenchmarkCategory(Category.Sparrow)]
    [Target(0.2, nameof(DecodeWholeList))]
    public ulong SkipToThenRead() => SkipToEachThenRead();

    [Benchmark(Baseline = true, OperationsPerInvoke = Targets), BenchmarkCategory(Category.Reference)]
    public ulong DecodeWholeList() => DecodeAll();
}

/// <summary>
/// 100 random targets over the same list, about 78 blocks apart, where the walk over the skip records is most of each
/// SkipTo: against decoding the whole list, per target a hundredth of it (no target: it shows what a far skip costs).
/// </summary>
public class PostingListFarSkipBenchmarks() : PostingListSkipWorkload(Targets)
{
    private const int Targets = 100;

    [Params(PostingGaps.Below2To8, PostingGaps.Outliers)]
    public PostingGaps Gaps { get; set; }

    [GlobalSetup]
    public void Setup() => Setup(Gaps);

    [Benchmark(OperationsPerInvoke = Targets), BenchmarkCategory(Category.Sparrow)]
    public ulong SkipToThenRead() => SkipToEachThenRead();

    [Benchmark(Baseline = true, OperationsPerInvoke = Targets), BenchmarkCategory(Category.Reference)]
    public ulong DecodeWholeList() => DecodeAll();
}
