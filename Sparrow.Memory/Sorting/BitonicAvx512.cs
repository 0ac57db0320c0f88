using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// Bitonic sorting networks in AVX-512 registers for the short ranges of <see cref="SortAvx512"/>: up to four
/// vectors of keys (64 four-byte or 32 eight-byte keys), or two runs of four merged (<see cref="MergeEight"/>), loaded with masked loads (the lanes past the end read
/// as the type's largest key, so they sort last), sorted with lane permutations, min and max, and stored with
/// masked stores: nothing outside the range is read or written.
/// </summary>
/// <remarks>
/// A step compares each lane with its partner at lane distance <c>j</c> (lane index XOR j) and keeps the min or the
/// max: within a block of <c>k</c> lanes that is being sorted, blocks alternate ascending and descending (bitonic
/// sort); once sorted, two vectors merge by reversing one, a lane-wise min and max, and the half-cleaner steps.
/// </remarks>
internal static unsafe class BitonicAvx512
{
    /// <summary>Sorts the <paramref name="count"/> (at most 4 vectors) keys at <paramref name="keys"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void Sort<T>(T* keys, nint count) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        nint lanes = Vector512<T>.Count;
        Vector512<T> pad = Vector512.Create(T.MaxValue);
        if (count <= lanes)
        {
            Vector512<T> present = Present<T>(count);
            Vector512<T> a = SortVector(MaskLoad(keys, present, pad));
            MaskStore(keys, present, a);
        }
        else if (count <= 2 * lanes)
        {
            Vector512<T> present = Present<T>(count - lanes);
            Vector512<T> a = SortVector(Vector512.Load(keys));
            Vector512<T> b = SortVector(MaskLoad(keys + lanes, present, pad));
            Merge(ref a, ref b);
            a.Store(keys);
            MaskStore(keys + lanes, present, b);
        }
        else
        {
            Vector512<T> present = Present<T>(count - 3 * lanes);
            Vector512<T> a = SortVector(Vector512.Load(keys));
            Vector512<T> b = SortVector(Vector512.Load(keys + lanes));
            // PERF: between 2 and 3 vectors the third is partial and the fourth all padding: loads of lanes past
            // the end are masked off, so both stay inside the range.
            Vector512<T> third = Present<T>(count - 2 * lanes);
            Vector512<T> c = SortVector(MaskLoad(keys + 2 * lanes, third, pad));
            Vector512<T> d = SortVector(MaskLoad(keys + 3 * lanes, present, pad));
            Merge(ref a, ref b);
            Merge(ref c, ref d);
            // Merge the two sorted pairs: the second reversed as a whole, then lane-wise min and max.
            Vector512<T> reversedC = Reverse(d), reversedD = Reverse(c);
            Vector512<T> low1 = Vector512.Min(a, reversedC), high1 = Vector512.Max(a, reversedC);
            Vector512<T> low2 = Vector512.Min(b, reversedD), high2 = Vector512.Max(b, reversedD);
            a = HalfClean(Vector512.Min(low1, low2));
            b = HalfClean(Vector512.Max(low1, low2));
            c = HalfClean(Vector512.Min(high1, high2));
            d = HalfClean(Vector512.Max(high1, high2));
            a.Store(keys);
            b.Store(keys + lanes);
            MaskStore(keys + 2 * lanes, third, c);
            MaskStore(keys + 3 * lanes, present, d);
        }
    }

    /// <summary>
    /// Merges the <paramref name="count"/> (more than 4, at most 8 vectors) keys at <paramref name="keys"/>, whose
    /// first 4 vectors and the rest are each sorted (by <see cref="Sort"/>), into one sorted run.
    /// </summary>
    /// <remarks>
    /// The second run is reversed as a whole (its vectors in reverse order, each reversed), so the two make one
    /// bitonic sequence; lane-wise min and max of the matching vectors split it into two bitonic halves, the lower
    /// keys all in the first; each half is cleaned across vectors (distances 2 and 1 vectors), then within each.
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void MergeEight<T>(T* keys, nint count) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        nint lanes = Vector512<T>.Count;
        Vector512<T> pad = Vector512.Create(T.MaxValue);
        T* second = keys + 4 * lanes;
        Vector512<T> present5 = Present<T>(count - 4 * lanes), present6 = Present<T>(count - 5 * lanes);
        Vector512<T> present7 = Present<T>(count - 6 * lanes), present8 = Present<T>(count - 7 * lanes);
        Vector512<T> a = Vector512.Load(keys), b = Vector512.Load(keys + lanes);
        Vector512<T> c = Vector512.Load(keys + 2 * lanes), d = Vector512.Load(keys + 3 * lanes);
        // The second run reversed: its last vector first.
        Vector512<T> e = Reverse(MaskLoad(second + 3 * lanes, present8, pad)), f = Reverse(MaskLoad(second + 2 * lanes, present7, pad));
        Vector512<T> g = Reverse(MaskLoad(second + lanes, present6, pad)), h = Reverse(MaskLoad(second, present5, pad));
        ExchangeNetwork.Eight<Exchanger<T>, Vector512<T>>(ref a, ref b, ref c, ref d, ref e, ref f, ref g, ref h);
        HalfClean(a).Store(keys);
        HalfClean(b).Store(keys + lanes);
        HalfClean(c).Store(keys + 2 * lanes);
        HalfClean(d).Store(keys + 3 * lanes);
        MaskStore(second, present5, HalfClean(e));
        MaskStore(second + lanes, present6, HalfClean(f));
        MaskStore(second + 2 * lanes, present7, HalfClean(g));
        MaskStore(second + 3 * lanes, present8, HalfClean(h));
    }


    /// <summary>Lane by lane, the lower key to <paramref name="low"/> and the higher to <paramref name="high"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Exchange<T>(ref Vector512<T> low, ref Vector512<T> high) where T : unmanaged, IBinaryInteger<T>
    {
        Vector512<T> lower = Vector512.Min(low, high);
        high = Vector512.Max(low, high);
        low = lower;
    }

    /// <summary>Merges two sorted vectors into <paramref name="a"/> (the lower keys) and <paramref name="b"/>, both sorted.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Merge<T>(ref Vector512<T> a, ref Vector512<T> b) where T : unmanaged, IBinaryInteger<T>
    {
        Vector512<T> reversed = Reverse(b);
        Vector512<T> low = Vector512.Min(a, reversed);
        b = HalfClean(Vector512.Max(a, reversed));
        a = HalfClean(low);
    }

    /// <summary>The lanes below <paramref name="count"/> (clamped to 0..lanes).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<T> Present<T>(nint count) where T : unmanaged, IBinaryInteger<T> =>
        Vector512.LessThan(Vector512<T>.Indices, Vector512.Create(T.CreateTruncating(Math.Clamp(count, 0, Vector512<T>.Count))));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<T> MaskLoad<T>(T* address, Vector512<T> mask, Vector512<T> merge) where T : unmanaged =>
        sizeof(T) == sizeof(uint)
            ? Avx512F.MaskLoad((uint*)address, mask.AsUInt32(), merge.AsUInt32()).As<uint, T>()
            : Avx512F.MaskLoad((ulong*)address, mask.AsUInt64(), merge.AsUInt64()).As<ulong, T>();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MaskStore<T>(T* address, Vector512<T> mask, Vector512<T> value) where T : unmanaged
    {
        if (sizeof(T) == sizeof(uint))
            Avx512F.MaskStore((uint*)address, mask.AsUInt32(), value.AsUInt32());
        else
            Avx512F.MaskStore((ulong*)address, mask.AsUInt64(), value.AsUInt64());
    }

    /// <summary>One compare-exchange step: each lane against lane (index XOR partner), the min where <paramref name="takeMin"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<T> Step<T>(Vector512<T> v, Vector512<T> partner, Vector512<T> takeMin) where T : unmanaged, IBinaryInteger<T> =>
        Vector512.ConditionalSelect(takeMin, Vector512.Min(v, partner), Vector512.Max(v, partner));


    /// <summary>Sorts the lanes of one vector ascending (bitonic sort: log2(n)(log2(n)+1)/2 steps).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<T> SortVector<T>(Vector512<T> v) where T : unmanaged, IBinaryInteger<T>
    {
        if (sizeof(T) == sizeof(uint))
        {
            v = Step(v, Vector512.Shuffle(v.AsUInt32(), Vector512.Create(1u, 0u, 3u, 2u, 5u, 4u, 7u, 6u, 9u, 8u, 11u, 10u, 13u, 12u, 15u, 14u)).As<uint, T>(), Vector512.Create(~0u, 0u, 0u, ~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u, ~0u).As<uint, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt32(), Vector512.Create(2u, 3u, 0u, 1u, 6u, 7u, 4u, 5u, 10u, 11u, 8u, 9u, 14u, 15u, 12u, 13u)).As<uint, T>(), Vector512.Create(~0u, ~0u, 0u, 0u, 0u, 0u, ~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u, ~0u, ~0u).As<uint, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt32(), Vector512.Create(1u, 0u, 3u, 2u, 5u, 4u, 7u, 6u, 9u, 8u, 11u, 10u, 13u, 12u, 15u, 14u)).As<uint, T>(), Vector512.Create(~0u, 0u, ~0u, 0u, 0u, ~0u, 0u, ~0u, ~0u, 0u, ~0u, 0u, 0u, ~0u, 0u, ~0u).As<uint, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt32(), Vector512.Create(4u, 5u, 6u, 7u, 0u, 1u, 2u, 3u, 12u, 13u, 14u, 15u, 8u, 9u, 10u, 11u)).As<uint, T>(), Vector512.Create(~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, ~0u, ~0u, ~0u, ~0u).As<uint, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt32(), Vector512.Create(2u, 3u, 0u, 1u, 6u, 7u, 4u, 5u, 10u, 11u, 8u, 9u, 14u, 15u, 12u, 13u)).As<uint, T>(), Vector512.Create(~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u, 0u, 0u, ~0u, ~0u, 0u, 0u, ~0u, ~0u).As<uint, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt32(), Vector512.Create(1u, 0u, 3u, 2u, 5u, 4u, 7u, 6u, 9u, 8u, 11u, 10u, 13u, 12u, 15u, 14u)).As<uint, T>(), Vector512.Create(~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u).As<uint, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt32(), Vector512.Create(8u, 9u, 10u, 11u, 12u, 13u, 14u, 15u, 0u, 1u, 2u, 3u, 4u, 5u, 6u, 7u)).As<uint, T>(), Vector512.Create(~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u).As<uint, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt32(), Vector512.Create(4u, 5u, 6u, 7u, 0u, 1u, 2u, 3u, 12u, 13u, 14u, 15u, 8u, 9u, 10u, 11u)).As<uint, T>(), Vector512.Create(~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u, ~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u).As<uint, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt32(), Vector512.Create(2u, 3u, 0u, 1u, 6u, 7u, 4u, 5u, 10u, 11u, 8u, 9u, 14u, 15u, 12u, 13u)).As<uint, T>(), Vector512.Create(~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u).As<uint, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt32(), Vector512.Create(1u, 0u, 3u, 2u, 5u, 4u, 7u, 6u, 9u, 8u, 11u, 10u, 13u, 12u, 15u, 14u)).As<uint, T>(), Vector512.Create(~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u).As<uint, T>());
        }
        else
        {
            v = Step(v, Vector512.Shuffle(v.AsUInt64(), Vector512.Create(1ul, 0ul, 3ul, 2ul, 5ul, 4ul, 7ul, 6ul)).As<ulong, T>(), Vector512.Create(~0ul, 0ul, 0ul, ~0ul, ~0ul, 0ul, 0ul, ~0ul).As<ulong, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt64(), Vector512.Create(2ul, 3ul, 0ul, 1ul, 6ul, 7ul, 4ul, 5ul)).As<ulong, T>(), Vector512.Create(~0ul, ~0ul, 0ul, 0ul, 0ul, 0ul, ~0ul, ~0ul).As<ulong, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt64(), Vector512.Create(1ul, 0ul, 3ul, 2ul, 5ul, 4ul, 7ul, 6ul)).As<ulong, T>(), Vector512.Create(~0ul, 0ul, ~0ul, 0ul, 0ul, ~0ul, 0ul, ~0ul).As<ulong, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt64(), Vector512.Create(4ul, 5ul, 6ul, 7ul, 0ul, 1ul, 2ul, 3ul)).As<ulong, T>(), Vector512.Create(~0ul, ~0ul, ~0ul, ~0ul, 0ul, 0ul, 0ul, 0ul).As<ulong, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt64(), Vector512.Create(2ul, 3ul, 0ul, 1ul, 6ul, 7ul, 4ul, 5ul)).As<ulong, T>(), Vector512.Create(~0ul, ~0ul, 0ul, 0ul, ~0ul, ~0ul, 0ul, 0ul).As<ulong, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt64(), Vector512.Create(1ul, 0ul, 3ul, 2ul, 5ul, 4ul, 7ul, 6ul)).As<ulong, T>(), Vector512.Create(~0ul, 0ul, ~0ul, 0ul, ~0ul, 0ul, ~0ul, 0ul).As<ulong, T>());
        }
        return v;
    }

    /// <summary>Sorts a bitonic vector ascending (the half-cleaner steps at lane distances n/2 .. 1).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<T> HalfClean<T>(Vector512<T> v) where T : unmanaged, IBinaryInteger<T>
    {
        if (sizeof(T) == sizeof(uint))
        {
            v = Step(v, Vector512.Shuffle(v.AsUInt32(), Vector512.Create(8u, 9u, 10u, 11u, 12u, 13u, 14u, 15u, 0u, 1u, 2u, 3u, 4u, 5u, 6u, 7u)).As<uint, T>(), Vector512.Create(~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u).As<uint, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt32(), Vector512.Create(4u, 5u, 6u, 7u, 0u, 1u, 2u, 3u, 12u, 13u, 14u, 15u, 8u, 9u, 10u, 11u)).As<uint, T>(), Vector512.Create(~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u, ~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u).As<uint, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt32(), Vector512.Create(2u, 3u, 0u, 1u, 6u, 7u, 4u, 5u, 10u, 11u, 8u, 9u, 14u, 15u, 12u, 13u)).As<uint, T>(), Vector512.Create(~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u).As<uint, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt32(), Vector512.Create(1u, 0u, 3u, 2u, 5u, 4u, 7u, 6u, 9u, 8u, 11u, 10u, 13u, 12u, 15u, 14u)).As<uint, T>(), Vector512.Create(~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u).As<uint, T>());
        }
        else
        {
            v = Step(v, Vector512.Shuffle(v.AsUInt64(), Vector512.Create(4ul, 5ul, 6ul, 7ul, 0ul, 1ul, 2ul, 3ul)).As<ulong, T>(), Vector512.Create(~0ul, ~0ul, ~0ul, ~0ul, 0ul, 0ul, 0ul, 0ul).As<ulong, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt64(), Vector512.Create(2ul, 3ul, 0ul, 1ul, 6ul, 7ul, 4ul, 5ul)).As<ulong, T>(), Vector512.Create(~0ul, ~0ul, 0ul, 0ul, ~0ul, ~0ul, 0ul, 0ul).As<ulong, T>());
            v = Step(v, Vector512.Shuffle(v.AsUInt64(), Vector512.Create(1ul, 0ul, 3ul, 2ul, 5ul, 4ul, 7ul, 6ul)).As<ulong, T>(), Vector512.Create(~0ul, 0ul, ~0ul, 0ul, ~0ul, 0ul, ~0ul, 0ul).As<ulong, T>());
        }
        return v;
    }

    /// <summary>The lanes in reverse order.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<T> Reverse<T>(Vector512<T> v) where T : unmanaged =>
        sizeof(T) == sizeof(uint)
            ? Vector512.Shuffle(v.AsUInt32(), Vector512.Create(15u, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)).As<uint, T>()
            : Vector512.Shuffle(v.AsUInt64(), Vector512.Create(7ul, 6, 5, 4, 3, 2, 1, 0)).As<ulong, T>();

    /// <summary>This path's <see cref="Exchange{T}(ref Vector512{T}, ref Vector512{T})"/> for <see cref="ExchangeNetwork"/>.</summary>
    private readonly struct Exchanger<T> : IVectorExchange<Vector512<T>> where T : unmanaged, IBinaryInteger<T>
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Exchange(ref Vector512<T> low, ref Vector512<T> high) => BitonicAvx512.Exchange<T>(ref low, ref high);
    }
}
