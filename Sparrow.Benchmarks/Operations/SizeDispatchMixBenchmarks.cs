using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>The sizes of <see cref="SizeDispatchMixBenchmarks"/>'s keys.</summary>
public enum KeySizeMix
{
    /// <summary>CompareWorkloadBenchmarks' mix: about 70% of 9..16 bytes, 20% of 1..3, the rest 17..256.</summary>
    CompareWorkload,

    /// <summary>Every size 0..16 equally likely: each call a different class of the size dispatch, at random.</summary>
    Uniform0To16,

    /// <summary>
    /// <see cref="Uniform0To16"/> without the repetition: a sequence of 2^20 sizes, each invocation the next 4,096 of
    /// them, too long for a branch predictor to learn (the keys' addresses still cycle over 4,096 pairs).
    /// </summary>
    Uniform0To16Unrepeated,

    /// <summary>
    /// <see cref="CompareWorkload"/> without the repetition, as <see cref="Uniform0To16Unrepeated"/>: what a B+tree's
    /// lookups of many different keys see, where the sizes compared do not come back in the same order.
    /// </summary>
    CompareWorkloadUnrepeated,
}

/// <summary>
/// The portable path's small-size dispatch on keys of mixed sizes: the size switch (a jump table) against the size
/// ladder it replaced (<see cref="Baselines.SizeLadder"/>), both driving the same operations. <see cref="Count"/>
/// pairs packed back to back, half of them differing in one of their last 8 bytes (seeded); reported per call. The
/// targets are the AVX-512-off job's, the machine that runs the portable path.
/// </summary>
/// <remarks>
/// The same 4,096 pairs every invocation is a sequence of sizes a branch predictor learns: the ladder's conditional
/// branches are then predicted from their history, the switch's indirect jump far less well.
/// <see cref="KeySizeMix.Uniform0To16Unrepeated"/> and <see cref="KeySizeMix.CompareWorkloadUnrepeated"/> measure the
/// two where neither can learn the sizes.
/// </remarks>
// PERF: new key addresses every iteration (see PairBufferBenchmarks): the keys are packed unaligned, so where they sit matters.
[MemoryRandomization]
[WithoutAvx512]
public unsafe class SizeDispatchMixBenchmarks
{
    private const int Count = 4096;
    private const int UnrepeatedCount = 1 << 20;
    private const int Seed = 1729;
    private const int MaxWordsSize = 16;
    private const int MaxWorkloadSize = 256;

    private struct KeyPair
    {
        public byte* First;
        public byte* Second;
        public int Size;
    }

    private KeyPair* _pairs;
    private int _pairCount;
    private int _start;
    private byte* _firstKeys;
    private byte* _secondKeys;

