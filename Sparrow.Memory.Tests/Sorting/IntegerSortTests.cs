using System.Numerics;
using System.Runtime.InteropServices;
using Sparrow.Testing;
using Sparrow.Storage;

namespace Sparrow.Tests;

public sealed unsafe class IntegerSortTests
{
    public static TheoryData<string> Paths => SortPaths.Names;

    /// <summary>Under ARM64 emulation (qemu-user) every length is still checked, with fewer seeds and shapes per length.</summary>
    private static readonly bool Emulated = RuntimeInformation.ProcessArchitecture == Architecture.Arm64;

    [Theory]
    [MemberData(nameof(Paths))]
    public void Sort_EveryLengthTo600_EqualsMemoryExtensionsSort(string path)
    {
        for (int length = 0; length <= 600; length++)
        {
            // Every length sees two shapes a time, rotating, so each shape meets every length class.
            for (int s = 0; s < (Emulated ? 1 : 2); s++)
            {
                string shape = SortInputs.Shapes[(length * 3 + s * 5) % SortInputs.Shapes.Length];
                // Emulated, one key type a length, in turn.
                int type = length & 3;
                if (!Emulated || type == 0)
                    CheckKeys<uint>(path, shape, length, length);
                if (!Emulated || type == 1)
                    CheckKeys<int>(path, shape, length, length + 1);
                if (!Emulated || type == 2)
                    CheckKeys<ulong>(path, shape, length, length + 2);
                if (!Emulated || type == 3)
                    CheckKeys<long>(path, shape, length, length + 3);
            }
        }
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void Sort_EveryShape_EqualsMemoryExtensionsSort(string path)
    {
        int[] lengths = Emulated ? [33, 100, 257, 2000] : [17, 33, 64, 65, 100, 257, 1000, 4099];
        foreach (string shape in SortInputs.Shapes)
            foreach (int length in lengths)
            {
                CheckKeys<uint>(path, shape, length, length);
                CheckKeys<int>(path, shape, length, length);
                CheckKeys<ulong>(path, shape, length, length);
                CheckKeys<long>(path, shape, length, length);
            }
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void SortPairs_KeysSortedAndEveryPayloadWithItsKey(string path)
    {
        for (int length = 0; length <= 600; length += Emulated ? 7 : 1)
        {
            string shape = SortInputs.Shapes[length % SortInputs.Shapes.Length];
            CheckPairs<uint>(path, shape, length, length);
            CheckPairs<ulong>(path, shape, length, length);
            CheckPairs<int>(path, shape, length, length);
            CheckPairs<long>(path, shape, length, length);
        }
        foreach (string shape in SortInputs.Shapes)
        {
            CheckPairs<uint>(path, shape, 3000, 7);
            CheckPairs<ulong>(path, shape, 3000, 7);
        }
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void SortUnique_KeepsEachDistinctKeyOnce(string path)
    {
        for (int length = 0; length <= 600; length += Emulated ? 5 : 1)
        {
            string shape = SortInputs.Shapes[length % SortInputs.Shapes.Length];
            CheckUnique<uint>(path, shape, length, length);
            CheckUnique<ulong>(path, shape, length, length);
            CheckUnique<int>(path, shape, length, length);
            CheckUnique<long>(path, shape, length, length);
        }
        foreach (string shape in SortInputs.Shapes)
        {
            CheckUnique<uint>(path, shape, 3000, 11);
            CheckUnique<ulong>(path, shape, 3000, 11);
        }
        // Half duplicates, as the benchmark's.
        var random = new Random(5);
        ulong[] halves = [.. Enumerable.Range(0, 4000).Select(_ => (ulong)random.Next(2000) * 0x9E3779B97F4A7C15UL)];
        CheckUnique(path, halves);
    }

    /// <summary>
    /// Each path's partition called directly, at bounds that send a few keys, a quarter, half, three quarters and all
    /// but a few to the front (the skewed splits end the block loops with little room at one end), for every length
    /// from just past the path's small size to past three blocks of the widest, alone and with payloads: the front
    /// holds exactly the keys at most the bound, the back the others, and every key (with its payload) is still there.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Partition_SkewedBounds_SplitsAtTheBoundAndKeepsEveryKey(string path)
    {
        CheckPartitions<uint>(path);
        CheckPartitions<ulong>(path);
    }

    private static void CheckPartitions<T>(string path) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        foreach (bool withValues in (bool[])[false, true])
        {
            int first = (int)SortPaths.SmallSize(path, sizeof(T), withValues) + 1;
            for (int length = first; length <= 700; length += Emulated ? 23 : length < 300 ? 1 : 7)
            {
                string shape = SortInputs.Shapes[length % SortInputs.Shapes.Length];
                T[] input = SortInputs.Make<T>(shape, length, length);
                T[] ordered = [.. input];
                ordered.AsSpan().Sort();
                foreach (int at in (int[])[2, length / 4, length / 2, 3 * length / 4, length - 3])
                {
                    T bound = ordered[at];
                    T[] keys = [.. input];
                    T[] values = [.. Enumerable.Range(0, length).Select(i => T.CreateTruncating(i))];
                    nint front = SortPaths.Partition<T>(path, keys, withValues ? values : default, withValues, bound);
                    string what = $"{path} {typeof(T).Name} {shape} length {length} bound at {at}{(withValues ? " with payloads" : "")}";
                    Assert.Equal(ordered.Count(key => key <= bound), (int)front);
                    for (int i = 0; i < length; i++)
                        if ((i < front) != (keys[i] <= bound))
                            Assert.Fail($"{what}: key {keys[i]} at {i} on the wrong side of {front}.");
                    if (withValues)
                        AssertSamePairs(input, keys, values, what);
                    else
                    {
                        keys.AsSpan().Sort();
                        Assert.True(ordered.AsSpan().SequenceEqual(keys), $"{what}: the keys changed.");
                    }
                }
            }
        }
    }

    /// <summary>Each payload (its key's index in the input) still with its key, each once.</summary>
    private static void AssertSamePairs<T>(T[] input, T[] keys, T[] values, string what) where T : unmanaged, IBinaryInteger<T>
    {
        var seen = new bool[input.Length];
        for (int i = 0; i < keys.Length; i++)
        {
            int from = int.CreateTruncating(values[i]);
            if ((uint)from >= (uint)input.Length || seen[from] || input[from] != keys[i])
                Assert.Fail($"{what}: the payload at {i} ({from}) did not move with its key.");
            seen[from] = true;
        }
    }

    /// <summary>The introsort fallback: with a depth limit of 0 to 3 the ranges past it are heapsorted, and still sorted.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Sort_PastTheDepthLimit_HeapsortsCorrectly(string path)
    {
        foreach (string shape in SortInputs.Shapes)
            for (int depth = 0; depth <= 3; depth++)
                foreach (int length in (int[])[2, 50, 1000])
                {
                    ulong[] keys = SortInputs.Make<ulong>(shape, length, depth);
                    ulong[] values = [.. Enumerable.Range(0, length).Select(i => (ulong)i)];
                    ulong[] input = [.. keys];
                    SortPaths.Sort<ulong>(path, keys, values, withValues: true, depth);
                    AssertPairs(input, keys, values, $"{path} {shape} {length} depth {depth}");
                }
    }

    [Fact]
    public void Sort_Pairs_LengthsDiffer_Throws()
    {
        Assert.Throws<ArgumentException>("values", () => IntegerSort.Sort(new uint[3], new int[2]));
        Assert.Throws<ArgumentException>("values", () => IntegerSort.Sort(new ulong[3], new long[4]));
        Assert.Throws<ArgumentException>("values", () => IntegerSort.Sort(new int[0], new int[1]));
        Assert.Throws<ArgumentException>("values", () => IntegerSort.Sort(new long[1], new long[0]));
    }

    [Fact]
    public void Sort_SignedKeys_NegativesFirst()
    {
        int[] ints = [5, -1, int.MaxValue, int.MinValue, 0, -7, 3];
        IntegerSort.Sort(ints);
        Assert.Equal([int.MinValue, -7, -1, 0, 3, 5, int.MaxValue], ints);
        long[] longs = [5, -1, long.MaxValue, long.MinValue, 0, -7, 3];
        IntegerSort.Sort(longs);
        Assert.Equal([long.MinValue, -7, -1, 0, 3, 5, long.MaxValue], longs);
        uint[] uints = [5, uint.MaxValue, 0, 0x8000_0000];
        IntegerSort.Sort(uints);
        Assert.Equal([0u, 5, 0x8000_0000, uint.MaxValue], uints);
    }

    /// <summary>Large inputs (1M keys a path, 16M once through the public method); skipped under ARM64 emulation.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Sort_Large_EqualsMemoryExtensionsSort(string path)
    {
        if (Emulated)
            return;
        CheckKeys<ulong>(path, "uniform", 1 << 20, 1);
        if (path != SortPaths.Public)
            return;
        CheckKeys<uint>(path, "few distinct", 1 << 20, 2);
        CheckPairs<ulong>(path, "uniform", 1 << 20, 3);
        // 16M: checked as ascending with the same sum and sum of squares (mod 2^64) as the input: no second sort.
        ulong[] keys = SortInputs.Make<ulong>("uniform", 16 << 20, 4);
        (ulong sum, ulong squares) = Sums(keys);
        IntegerSort.Sort(keys);
        for (int i = 1; i < keys.Length; i++)
            if (keys[i - 1] > keys[i])
                Assert.Fail($"16M keys: {keys[i - 1]} before {keys[i]} at {i}.");
        Assert.Equal((sum, squares), Sums(keys));
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void Sort_AtGuardPages_NeverTouchesOutside(string path)
    {
        if (!OperatingSystem.IsLinux() && !OperatingSystem.IsMacOS())
            return;
        for (int length = 0; length <= 300; length += length < 130 ? 1 : 13)
        {
            Guarded<uint>(path, length);
            Guarded<ulong>(path, length);
            Guarded<int>(path, length);
            Guarded<long>(path, length);
        }
    }

    [Fact]
    public void Sort_AnyLength_AllocatesNothing()
    {
        ulong[] keys = SortInputs.Make<ulong>("uniform", 100_000, 1);
        long[] values = new long[keys.Length];
        uint[] small = SortInputs.Make<uint>("uniform", 100, 2);
        int[] smallValues = new int[small.Length];
        int[] signed = SortInputs.Make<int>("few distinct", 5000, 3);
        for (int warm = 0; warm < 2; warm++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            IntegerSort.Sort(keys.AsSpan());
            IntegerSort.Sort(keys.AsSpan(), values);
            IntegerSort.Sort(small.AsSpan(), smallValues);
            IntegerSort.Sort(signed.AsSpan());
            IntegerSort.SortUnique(keys.AsSpan());
            IntegerSort.SortUnique(small.AsSpan());
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            if (warm == 1)
                Assert.Equal(0, allocated);
        }
    }

    private static void Guarded<T>(string path, int length) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        int bytes = length * sizeof(T);
        using var keyMemory = new GuardedMemory(Math.Max(bytes, 1));
        using var valueMemory = new GuardedMemory(Math.Max(bytes, 1));
        foreach (bool atEnd in (bool[])[true, false])
        {
            string shape = SortInputs.Shapes[length % SortInputs.Shapes.Length];
            T[] input = SortInputs.Make<T>(shape, length, length);
            var keys = new Span<T>(atEnd ? keyMemory.EndingAtGuard(bytes) : keyMemory.StartingAfterGuard, length);
            var values = new Span<T>(atEnd ? valueMemory.EndingAtGuard(bytes) : valueMemory.StartingAfterGuard, length);
            input.CopyTo(keys);
            for (int i = 0; i < length; i++)
                values[i] = T.CreateTruncating(i);
            SortPaths.Sort(path, keys, values, withValues: true);
            AssertPairs(input, keys.ToArray(), values.ToArray(), $"{path} {typeof(T).Name} {length} guarded");
            input.CopyTo(keys);
            SortPaths.Sort(path, keys, default, withValues: false);
            T[] expected = [.. input];
            expected.AsSpan().Sort();
            Assert.True(expected.AsSpan().SequenceEqual(keys), $"{path} {typeof(T).Name} {length} guarded keys");
            input.CopyTo(keys);
            int count = SortPaths.SortUnique(path, keys);
            Assert.Equal(expected.Distinct().Count(), count);
        }
    }

    private static void CheckKeys<T>(string path, string shape, int length, int seed) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        T[] keys = SortInputs.Make<T>(shape, length, seed);
        T[] expected = [.. keys];
        expected.AsSpan().Sort();
        SortPaths.Sort<T>(path, keys, default, withValues: false);
        if (!expected.AsSpan().SequenceEqual(keys))
            Assert.Fail($"{path} {typeof(T).Name} {shape} length {length}: first difference at {expected.AsSpan().CommonPrefixLength(keys)}.");
    }

    private static void CheckPairs<T>(string path, string shape, int length, int seed) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        T[] keys = SortInputs.Make<T>(shape, length, seed);
        T[] input = [.. keys];
        T[] values = [.. Enumerable.Range(0, length).Select(i => T.CreateTruncating(i))];
        SortPaths.Sort<T>(path, keys, values, withValues: true);
        AssertPairs(input, keys, values, $"{path} {typeof(T).Name} {shape} length {length}");
    }

