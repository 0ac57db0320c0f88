using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// The storage-engine workload: 50,000 document-id keys sorted in one unmanaged block, each looked up
/// in insertion order by binary search (about 16 compares a lookup, 800,000 an invocation). Reported
/// per lookup. Every variant runs the same search; only the key comparer differs.
/// </summary>
public unsafe class KeySearchBenchmarks
{
    private const int KeyCount = 50_000;

    private SortedKeyBlock _keys = null!;

    [GlobalSetup]
    public void Setup()
    {
        _keys = new SortedKeyBlock(KeyCount, seed: 2015);
        // Every comparer must find every key in its own slot, or its timing means nothing.
        VerifyAllFound<SpanKeys>();
        VerifyAllFound<SparrowKeys>();
        VerifyAllFound<PrefixThenLength<SparrowInlineComparer>>();
        VerifyAllFound<PrefixThenLength<MemcmpComparer>>();
        VerifyAllFound<PrefixThenLength<UIntStrideComparer>>();
    }

    [GlobalCleanup]
    public void Cleanup() => _keys.Dispose();

    [Benchmark(Baseline = true, OperationsPerInvoke = KeyCount), Role(Role.Alternative), AlsoWithoutAvx512]
    [Headline]
    [Headline(Job = WithoutAvx512Job.Id)]
    public long SequenceCompareTo() => LookUpAll<SpanKeys>();

    [Benchmark(OperationsPerInvoke = KeyCount), Role(Role.Sparrow), AlsoWithoutAvx512]
    [Target(0.8, nameof(Memcmp))]
    [Target(0.8, nameof(SequenceCompareTo))]
    [Headline]
    [Headline(Job = WithoutAvx512Job.Id)]
    public long Compare() => LookUpAll<SparrowKeys>();

    [Benchmark(OperationsPerInvoke = KeyCount), Role(Role.Sparrow), AlsoWithoutAvx512]
    [Target(0.8, nameof(Memcmp))]
    [Target(0.8, nameof(SequenceCompareTo))]
    [Headline]
    public long CompareInline() => LookUpAll<PrefixThenLength<SparrowInlineComparer>>();

    // The A/A pair of the publish gate at a slower scale: exactly CompareInline's code, measured as a case of its own.
    [Benchmark(OperationsPerInvoke = KeyCount), Role(Role.Reference), SameCodeAs(nameof(CompareInline))]
    [Headline]
    public long CompareInlineAgain() => LookUpAll<PrefixThenLength<SparrowInlineComparer>>();

    [Benchmark(OperationsPerInvoke = KeyCount), Role(Role.Alternative)]
    [Headline]
    public long Memcmp() => LookUpAll<PrefixThenLength<MemcmpComparer>>();

    [Benchmark(OperationsPerInvoke = KeyCount), Role(Role.Historical)]
    [Headline]
    public long UIntStride() => LookUpAll<PrefixThenLength<UIntStrideComparer>>();

    // PERF: the comparer is a struct type argument, so the JIT compiles one copy of the search per
    // comparer with the compare call resolved (and, for CompareInline, inlined): the loop is identical
    // for all five and the only difference measured is the comparer.
    private long LookUpAll<TComparer>() where TComparer : struct, IKeyComparer
    {
        long slotSum = 0;
        for (int i = 0; i < KeyCount; i++)
            slotSum += Find<TComparer>(_keys.ProbeBase + _keys.ProbeOffsets[i], _keys.ProbeLengths[i]);
        return slotSum;
    }

    private int Find<TComparer>(byte* key, int keyLength) where TComparer : struct, IKeyComparer
    {
        int lo = 0, hi = KeyCount - 1;
        while (lo <= hi)
        {
            int mid = (int)((uint)(lo + hi) >> 1);
            int c = TComparer.Compare(_keys.SortedBase + _keys.SortedOffsets[mid], _keys.SortedLengths[mid], key, keyLength);
            if (c == 0)
                return mid;
            if (c < 0) lo = mid + 1;
            else hi = mid - 1;
        }
        return ~lo;
    }

    private void VerifyAllFound<TComparer>() where TComparer : struct, IKeyComparer
    {
        for (int i = 0; i < KeyCount; i++)
        {
            int slot = Find<TComparer>(_keys.ProbeBase + _keys.ProbeOffsets[i], _keys.ProbeLengths[i]);
            if (slot != _keys.ExpectedIndex[i])
                throw new InvalidOperationException($"KeySearch with {typeof(TComparer).Name}: key {i} found at {slot}, expected {_keys.ExpectedIndex[i]}.");
        }
    }

    private interface IKeyComparer
    {
        /// <summary>Key order: the common prefix byte-wise, then the shorter key first.</summary>
        static abstract int Compare(byte* x, int xLength, byte* y, int yLength);
    }

    private readonly struct SpanKeys : IKeyComparer
    {
        public static int Compare(byte* x, int xLength, byte* y, int yLength)
            => new ReadOnlySpan<byte>(x, xLength).SequenceCompareTo(new ReadOnlySpan<byte>(y, yLength));
    }

    private readonly struct SparrowKeys : IKeyComparer
    {
        public static int Compare(byte* x, int xLength, byte* y, int yLength)
            => Memory.Compare(x, xLength, y, yLength);
    }

    /// <summary>Key order from a fixed-size comparer: the common prefix, then the lengths.</summary>
    private readonly struct PrefixThenLength<TComparer> : IKeyComparer where TComparer : struct, IByteComparer
    {
        public static int Compare(byte* x, int xLength, byte* y, int yLength)
        {
            int c = TComparer.Compare(x, y, Math.Min(xLength, yLength));
            return c != 0 ? c : xLength - yLength;
        }
    }
}
