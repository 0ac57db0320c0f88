using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// <see cref="BitonicAvx512"/> in AVX2 registers for the short ranges of <see cref="SortAvx2"/>: up to four
/// vectors of keys (32 four-byte or 16 eight-byte keys), or two runs of four merged (<see cref="MergeEight"/>), loaded with VPMASKMOV (masked-off lanes are not read, and
/// read here as the type's largest key, so they sort last), sorted with lane permutations, min and max, and stored
/// with VPMASKMOV: nothing outside the range is read or written.
/// </summary>
/// <remarks>
/// A step compares each lane with its partner at lane distance <c>j</c> (lane index XOR j) and keeps the min or the
/// max: within a block of <c>k</c> lanes that is being sorted, blocks alternate ascending and descending (bitonic
/// sort); once sorted, two vectors merge by reversing one, a lane-wise min and max, and the half-cleaner steps.
/// </remarks>
internal static unsafe class BitonicAvx2
{
    /// <summary>Sorts the <paramref name="count"/> (at most 4 vectors) keys at <paramref name="keys"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void Sort<T>(T* keys, nint count) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        nint lanes = Vector256<T>.Count;
        Vector256<T> pad = Vector256.Create(T.MaxValue);
        if (count <= lanes)
        {
            Vector256<T> present = Present<T>(count);
            Vector256<T> a = SortVector(Signed(MaskLoad(keys, present, pad)));
            MaskStore(keys, present, Signed(a));
        }
        else if (count <= 2 * lanes)
        {
            Vector256<T> present = Present<T>(count - lanes);
            Vector256<T> a = SortVector(Signed(Vector256.Load(keys)));
            Vector256<T> b = SortVector(Signed(MaskLoad(keys + lanes, present, pad)));
            Merge(ref a, ref b);
            Signed(a).Store(keys);
            MaskStore(keys + lanes, present, Signed(b));
        }
        else
        {
            Vector256<T> present = Present<T>(count - 3 * lanes);
            Vector256<T> a = SortVector(Signed(Vector256.Load(keys)));
            Vector256<T> b = SortVector(Signed(Vector256.Load(keys + lanes)));
            // PERF: between 2 and 3 vectors the third is partial and the fourth all padding: loads of lanes past
            // the end are masked off, so both stay inside the range.
            Vector256<T> third = Present<T>(count - 2 * lanes);
            Vector256<T> c = SortVector(Signed(MaskLoad(keys + 2 * lanes, third, pad)));
            Vector256<T> d = SortVector(Signed(MaskLoad(keys + 3 * lanes, present, pad)));
            Merge(ref a, ref b);
            Merge(ref c, ref d);
            // Merge the two sorted pairs: the second reversed as a whole, then lane-wise min and max.
            Vector256<T> reversedC = Reverse(d), reversedD = Reverse(c);
            Exchange(ref a, ref reversedC);
            Exchange(ref b, ref reversedD);
            Exchange(ref a, ref b);
            Exchange(ref reversedC, ref reversedD);
            Signed(HalfClean(a)).Store(keys);
            Signed(HalfClean(b)).Store(keys + lanes);
            MaskStore(keys + 2 * lanes, third, Signed(HalfClean(reversedC)));
            MaskStore(keys + 3 * lanes, present, Signed(HalfClean(reversedD)));
        }
    }

    /// <summary>
    /// Merges the <paramref name="count"/> (more than 4, at most 8 vectors) keys at <paramref name="keys"/>, whose
    /// first 4 vectors and the rest are each sorted (by <see cref="Sort"/>), into one sorted run, as
    /// <see cref="BitonicAvx512.MergeEight"/> does.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void MergeEight<T>(T* keys, nint count) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        nint lanes = Vector256<T>.Count;
        Vector256<T> pad = Vector256.Create(T.MaxValue);
        T* second = keys + 4 * lanes;
        Vector256<T> present5 = Present<T>(count - 4 * lanes), present6 = Present<T>(count - 5 * lanes);
        Vector256<T> present7 = Present<T>(count - 6 * lanes), present8 = Present<T>(count - 7 * lanes);
        Vector256<T> a = Signed(Vector256.Load(keys)), b = Signed(Vector256.Load(keys + lanes));
        Vector256<T> c = Signed(Vector256.Load(keys + 2 * lanes)), d = Signed(Vector256.Load(keys + 3 * lanes));
        // The second run reversed: its last vector first.
        Vector256<T> e = Reverse(Signed(MaskLoad(second + 3 * lanes, present8, pad)));
        Vector256<T> f = Reverse(Signed(MaskLoad(second + 2 * lanes, present7, pad)));
        Vector256<T> g = Reverse(Signed(MaskLoad(second + lanes, present6, pad)));
        Vector256<T> h = Reverse(Signed(MaskLoad(second, present5, pad)));
        ExchangeNetwork.Eight<Exchanger<T>, Vector256<T>>(ref a, ref b, ref c, ref d, ref e, ref f, ref g, ref h);
        Signed(HalfClean(a)).Store(keys);
        Signed(HalfClean(b)).Store(keys + lanes);
        Signed(HalfClean(c)).Store(keys + 2 * lanes);
        Signed(HalfClean(d)).Store(keys + 3 * lanes);
        MaskStore(second, present5, Signed(HalfClean(e)));
        MaskStore(second + lanes, present6, Signed(HalfClean(f)));
        MaskStore(second + 2 * lanes, present7, Signed(HalfClean(g)));
        MaskStore(second + 3 * lanes, present8, Signed(HalfClean(h)));
    }

    /// <summary>Merges two sorted vectors into <paramref name="a"/> (the lower keys) and <paramref name="b"/>, both sorted.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Merge<T>(ref Vector256<T> a, ref Vector256<T> b) where T : unmanaged, IBinaryInteger<T>
    {
        b = Reverse(b);
        Exchange(ref a, ref b);
        a = HalfClean(a);
        b = HalfClean(b);
    }

    /// <summary>
    /// 8-byte unsigned keys with their top bit flipped (both ways), so that they compare as signed: the network
    /// sorts 8-byte keys in signed order.
    /// </summary>
    /// <remarks>
    /// PERF: AVX2 compares 64-bit lanes only signed (VPCMPGTQ); an unsigned compare flips both operands first, and
    /// min and max compare twice. Flipped once at the load and once at the store, a step is one compare and a blend.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<T> Signed<T>(Vector256<T> v) where T : unmanaged =>
        typeof(T) == typeof(ulong) ? (v.AsUInt64() ^ Vector256.Create(1ul << 63)).As<ulong, T>() : v;


    /// <summary>Lane by lane, the lower key to <paramref name="low"/> and the higher to <paramref name="high"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Exchange<T>(ref Vector256<T> low, ref Vector256<T> high) where T : unmanaged, IBinaryInteger<T>
    {
        if (sizeof(T) == sizeof(long))
        {
            Vector256<T> greater = Vector256.GreaterThan(low.AsInt64(), high.AsInt64()).As<long, T>();
            Vector256<T> lower = Vector256.ConditionalSelect(greater, high, low);
            high = Vector256.ConditionalSelect(greater, low, high);
            low = lower;
        }
        else
        {
            Vector256<T> lower = Vector256.Min(low, high);
            high = Vector256.Max(low, high);
            low = lower;
        }
    }

    /// <summary>The lanes below <paramref name="count"/> (clamped to 0..lanes).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<T> Present<T>(nint count) where T : unmanaged, IBinaryInteger<T> =>
        Vector256.LessThan(Vector256<T>.Indices, Vector256.Create(T.CreateTruncating(Math.Clamp(count, 0, Vector256<T>.Count))));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<T> MaskLoad<T>(T* address, Vector256<T> mask, Vector256<T> merge) where T : unmanaged =>
        Vector256.ConditionalSelect(mask, sizeof(T) == sizeof(uint)
            ? Avx2.MaskLoad((uint*)address, mask.AsUInt32()).As<uint, T>()
            : Avx2.MaskLoad((ulong*)address, mask.AsUInt64()).As<ulong, T>(), merge);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MaskStore<T>(T* address, Vector256<T> mask, Vector256<T> value) where T : unmanaged
    {
        if (sizeof(T) == sizeof(uint))
            Avx2.MaskStore((uint*)address, mask.AsUInt32(), value.AsUInt32());
        else
            Avx2.MaskStore((ulong*)address, mask.AsUInt64(), value.AsUInt64());
    }

    /// <summary>One compare-exchange step: each lane against lane (index XOR partner), the min where <paramref name="takeMin"/>.</summary>
    /// <remarks>
    /// PERF: 8-byte keys (signed, see <see cref="Signed"/>) take one compare: a lane keeps its key where it holds
    /// the greater and wants the min, or the lesser and wants the max, else takes its partner's.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<T> Step<T>(Vector256<T> v, Vector256<T> partner, Vector256<T> takeMin) where T : unmanaged, IBinaryInteger<T> =>
        sizeof(T) == sizeof(long)
            ? Vector256.ConditionalSelect(Vector256.GreaterThan(v.AsInt64(), partner.AsInt64()).As<long, T>() ^ takeMin, v, partner)
            : Vector256.ConditionalSelect(takeMin, Vector256.Min(v, partner), Vector256.Max(v, partner));

    /// <summary>Sorts the lanes of one vector ascending (bitonic sort: log2(n)(log2(n)+1)/2 steps).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<T> SortVector<T>(Vector256<T> v) where T : unmanaged, IBinaryInteger<T>
    {
        if (sizeof(T) == sizeof(uint))
        {
            v = Step(v, Vector256.Shuffle(v.AsUInt32(), Vector256.Create(1u, 0u, 3u, 2u, 5u, 4u, 7u, 6u)).As<uint, T>(), Vector256.Create(~0u, 0u, 0u, ~0u, ~0u, 0u, 0u, ~0u).As<uint, T>());
            v = Step(v, Vector256.Shuffle(v.AsUInt32(), Vector256.Create(2u, 3u, 0u, 1u, 6u, 7u, 4u, 5u)).As<uint, T>(), Vector256.Create(~0u, ~0u, 0u, 0u, 0u, 0u, ~0u, ~0u).As<uint, T>());
            v = Step(v, Vector256.Shuffle(v.AsUInt32(), Vector256.Create(1u, 0u, 3u, 2u, 5u, 4u, 7u, 6u)).As<uint, T>(), Vector256.Create(~0u, 0u, ~0u, 0u, 0u, ~0u, 0u, ~0u).As<uint, T>());
            v = Step(v, Vector256.Shuffle(v.AsUInt32(), Vector256.Create(4u, 5u, 6u, 7u, 0u, 1u, 2u, 3u)).As<uint, T>(), Vector256.Create(~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u).As<uint, T>());
            v = Step(v, Vector256.Shuffle(v.AsUInt32(), Vector256.Create(2u, 3u, 0u, 1u, 6u, 7u, 4u, 5u)).As<uint, T>(), Vector256.Create(~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u).As<uint, T>());
            v = Step(v, Vector256.Shuffle(v.AsUInt32(), Vector256.Create(1u, 0u, 3u, 2u, 5u, 4u, 7u, 6u)).As<uint, T>(), Vector256.Create(~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u).As<uint, T>());
        }
        else
        {
            v = Step(v, Vector256.Shuffle(v.AsUInt64(), Vector256.Create(1ul, 0ul, 3ul, 2ul)).As<ulong, T>(), Vector256.Create(~0ul, 0ul, 0ul, ~0ul).As<ulong, T>());
            v = Step(v, Vector256.Shuffle(v.AsUInt64(), Vector256.Create(2ul, 3ul, 0ul, 1ul)).As<ulong, T>(), Vector256.Create(~0ul, ~0ul, 0ul, 0ul).As<ulong, T>());
            v = Step(v, Vector256.Shuffle(v.AsUInt64(), Vector256.Create(1ul, 0ul, 3ul, 2ul)).As<ulong, T>(), Vector256.Create(~0ul, 0ul, ~0ul, 0ul).As<ulong, T>());
        }
        return v;
    }

    /// <summary>Sorts a bitonic vector ascending (the half-cleaner steps at lane distances n/2 .. 1).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<T> HalfClean<T>(Vector256<T> v) where T : unmanaged, IBinaryInteger<T>
    {
        if (sizeof(T) == sizeof(uint))
        {
            v = Step(v, Vector256.Shuffle(v.AsUInt32(), Vector256.Create(4u, 5u, 6u, 7u, 0u, 1u, 2u, 3u)).As<uint, T>(), Vector256.Create(~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u).As<uint, T>());
            v = Step(v, Vector256.Shuffle(v.AsUInt32(), Vector256.Create(2u, 3u, 0u, 1u, 6u, 7u, 4u, 5u)).As<uint, T>(), Vector256.Create(~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u).As<uint, T>());
            v = Step(v, Vector256.Shuffle(v.AsUInt32(), Vector256.Create(1u, 0u, 3u, 2u, 5u, 4u, 7u, 6u)).As<uint, T>(), Vector256.Create(~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u).As<uint, T>());
        }
        else
        {
            v = Step(v, Vector256.Shuffle(v.AsUInt64(), Vector256.Create(2ul, 3ul, 0ul, 1ul)).As<ulong, T>(), Vector256.Create(~0ul, ~0ul, 0ul, 0ul).As<ulong, T>());
            v = Step(v, Vector256.Shuffle(v.AsUInt64(), Vector256.Create(1ul, 0ul, 3ul, 2ul)).As<ulong, T>(), Vector256.Create(~0ul, 0ul, ~0ul, 0ul).As<ulong, T>());
        }
        return v;
    }

    /// <summary>The lanes in reverse order.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<T> Reverse<T>(Vector256<T> v) where T : unmanaged =>
        sizeof(T) == sizeof(uint)
            ? Vector256.Shuffle(v.AsUInt32(), Vector256.Create(7u, 6, 5, 4, 3, 2, 1, 0)).As<uint, T>()
            : Vector256.Shuffle(v.AsUInt64(), Vector256.Create(3ul, 2, 1, 0)).As<ulong, T>();

    /// <summary>This path's <see cref="Exchange{T}(ref Vector256{T}, ref Vector256{T})"/> for <see cref="ExchangeNetwork"/>.</summary>
    private readonly struct Exchanger<T> : IVectorExchange<Vector256<T>> where T : unmanaged, IBinaryInteger<T>
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Exchange(ref Vector256<T> low, ref Vector256<T> high) => BitonicAvx2.Exchange<T>(ref low, ref high);
    }
}
