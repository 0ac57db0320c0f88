using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// A B+tree-like mix of keys: <see cref="Count"/> pairs, about 70% of 9..16 bytes, 20% of 1..3 and the rest
/// 17..256, half of them differing in one of their last 8 bytes (seeded). Reported per compare.
/// </summary>
// PERF: new key addresses every iteration (see PairBufferBenchmarks): the keys are packed unaligned, so where they sit matters.
[MemoryRandomization]
[WithoutAvx512]
public unsafe class CompareWorkloadBenchmarks
{
    private const int Count = 4096;
    private const int Seed = 1729;

    private struct KeyPair
    {
        public byte* First;
        public byte* Second;
        public int Size;
    }

    private KeyPair* _pairs;
    private byte* _firstKeys;
    private byte* _secondKeys;

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(Seed);
        var sizes = new int[Count];
        int total = 0;
        for (int i = 0; i < Count; i++)
        {
            int bucket = random.Next(100);
            sizes[i] = bucket < 70 ? random.Next(9, 17) : bucket < 90 ? random.Next(1, 4) : random.Next(17, 257);
            total += sizes[i];
        }

        _pairs = (KeyPair*)NativeMemory.AlignedAlloc((nuint)(Count * sizeof(KeyPair)), 64);
        _firstKeys = (byte*)NativeMemory.AlignedAlloc((nuint)total, 64);
        _secondKeys = (byte*)NativeMemory.AlignedAlloc((nuint)total, 64);
        random.NextBytes(new Span<byte>(_firstKeys, total));
        new Span<byte>(_firstKeys, total).CopyTo(new Span<byte>(_secondKeys, total));

        // Keys are packed back to back, as on a page, so their alignment varies.
        int offset = 0;
        for (int i = 0; i < Count; i++)
        {
            int size = sizes[i];
            _pairs[i] = new KeyPair { First = _firstKeys + offset, Second = _secondKeys + offset, Size = size };
            if (random.Next(2) == 0)
            {
                int position = size - 1 - random.Next(Math.Min(8, size));
                _pairs[i].Second[position] = (byte)(_pairs[i].First[position] + 1 + random.Next(255));
            }

            offset += size;
        }

        CheckEveryImplementationAgrees();
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        NativeMemory.AlignedFree(_pairs);
        NativeMemory.AlignedFree(_firstKeys);
        NativeMemory.AlignedFree(_secondKeys);
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Count), BenchmarkCategory(Category.Alternative, Category.Headline, Category.HeadlineWithoutAvx512)]
    public int SequenceCompareTo() => SumOfCompares<SpanComparer>();

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public int Memcmp() => SumOfCompares<MemcmpComparer>();

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Reference)]
    public int ByteLoop() => SumOfCompares<ByteLoopComparer>();

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Historical, Category.Headline)]
    public int UIntStride() => SumOfCompares<UIntStrideComparer>();

    // The compare a user calls first, held to memcmp (issue 36): its 1..64-byte path inlined, the longer keys a call.
    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(0.9, nameof(Memcmp))]
    public int Compare() => SumOfCompares<SparrowComparer>();

    // The targets are the inlined compare's, the form a B+tree's search loop uses (see CompareBenchmarks).
    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Sparrow, Category.Headline, Category.HeadlineWithoutAvx512)]
    [Target(0.75, nameof(Memcmp))]
    [Target(0.8, nameof(SequenceCompareTo), WithoutAvx512 = true)]
    public int CompareInline() => SumOfCompares<SparrowInlineComparer>();

    // The A/A pair of the publish gate: exactly CompareInline's code, measured as a case of its own.
    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Reference, Category.Headline), SameCodeAs(nameof(CompareInline))]
    public int CompareInlineAgain() => SumOfCompares<SparrowInlineComparer>();

    /// <summary>Sum of the results over every pair, so no call is dead code.</summary>
    private int SumOfCompares<TComparer>() where TComparer : struct, IByteComparer
    {
        KeyPair* pairs = _pairs;
        int sum = 0;
        for (int i = 0; i < Count; i++)
            sum += TComparer.Compare(pairs[i].First, pairs[i].Second, pairs[i].Size);
        return sum;
    }

    private void CheckEveryImplementationAgrees()
    {
        for (int i = 0; i < Count; i++)
        {
            KeyPair pair = _pairs[i];
            int expected = ByteLoopComparer.Compare(pair.First, pair.Second, pair.Size);
            if (SparrowComparer.Compare(pair.First, pair.Second, pair.Size) != expected
                || SparrowInlineComparer.Compare(pair.First, pair.Second, pair.Size) != expected
                || UIntStrideComparer.Compare(pair.First, pair.Second, pair.Size) != expected
                || SpanComparer.Compare(pair.First, pair.Second, pair.Size) != expected
                || Math.Sign(MemcmpComparer.Compare(pair.First, pair.Second, pair.Size)) != Math.Sign(expected))
            {
                throw new InvalidOperationException($"Implementations disagree on workload pair {i} ({pair.Size} bytes).");
            }
        }
    }
}
