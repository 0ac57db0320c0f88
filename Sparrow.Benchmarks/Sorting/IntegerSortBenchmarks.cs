using System.Numerics;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Baselines;
using Sparrow.Benchmarks.Reporting;
using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>The inputs of the sort benchmarks (<see cref="IntegerSortCase"/>).</summary>
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
/// The inputs and the fresh copy every invocation sorts, shared by the sort benchmarks of each form (keys of each
/// type, keys with payloads, unique keys): one class per form, so that each Sparrow row's verdict is against that
/// form's own alternative.
/// </summary>
/// <remarks>
/// Each invocation sorts a fresh copy: the row copies its input into a work buffer and sorts that, so every row
/// pays the same copy, which <see cref="IntegerSortBenchmarks.Copy"/> measures alone. Below 1M keys the input is
/// one of <see cref="Variants"/> different inputs of the same shape, taken in turn: sorting the same 1,000 keys
/// again and again lets the branch predictor learn a branchy sort's every branch (MemoryExtensions.Sort measured
/// 7x faster on one repeated input than on varied ones), which a real sort never sees.
/// </remarks>
public abstract class IntegerSortCase
{
    /// <summary>Different inputs per case below 1M keys; a power of two.</summary>
    private const int Variants = 256;

    private int _variants;
    private int _next;

    [Params(64, 1_000, 1_000_000)]
    public int Size { get; set; }

    [Params(SortInput.Uniform, SortInput.Sorted, SortInput.Reversed, SortInput.AllEqual, SortInput.HalfDuplicates)]
    public SortInput Input { get; set; }

    /// <summary>The inputs, <see cref="Variants"/> (one at 1M keys) of <see cref="Size"/> keys of <see cref="Input"/>'s shape.</summary>
    protected T[] Make<T>() where T : unmanaged, IBinaryInteger<T>
    {
        _variants = Size >= 1_000_000 ? 1 : Variants;
        _next = 0;
        var random = new Random(34);
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

    /// <summary>The next input, copied into the work buffer.</summary>
    protected Span<T> Next<T>(T[] inputs, T[] work)
    {
        int variant = _next++ & (_variants - 1);
        inputs.AsSpan(variant * Size, Size).CopyTo(work);
        return work;
    }

    /// <summary>Starts the inputs over, after a check in setup.</summary>
    protected void Restart() => _next = 0;

    /// <summary>Throws unless <paramref name="sorted"/> holds the first input sorted: a row that does not sort measures nothing.</summary>
    protected void Check<T>(T[] inputs, Span<T> sorted, string what) where T : unmanaged, IBinaryInteger<T>
    {
        T[] expected = inputs.AsSpan(0, Size).ToArray();
        Array.Sort(expected);
        if (!sorted.SequenceEqual(expected))
            throw new InvalidOperationException($"{what} ({Size}, {Input}) did not sort as MemoryExtensions.Sort.");
        Restart();
    }
}

/// <summary>Sorting ulong keys in place: IntegerSort against MemoryExtensions.Sort (the BCL's introsort).</summary>
[WithoutAvx512]
public class IntegerSortBenchmarks : IntegerSortCase
{
    private ulong[] _keys = [];
    private ulong[] _work = [];

    [GlobalSetup]
    public void Setup()
    {
        _keys = Make<ulong>();
        _work = new ulong[Size];
        Sort();
        Check(_keys, _work, "IntegerSort");
    }

    [Benchmark, BenchmarkCategory(Category.Reference)]
    public ulong Copy() => Next(_keys, _work)[^1];

    [Benchmark(Baseline = true), BenchmarkCategory(Category.Alternative)]
    public ulong MemoryExtensionsSort()
    {
        Span<ulong> keys = Next(_keys, _work);
        keys.Sort();
        return keys[^1];
    }

    [Benchmark, BenchmarkCategory(Category.Sparrow)]
    [Target(0.10, nameof(MemoryExtensionsSort), MinSize = 1_000_000, Case = SortInput.Uniform)]
    [Target(0.5, nameof(MemoryExtensionsSort), MinSize = 1_000, MaxSize = 1_000, Case = SortInput.Uniform)]
    [Target(0.7, nameof(MemoryExtensionsSort), MaxSize = 64, Case = SortInput.Uniform)]
    [Target(1.0, nameof(MemoryExtensionsSort), MinSize = 1_000_000, Case = SortInput.Sorted)]
    [Target(1.0, nameof(MemoryExtensionsSort), MinSize = 1_000_000, Case = SortInput.Reversed)]
    [Target(1.0, nameof(MemoryExtensionsSort), MinSize = 1_000_000, Case = SortInput.AllEqual)]
    [Target(0.2, nameof(MemoryExtensionsSort), MinSize = 1_000_000, Case = SortInput.Uniform, WithoutAvx512 = true)]
    public ulong Sort()
    {
        Span<ulong> keys = Next(_keys, _work);
        IntegerSort.Sort(keys);
        return keys[^1];
    }
}

/// <summary>Sorting uint keys in place: IntegerSort against MemoryExtensions.Sort.</summary>
public class IntegerSortUInt32Benchmarks : IntegerSortCase
{
    private uint[] _keys = [];
    private uint[] _work = [];

