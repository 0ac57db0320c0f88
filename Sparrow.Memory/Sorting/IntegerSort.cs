using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Storage;

/// <summary>
/// Sorts integer keys in place, ascending, not stable: a quicksort whose partition compares and moves a whole
/// vector of keys a step (AVX-512 compress, AVX2 and 128-bit permutations, or scalar), insertion sort for short
/// ranges, and heapsort past introsort's depth limit, so the worst case stays O(n log n). No allocation; a fixed
/// few vectors of stack; never reads or writes outside the spans.
/// </summary>
/// <remarks>
/// <see cref="int"/> and <see cref="long"/> sort in signed order (negatives first), <see cref="uint"/> and
/// <see cref="ulong"/> in unsigned order. The pair forms move each payload with its key, as
/// <see cref="Array.Sort{TKey, TValue}(TKey[], TValue[])"/> does (the order of the payloads of equal keys is unspecified).
/// </remarks>
public static unsafe class IntegerSort
{
    /// <summary>Sorts <paramref name="keys"/> ascending in signed order.</summary>
    /// <remarks>
    /// PERF: as unsigned keys with their top bit flipped (signed order is the unsigned order of the flipped keys), and
    /// flipped back: the uint sort measured faster than the int one by more than the two passes cost.
    /// </remarks>
    public static void Sort(Span<int> keys)
    {
        Span<uint> flipped = MemoryMarshal.Cast<int, uint>(keys);
        FlipTopBit(flipped);
        Sort<uint, KeysOnly>(flipped, default);
        FlipTopBit(flipped);
    }

    /// <summary>Sorts <paramref name="keys"/> ascending in unsigned order.</summary>
    public static void Sort(Span<uint> keys) => Sort<uint, KeysOnly>(keys, default);

    /// <summary>Sorts <paramref name="keys"/> ascending in signed order.</summary>
    public static void Sort(Span<long> keys) => Sort<long, KeysOnly>(keys, default);

    /// <summary>Sorts <paramref name="keys"/> ascending in unsigned order.</summary>
    public static void Sort(Span<ulong> keys) => Sort<ulong, KeysOnly>(keys, default);

    /// <summary>Sorts <paramref name="keys"/> ascending in signed order, each of <paramref name="values"/> moving with its key.</summary>
    /// <exception cref="ArgumentException">The spans' lengths differ.</exception>
    public static void Sort(Span<int> keys, Span<int> values) =>
        Sort<int, WithValues>(keys, Payloads<int, int>(keys, values));

    /// <summary>Sorts <paramref name="keys"/> ascending in unsigned order, each of <paramref name="values"/> moving with its key.</summary>
    /// <exception cref="ArgumentException">The spans' lengths differ.</exception>
    public static void Sort(Span<uint> keys, Span<int> values) =>
        Sort<uint, WithValues>(keys, Payloads<uint, int>(keys, values));

    /// <summary>Sorts <paramref name="keys"/> ascending in signed order, each of <paramref name="values"/> moving with its key.</summary>
    /// <exception cref="ArgumentException">The spans' lengths differ.</exception>
    public static void Sort(Span<long> keys, Span<long> values) =>
        Sort<long, WithValues>(keys, Payloads<long, long>(keys, values));

    /// <summary>Sorts <paramref name="keys"/> ascending in unsigned order, each of <paramref name="values"/> moving with its key.</summary>
    /// <exception cref="ArgumentException">The spans' lengths differ.</exception>
    public static void Sort(Span<ulong> keys, Span<long> values) =>
        Sort<ulong, WithValues>(keys, Payloads<ulong, long>(keys, values));

    /// <summary>Sorts <paramref name="keys"/> and moves each distinct key once to the front.</summary>
    /// <returns>How many distinct keys there are: they are <c>keys[..count]</c>, ascending; the rest is unspecified.</returns>
    public static int SortUnique(Span<uint> keys) => SortUnique<uint>(keys);

    /// <inheritdoc cref="SortUnique(Span{uint})"/>
    public static int SortUnique(Span<ulong> keys) => SortUnique<ulong>(keys);

    /// <inheritdoc cref="SortUnique(Span{uint})"/>
    public static int SortUnique(Span<int> keys) => SortUnique<int>(keys);

    /// <inheritdoc cref="SortUnique(Span{uint})"/>
    public static int SortUnique(Span<long> keys) => SortUnique<long>(keys);

    /// <summary>Flips the top bit of each key, a vector at a time, then the fewer than a vector left one by one (a flip twice is none: no overlapping last vector).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void FlipTopBit(Span<uint> keys)
    {
        // PERF: one loop at Vector<T>'s width (256 bits on x64, 128 on ARM64): a load, an XOR and a store per vector is
        // bound by the cache, not by the width (1M keys: see IntegerSortInt32Benchmarks).
        ref uint start = ref MemoryMarshal.GetReference(keys);
        nuint length = (nuint)keys.Length, i = 0;
        if (Vector.IsHardwareAccelerated)
        {
            Vector<uint> top = new(0x8000_0000u);
            for (; i + (nuint)Vector<uint>.Count <= length; i += (nuint)Vector<uint>.Count)
                (Vector.LoadUnsafe(ref start, i) ^ top).StoreUnsafe(ref start, i);
        }
        for (; i < length; i++)
            Unsafe.Add(ref start, i) ^= 0x8000_0000u;
    }

    /// <summary>The payloads as the keys' type: only their bits move.</summary>
    private static Span<TKey> Payloads<TKey, TValue>(Span<TKey> keys, Span<TValue> values)
        where TKey : unmanaged
        where TValue : unmanaged
    {
        if (keys.Length != values.Length)
            ThrowLengthsDiffer(keys.Length, values.Length);
        return MemoryMarshal.Cast<TValue, TKey>(values);
    }

    private static void ThrowLengthsDiffer(int keys, int values) =>
        throw new ArgumentException($"The values ({values}) must be as many as the keys ({keys}).", nameof(values));

    private static int SortUnique<T>(Span<T> keys) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        if (keys.Length < 2)
            return keys.Length;
        Sort<T, KeysOnly>(keys, default);
        // The dedupe pass has a vector form on AVX-512 only (a compress); elsewhere the branch-free scalar loop.
        fixed (T* k = keys)
            return SortAvx512.IsSupported ? (int)SortAvx512.Unique(k, keys.Length) : (int)IntroSort.Unique(k, 1, 1, keys.Length);
    }

    /// <summary>The one place a path is chosen: the widest this machine accelerates.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Sort<T, TPayload>(Span<T> keys, Span<T> values)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPayload : struct, IPayload
    {
        if (keys.Length < 2)
            return;
        fixed (T* k = keys)
        fixed (T* v = values)
        {
            if (SortAvx512.IsSupported)
                IntroSort.Sort<T, TPayload, SortAvx512>(k, v, keys.Length);
            else if (SortAvx2.IsSupported)
                IntroSort.Sort<T, TPayload, SortAvx2>(k, v, keys.Length);
            else if (SortVector128.IsSupported)
                IntroSort.Sort<T, TPayload, SortVector128>(k, v, keys.Length);
            else
                IntroSort.Sort<T, TPayload, SortScalar>(k, v, keys.Length);
        }
    }
}
