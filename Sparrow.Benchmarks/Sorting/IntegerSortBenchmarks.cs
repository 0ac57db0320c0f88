using System.Numerics;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Baselines;
using Sparrow.Benchmarks.Reporting;
using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>The inputs of the sort benchmarks (<see cref="IntegerSortCase{T}"/>).</summary>
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
/// <typeparam name="T">The key type.</typeparam>
public abstract class IntegerSortCase<T> where T : unmanaged, IBinaryInteger<T>
{
    /// <summary>Different inputs per case below 1M keys; a power of two.</summary>
    private const int Variants = 256;

    private int _variants;
    private int _next;
    private T[] _inputs = [];
    private T[] _work = [];

    [Params(64, 1_000, 1_000_000)]
    public int Size { get; set; }

    [Params(SortInput.Uniform, SortInput.Sorted, SortInput.Reversed, SortInput.AllEqual, SortInput.HalfDuplicates)]
    public SortInput Input { get; set; }

    /// <summary>
    /// Makes the inputs, <see cref="Variants"/> (one at 1M keys) of <see cref="Size"/> keys of <see cref="Input"/>'s
    /// shape, and the work buffer.
    /// </summary>
    protected void MakeInputs()
    {
        _variants = Size >= 1_000_000 ? 1 : Variants;
        _next = 0;
        var random = new Random(34);
        _inputs = new T[_variants * Size];
        _work = new T[Size];
        random.NextBytes(MemoryMarshal.AsBytes(_inputs.AsSpan()));
        for (int v = 0; v < _variants; v++)
        {
            Span<T> one = _inputs.AsSpan(v * Size, Size);
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
    }

    /// <summary>The next input, copied into the work buffer.</summary>
    protected Span<T> Next()
    {
        int variant = _next++ & (_variants - 1);
        _inputs.AsSpan(variant * Size, Size).CopyTo(_work);
        return _work;
    }

    /// <summary>The first input, as the first <see cref="Next"/> after <see cref="Restart"/> copies it.</summary>
    protected ReadOnlySpan<T> FirstInput => _inputs.AsSpan(0, Size);

    /// <summary>Starts the inputs over, after a check in setup.</summary>
    protected void Restart() => _next = 0;

    /// <summary>
    /// Throws unless the work buffer holds the first input sorted (the row ran once after <see cref="MakeInputs"/>):
    /// a row that does not sort measures nothing.
    /// </summary>
    protected void CheckSorted(string what)
    {
        T[] expected = FirstInput.ToArray();
        Array.Sort(expected);
        if (!_work.AsSpan().SequenceEqual(expected))
            throw new InvalidOperationException($"{what} ({Size}, {Input}) did not sort as MemoryExtensions.Sort.");
        Restart();
    }
}

/// <summary>
/// The keys-only sorts of one key type: IntegerSort against MemoryExtensions.Sort (the BCL's introsort). The
/// classes of each type hold <c>Sort</c>, IntegerSort's overload for the type, with that type's targets.
/// </summary>
/// <typeparam name="T">The key type.</typeparam>
public abstract class IntegerKeySortCase<T> : IntegerSortCase<T> where T : unmanaged, IBinaryInteger<T>
{
    /// <summary>The inputs, then one run of the class's <c>Sort</c>, checked against MemoryExtensions.Sort.</summary>
    [GlobalSetup]
    public void Setup()
    {
        MakeInputs();
        SortOnce();
        CheckSorted("IntegerSort");
    }

    /// <summary>Runs the class's <c>Sort</c> benchmark once (setup's check).</summary>
    private protected abstract void SortOnce();

    [Benchmark(Baseline = true), BenchmarkCategory(Category.Alternative)]
    public T MemoryExtensionsSort()
    {
        Span<T> keys = Next();
        keys.Sort();
        return keys[^1];
    }
}

/// <summary>Sorting ulong keys in place: IntegerSort against MemoryExtensions.Sort (the BCL's introsort).</summary>
[WithoutAvx512]
public class IntegerSortBenchmarks : IntegerKeySortCase<ulong>
{
    private protected override void SortOnce() => Sort();

    [Benchmark, BenchmarkCategory(Category.Reference)]
    public ulong Copy() => Next()[^1];

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
        Span<ulong> keys = Next();
        IntegerSort.Sort(keys);
        return keys[^1];
    }
}

/// <summary>Sorting uint keys in place: IntegerSort against MemoryExtensions.Sort.</summary>
public class IntegerSortUInt32Benchmarks : IntegerKeySortCase<uint>
{
    private protected override void SortOnce() => Sort();

    [Benchmark, BenchmarkCategory(Category.Sparrow)]
    [Target(0.07, nameof(MemoryExtensionsSort), MinSize = 1_000_000, Case = SortInput.Uniform)]
    public uint Sort()
    {
        Span<uint> keys = Next();
        IntegerSort.Sort(keys);
        return keys[^1];
    }
}

/// <summary>Sorting int keys in place (signed order): IntegerSort against MemoryExtensions.Sort.</summary>
public class IntegerSortInt32Benchmarks : IntegerKeySortCase<int>
{
    private protected override void SortOnce() => Sort();

    [Benchmark, BenchmarkCategory(Category.Sparrow)]
    [Target(0.07, nameof(MemoryExtensionsSort), MinSize = 1_000_000, Case = SortInput.Uniform)]
    public int Sort()
    {
        Span<int> keys = Next();
        IntegerSort.Sort(keys);
        return keys[^1];
    }
}

/// <summary>
/// Sorting ulong keys with long payloads: IntegerSort against MemoryExtensions.Sort(keys, values). The payloads
/// are not reset between invocations (their values do not matter).
/// </summary>
public class IntegerSortPairsBenchmarks : IntegerSortCase<ulong>
{
    private long[] _payloads = [];

    [GlobalSetup]
    public void Setup()
    {
        MakeInputs();
        _payloads = new long[Size];
        Sort();
        CheckSorted("IntegerSort pairs");
    }

    [Benchmark(Baseline = true), BenchmarkCategory(Category.Alternative)]
    public ulong MemoryExtensionsSort()
    {
        Span<ulong> keys = Next();
        keys.Sort(_payloads.AsSpan());
        return keys[^1];
    }

    [Benchmark, BenchmarkCategory(Category.Sparrow)]
    [Target(0.15, nameof(MemoryExtensionsSort), MinSize = 1_000_000, Case = SortInput.Uniform)]
    public ulong Sort()
    {
        Span<ulong> keys = Next();
        IntegerSort.Sort(keys, _payloads.AsSpan());
        return keys[^1];
    }
}

/// <summary>Sorting ulong keys and keeping each distinct key once: IntegerSort.SortUnique against a sort and a dedupe loop.</summary>
public class IntegerSortUniqueBenchmarks : IntegerSortCase<ulong>
{
    [GlobalSetup]
    public void Setup()
    {
        MakeInputs();
        int distinct = SortUnique();
        Restart();
        if (distinct != FirstInput.ToArray().Distinct().Count() || distinct != SortThenDedupeLoop())
            throw new InvalidOperationException($"IntegerSort.SortUnique ({Size}, {Input}) kept another number of keys than the dedupe loop.");
        Restart();
    }

    [Benchmark(Baseline = true), BenchmarkCategory(Category.Alternative)]
    public int SortThenDedupeLoop() => SortThenDedupe.SortUnique(Next());

    [Benchmark, BenchmarkCategory(Category.Sparrow)]
    [Target(0.12, nameof(SortThenDedupeLoop), MinSize = 1_000_000, Case = SortInput.HalfDuplicates)]
    public int SortUnique() => IntegerSort.SortUnique(Next());
}