    [GlobalSetup]
    public void Setup()
    {
        _keys = Make<uint>();
        _work = new uint[Size];
        Sort();
        Check(_keys, _work, "IntegerSort");
    }

    [Benchmark(Baseline = true), BenchmarkCategory(Category.Alternative)]
    public uint MemoryExtensionsSort()
    {
        Span<uint> keys = Next(_keys, _work);
        keys.Sort();
        return keys[^1];
    }

    [Benchmark, BenchmarkCategory(Category.Sparrow)]
    [Target(0.07, nameof(MemoryExtensionsSort), MinSize = 1_000_000, Case = SortInput.Uniform)]
    public uint Sort()
    {
        Span<uint> keys = Next(_keys, _work);
        IntegerSort.Sort(keys);
        return keys[^1];
    }
}

/// <summary>Sorting int keys in place (signed order): IntegerSort against MemoryExtensions.Sort.</summary>
public class IntegerSortInt32Benchmarks : IntegerSortCase
{
    private int[] _keys = [];
    private int[] _work = [];

    [GlobalSetup]
    public void Setup()
    {
        _keys = Make<int>();
        _work = new int[Size];
        Sort();
        Check(_keys, _work, "IntegerSort");
    }

    [Benchmark(Baseline = true), BenchmarkCategory(Category.Alternative)]
    public int MemoryExtensionsSort()
    {
        Span<int> keys = Next(_keys, _work);
        keys.Sort();
        return keys[^1];
    }

    [Benchmark, BenchmarkCategory(Category.Sparrow)]
    [Target(0.07, nameof(MemoryExtensionsSort), MinSize = 1_000_000, Case = SortInput.Uniform)]
    public int Sort()
    {
        Span<int> keys = Next(_keys, _work);
        IntegerSort.Sort(keys);
        return keys[^1];
    }
}

/// <summary>
/// Sorting ulong keys with long payloads: IntegerSort against MemoryExtensions.Sort(keys, values). The payloads
/// are not reset between invocations (their values do not matter).
/// </summary>
public class IntegerSortPairsBenchmarks : IntegerSortCase
{
    private ulong[] _keys = [];
    private ulong[] _work = [];
    private long[] _payloads = [];

    [GlobalSetup]
    public void Setup()
    {
        _keys = Make<ulong>();
        _work = new ulong[Size];
        _payloads = new long[Size];
        Sort();
        Check(_keys, _work, "IntegerSort pairs");
    }

    [Benchmark(Baseline = true), BenchmarkCategory(Category.Alternative)]
    public ulong MemoryExtensionsSort()
    {
        Span<ulong> keys = Next(_keys, _work);
        keys.Sort(_payloads.AsSpan());
        return keys[^1];
    }

    [Benchmark, BenchmarkCategory(Category.Sparrow)]
    [Target(0.15, nameof(MemoryExtensionsSort), MinSize = 1_000_000, Case = SortInput.Uniform)]
    public ulong Sort()
    {
        Span<ulong> keys = Next(_keys, _work);
        IntegerSort.Sort(keys, _payloads.AsSpan());
        return keys[^1];
    }
}

/// <summary>Sorting ulong keys and keeping each distinct key once: IntegerSort.SortUnique against a sort and a dedupe loop.</summary>
public class IntegerSortUniqueBenchmarks : IntegerSortCase
{
    private ulong[] _keys = [];
    private ulong[] _work = [];

    [GlobalSetup]
    public void Setup()
    {
        _keys = Make<ulong>();
        _work = new ulong[Size];
        int distinct = SortUnique();
        Restart();
        if (distinct != _keys.AsSpan(0, Size).ToArray().Distinct().Count() || distinct != SortThenDedupeLoop())
            throw new InvalidOperationException($"IntegerSort.SortUnique ({Size}, {Input}) kept another number of keys than the dedupe loop.");
        Restart();
    }

    [Benchmark(Baseline = true), BenchmarkCategory(Category.Alternative)]
    public int SortThenDedupeLoop() => SortThenDedupe.SortUnique(Next(_keys, _work));

    [Benchmark, BenchmarkCategory(Category.Sparrow)]
    [Target(0.12, nameof(SortThenDedupeLoop), MinSize = 1_000_000, Case = SortInput.HalfDuplicates)]
    public int SortUnique() => IntegerSort.SortUnique(Next(_keys, _work));
}