    /// <summary>
    /// Keys as Array.Sort(keys, items) leaves them (its keys are the sorted keys, whatever the items), and each
    /// payload (its key's index in the input) still with its key: the multiset of pairs is the input's.
    /// </summary>
    private static void AssertPairs<T>(T[] input, T[] keys, T[] values, string what) where T : unmanaged, IBinaryInteger<T>
    {
        T[] expected = [.. input];
        expected.AsSpan().Sort();
        if (!expected.AsSpan().SequenceEqual(keys))
            Assert.Fail($"{what}: keys differ from Array.Sort's at {expected.AsSpan().CommonPrefixLength(keys)}.");
        var seen = new bool[input.Length];
        for (int i = 0; i < keys.Length; i++)
        {
            int from = int.CreateTruncating(values[i]);
            if ((uint)from >= (uint)input.Length || seen[from] || input[from] != keys[i])
                Assert.Fail($"{what}: the payload at {i} ({from}) did not move with its key.");
            seen[from] = true;
        }
    }

    private static void CheckUnique<T>(string path, string shape, int length, int seed) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T> =>
        CheckUnique(path, SortInputs.Make<T>(shape, length, seed));

    private static void CheckUnique<T>(string path, T[] keys) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        T[] expected = [.. keys.Distinct().Order()];
        int count = SortPaths.SortUnique<T>(path, keys);
        Assert.Equal(expected.Length, count);
        if (!expected.AsSpan().SequenceEqual(keys.AsSpan(0, count)))
            Assert.Fail($"{path} {typeof(T).Name} length {keys.Length}: distinct keys differ at {expected.AsSpan().CommonPrefixLength(keys.AsSpan(0, count))}.");
    }

    private static (ulong Sum, ulong Squares) Sums(ulong[] keys)
    {
        ulong sum = 0, squares = 0;
        foreach (ulong key in keys)
        {
            sum += key;
            squares += key * key;
        }
        return (sum, squares);
    }
}
