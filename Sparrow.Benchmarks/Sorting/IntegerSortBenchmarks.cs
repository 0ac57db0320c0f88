using System.Numerics;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Baselines;
using Sparrow.Benchmarks.Reporting;
using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>The inputs of <see cref="IntegerSortBenchmarks"/>.</summary>
public enum SortInput
{
    /// <summary>Keys drawn uniformly from the whole range of the type.</summary>
    Uniform,

    /// <summary>Uniform keys, ascending.</summary>
    Sorted,

    /// <summary>Uniform keys, descending.</summary>
    Reversed,

    /// <summary>One key repeated.</summary>
    AllEqual,

    /// <summary>Each key twice (half the keys are duplicates), in random order: the SortUnique workload.</summary>
    HalfDuplicates,
}

/// <summary>
/// Sorting integer keys in place: Sparrow's IntegerSort against MemoryExtensions.Sort (the BCL's introsort) for
/// 64, 1,000 and 1,000,000 keys; ulong, uint and int keys; ulong keys with long payloads against
/// MemoryExtensions.Sort(keys, values); SortUnique against a sort and a dedupe loop.
/// </summary>
/// <remarks>
/// Each invocation sorts a fresh copy: the row copies its input into a work buffer and sorts that, so every row
/// pays the same copy, which the <see cref="Copy"/> row measures alone. Below 1M keys the input is one of
/// <see cref="Variants"/> different inputs of the same shape, taken in turn: sorting the same 1,000 keys again and
/// again lets the branch predictor learn a branchy sort's every branch (MemoryExtensions.Sort measured 7x faster
/// on one repeated input than on varied ones), which a real sort never sees.
/// </remarks>
public class IntegerSortBenchmarks
{
    /// <summary>Different inputs per case below 1M keys; a power of two.</summary>
    private const int Variants = 256;

    private ulong[] _ulongs = [];
    private uint[] _uints = [];
    private int[] _ints = [];
    private ulong[] _workUlongs = [];
    private uint[] _workUints = [];
    private int[] _workInts = [];
    private long[] _payloads = [];
    private int _variants;
    private int _next;

    [Params(64, 1_000, 1_000_000)]
    public int Size { get; set; }

    [Params(SortInput.Uniform, SortInput.Sorted, SortInput.Reversed, SortInput.AllEqual, SortInput.HalfDuplicates)]
    public SortInput Input { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _variants = Size >= 1_000_000 ? 1 : Variants;
        var random = new Random(34);
        _ulongs = Make<ulong>(random);
        _uints = Make<uint>(random);
        _ints = Make<int>(random);
        _workUlongs = new ulong[Size];
        _workUints = new uint[Size];
        _workInts = new int[Size];
        _payloads = new long[Size];

        // Every row must sort, or its timing means nothing.
        ulong[] expected = _ulongs.AsSpan(0, Size).ToArray();
        Array.Sort(expected);
        _next = 0;
        Sort();
        if (!_workUlongs.AsSpan().SequenceEqual(expected))
            throw new InvalidOperationException($"IntegerSort ({Size}, {Input}) did not sort as MemoryExtensions.Sort.");
        _next = 0;
        SortPairs();
        if (!_workUlongs.AsSpan().SequenceEqual(expected))
            throw new InvalidOperationException($"IntegerSort pairs ({Size}, {Input}) did not sort the keys.");
        _next = 0;
        int distinct = SortUnique();
        _next = 0;
        if (distinct != expected.Distinct().Count() || distinct != SortThenDedupeLoop())
            throw new InvalidOperationException($"IntegerSort.SortUnique ({Size}, {Input}) kept another number of keys than the dedupe loop.");
        _next = 0;
    }

    [Benchmark, Role(Role.Reference)]
    public ulong Copy() => Next(_ulongs, _workUlongs)[^1];

    [Benchmark(Baseline = true), Role(Role.Alternative), AlsoWithoutAvx512]
    public ulong MemoryExtensionsSort()
    {
        Span<ulong> keys = Next(_ulongs, _workUlongs);
        keys.Sort();
        return keys[^1];
    }