    [Params(KeySizeMix.CompareWorkload, KeySizeMix.Uniform0To16, KeySizeMix.Uniform0To16Unrepeated, KeySizeMix.CompareWorkloadUnrepeated)]
    public KeySizeMix Sizes { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(Seed);
        bool unrepeated = Sizes is KeySizeMix.Uniform0To16Unrepeated or KeySizeMix.CompareWorkloadUnrepeated;
        bool workload = Sizes is KeySizeMix.CompareWorkload or KeySizeMix.CompareWorkloadUnrepeated;
        _pairCount = unrepeated ? UnrepeatedCount : Count;
        _start = 0;
        var sizes = new int[_pairCount];
        for (int i = 0; i < _pairCount; i++)
            sizes[i] = workload ? WorkloadSize(random) : random.Next(17);
        // Unrepeated: the pairs' keys start at the 4,096 slots of 16 bytes they cycle over (a workload key longer than
        // 16 bytes runs on over the next slots, and past the last one into a tail as long as the longest key);
        // otherwise packed back to back, as on a page.
        int total = unrepeated ? Count * MaxWordsSize + (workload ? MaxWorkloadSize : 0) : sizes.Sum();

        _pairs = (KeyPair*)NativeMemory.AlignedAlloc((nuint)_pairCount * (nuint)sizeof(KeyPair), 64);
        _firstKeys = (byte*)NativeMemory.AlignedAlloc((nuint)total + 1, 64);
        _secondKeys = (byte*)NativeMemory.AlignedAlloc((nuint)total + 1, 64);
        random.NextBytes(new Span<byte>(_firstKeys, total));
        new Span<byte>(_firstKeys, total).CopyTo(new Span<byte>(_secondKeys, total));

        int offset = 0;
        for (int i = 0; i < _pairCount; i++)
        {
            int size = sizes[i];
            int at = unrepeated ? (i % Count) * MaxWordsSize : offset;
            _pairs[i] = new KeyPair { First = _firstKeys + at, Second = _secondKeys + at, Size = size };
            if (!unrepeated && size > 0 && random.Next(2) == 0)
            {
                int position = size - 1 - random.Next(Math.Min(8, size));
                _pairs[i].Second[position] = (byte)(_pairs[i].First[position] + 1 + random.Next(255));
            }

            offset += size;
        }

        // Unrepeated: half of the slots differ at a random byte, which a pair's size then includes or not.
        for (int slot = 0; unrepeated && slot < Count; slot++)
        {
            if (random.Next(2) == 0)
                _secondKeys[slot * MaxWordsSize + random.Next(MaxWordsSize)] ^= (byte)(1 + random.Next(255));
        }

        for (int start = 0; start < _pairCount; start += Count)
        {
            if (At(start, Compare) != At(start, CompareLadder) || At(start, SequenceEqual) != At(start, SequenceEqualLadder))
                throw new InvalidOperationException($"The size switch and the size ladder disagree on {Sizes} (pairs {start}..{start + Count - 1}).");
        }

        _start = 0;
    }

    /// <summary>One invocation of <paramref name="run"/> on the pairs from <paramref name="start"/>.</summary>
    private int At(int start, Func<int> run)
    {
        _start = start;
        return run();
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        NativeMemory.AlignedFree(_pairs);
        NativeMemory.AlignedFree(_firstKeys);
        NativeMemory.AlignedFree(_secondKeys);
    }

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Reference)]
    public int CompareLadder() => SumOfCompares<SizeLadderComparer>();

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Sparrow)]
    [Target(1.0, nameof(CompareLadder), WithoutAvx512 = true)]
    public int Compare() => SumOfCompares<SparrowInlineComparer>();

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Reference)]
    public int SequenceEqualLadder() => CountOfEqual<SizeLadderComparer>();

    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory(Category.Sparrow)]
    [Target(1.0, nameof(SequenceEqualLadder), WithoutAvx512 = true)]
    public int SequenceEqual() => CountOfEqual<SparrowComparer>();

    /// <summary>CompareWorkloadBenchmarks' key size: 70% of 9..16 bytes, 20% of 1..3, 10% of 17..256.</summary>
    private static int WorkloadSize(Random random)
    {
        int bucket = random.Next(100);
        return bucket < 70 ? random.Next(9, 17) : bucket < 90 ? random.Next(1, 4) : random.Next(17, 257);
    }

    /// <summary>The <see cref="Count"/> pairs of this invocation: the same ones each time, or the next ones of the unrepeated sequence.</summary>
    private KeyPair* NextPairs()
    {
        KeyPair* pairs = _pairs + _start;
        _start = (_start + Count) & (_pairCount - 1);
        return pairs;
    }

    // PERF: each loop NoInlining, as in PairBufferBenchmarks: the loop is the JIT's root method and its inline budget
    // is a loop's, not the [Benchmark] forwarder's.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private int SumOfCompares<TComparer>() where TComparer : struct, IByteComparer
    {
        KeyPair* pairs = NextPairs();
        int sum = 0;
        for (int i = 0; i < Count; i++)
            sum += TComparer.Compare(pairs[i].First, pairs[i].Second, pairs[i].Size);
        return sum;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private int CountOfEqual<TEquality>() where TEquality : struct, IByteEquality
    {
        KeyPair* pairs = NextPairs();
        int equal = 0;
        for (int i = 0; i < Count; i++)
        {
            if (TEquality.Equal(pairs[i].First, pairs[i].Second, pairs[i].Size))
                equal++;
        }

        return equal;
    }
}