    [Benchmark, Role(Role.Sparrow), AlsoWithoutAvx512]
    [Target(0.10, nameof(MemoryExtensionsSort), MinSize = 1_000_000, Case = "Input=Uniform")]
    [Target(0.5, nameof(MemoryExtensionsSort), MinSize = 1_000, MaxSize = 1_000, Case = "Input=Uniform")]
    [Target(0.7, nameof(MemoryExtensionsSort), MaxSize = 64, Case = "Input=Uniform")]
    [Target(1.0, nameof(MemoryExtensionsSort), MinSize = 1_000_000, Case = "Input=Sorted")]
    [Target(1.0, nameof(MemoryExtensionsSort), MinSize = 1_000_000, Case = "Input=Reversed")]
    [Target(1.0, nameof(MemoryExtensionsSort), MinSize = 1_000_000, Case = "Input=AllEqual")]
    [Target(0.2, nameof(MemoryExtensionsSort), MinSize = 1_000_000, Case = "Input=Uniform", Job = WithoutAvx512Job.Id)]
    public ulong Sort()
    {
        Span<ulong> keys = Next(_ulongs, _workUlongs);
        IntegerSort.Sort(keys);
        return keys[^1];
    }

    [Benchmark, Role(Role.Alternative)]
    public uint MemoryExtensionsSortUInt32()
    {
        Span<uint> keys = Next(_uints, _workUints);
        keys.Sort();
        return keys[^1];
    }

    [Benchmark, Role(Role.Sparrow)]
    [Target(0.07, nameof(MemoryExtensionsSortUInt32), MinSize = 1_000_000, Case = "Input=Uniform")]
    public uint SortUInt32()
    {
        Span<uint> keys = Next(_uints, _workUints);
        IntegerSort.Sort(keys);
        return keys[^1];
    }

    [Benchmark, Role(Role.Alternative)]
    public int MemoryExtensionsSortInt32()
    {
        Span<int> keys = Next(_ints, _workInts);
        keys.Sort();
        return keys[^1];
    }

    [Benchmark, Role(Role.Sparrow)]
    [Target(0.07, nameof(MemoryExtensionsSortInt32), MinSize = 1_000_000, Case = "Input=Uniform")]
    public int SortInt32()
    {
        Span<int> keys = Next(_ints, _workInts);
        IntegerSort.Sort(keys);
        return keys[^1];
    }

    /// <summary>ulong keys with long payloads; the payloads are not reset between invocations (their values do not matter).</summary>
    [Benchmark, Role(Role.Alternative)]
    public ulong MemoryExtensionsSortPairs()
    {
        Span<ulong> keys = Next(_ulongs, _workUlongs);
        keys.Sort(_payloads.AsSpan());
        return keys[^1];
    }

    [Benchmark, Role(Role.Sparrow)]
    [Target(0.15, nameof(MemoryExtensionsSortPairs), MinSize = 1_000_000, Case = "Input=Uniform")]
    public ulong SortPairs()
    {
        Span<ulong> keys = Next(_ulongs, _workUlongs);
        IntegerSort.Sort(keys, _payloads.AsSpan());
        return keys[^1];
    }

    [Benchmark, Role(Role.Alternative)]
    public int SortThenDedupeLoop() => SortThenDedupe.SortUnique(Next(_ulongs, _workUlongs));

    [Benchmark, Role(Role.Sparrow)]
    [Target(0.12, nameof(SortThenDedupeLoop), MinSize = 1_000_000, Case = "Input=HalfDuplicates")]
    public int SortUnique() => IntegerSort.SortUnique(Next(_ulongs, _workUlongs));

    /// <summary>The next input, copied into the work buffer.</summary>
    private Span<T> Next<T>(T[] inputs, T[] work)
    {
        int variant = _next++ & (_variants - 1);
        inputs.AsSpan(variant * Size, Size).CopyTo(work);
        return work;
    }

    private T[] Make<T>(Random random) where T : unmanaged, IBinaryInteger<T>
    {
        var keys = new T[_variants * Size];
        random.NextBytes(MemoryMarshal.AsBytes(keys.AsSpan()));
        for (int v = 0; v < _variants; v++)
        {
            Span<T> one = keys.AsSpan(v * Size, Size);
            switch (Input)
            {
                case SortInput.Sorted:
                    one.Sort();
                    break;
                case SortInput.Reversed:
                    one.Sort();
                    one.Reverse();
                    break;
                case SortInput.AllEqual:
                    one.Fill(one[0]);
                    break;
                case SortInput.HalfDuplicates:
                    one[(Size / 2)..].Clear();
                    one[..(Size / 2)].CopyTo(one[(Size / 2)..]);
                    random.Shuffle(one);
                    break;
            }
        }
        return keys;
    }
}
