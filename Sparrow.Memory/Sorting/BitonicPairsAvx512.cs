using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// <see cref="BitonicAvx512"/> for keys with payloads: up to eight vectors of keys (128 four-byte or 64 eight-byte)
/// and their payloads, each payload going where its key goes. A step takes the lower or the higher of each lane's
/// key and its partner's, and the partner's payload where the key changed; equal keys stay, so both lanes of a
/// pair agree.
/// </summary>
internal static unsafe class BitonicPairsAvx512
{
    /// <summary>
    /// Sorts the <paramref name="count"/> (at most 8 vectors) keys at <paramref name="keys"/>, each payload of
    /// <paramref name="values"/> with its key; false when a key is the type's largest (padding lanes past the end
    /// hold it, and one could take a payload's place among equal keys): the keys and payloads are then still
    /// pairs, in another order.
    /// </summary>
    /// <remarks>
    /// PERF: the whole 4-vector network in one method is past the JIT's inline budget (it called its steps, and
    /// passed the vectors through the stack): two 2-vector sorts and a merge, each a method of its own, keep every
    /// step in registers for a round trip through L1 between them. Past 4 vectors, two such sorts and a merge of
    /// their runs (<see cref="MergeEight"/>).
    /// </remarks>
    public static bool Sort<T>(T* keys, T* values, nint count) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        nint half = 2 * Vector512<T>.Count;
        if (count <= half)
            return SortTwo(keys, values, count);
        if (count > 2 * half)
        {
            if (!Sort(keys, values, 2 * half) || !Sort(keys + 2 * half, values + 2 * half, count - 2 * half))
                return false;
            MergeEight(keys, values, count);
            return true;
        }
        if (!SortTwo(keys, values, half) || !SortTwo(keys + half, values + half, count - half))
            return false;
        MergeFour(keys, values, count);
        return true;
    }

    /// <summary>Sorts the <paramref name="count"/> (at most 2 vectors) keys and their payloads; false, touching nothing, when a key is the type's largest.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static bool SortTwo<T>(T* keys, T* values, nint count) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        nint lanes = Vector512<T>.Count;
        Vector512<T> pad = Vector512.Create(T.MaxValue);
        Vector512<T> first = Present<T>(count), second = Present<T>(count - lanes);
        Vector512<T> a = MaskLoad(keys, first, pad), b = MaskLoad(keys + lanes, second, pad);
        if (((Vector512.Equals(a, pad) & first) | (Vector512.Equals(b, pad) & second)) != Vector512<T>.Zero)
            return false;
        Lanes<T> x = SortVector<T>(new(a, MaskLoad(values, first, default)));
        if (count > lanes)
        {
            Lanes<T> y = SortVector<T>(new(b, MaskLoad(values + lanes, second, default)));
            Merge(ref x, ref y);
            MaskStore(keys + lanes, second, y.Keys);
            MaskStore(values + lanes, second, y.Values);
        }
        MaskStore(keys, first, x.Keys);
        MaskStore(values, first, x.Values);
        return true;
    }

    /// <summary>
    /// Merges the <paramref name="count"/> (more than 4, at most 8 vectors) keys and their payloads, whose first 4
    /// vectors and the rest are each sorted (by <see cref="Sort"/>, so no key is the type's largest), into one
    /// sorted run, as <see cref="BitonicAvx512.MergeEight"/> does.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void MergeEight<T>(T* keys, T* values, nint count) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        nint lanes = Vector512<T>.Count;
        Vector512<T> pad = Vector512.Create(T.MaxValue);
        T* secondKeys = keys + 4 * lanes, secondValues = values + 4 * lanes;
        Vector512<T> present5 = Present<T>(count - 4 * lanes), present6 = Present<T>(count - 5 * lanes);
        Vector512<T> present7 = Present<T>(count - 6 * lanes), present8 = Present<T>(count - 7 * lanes);
        Lanes<T> a = new(Vector512.Load(keys), Vector512.Load(values));
        Lanes<T> b = new(Vector512.Load(keys + lanes), Vector512.Load(values + lanes));
        Lanes<T> c = new(Vector512.Load(keys + 2 * lanes), Vector512.Load(values + 2 * lanes));
        Lanes<T> d = new(Vector512.Load(keys + 3 * lanes), Vector512.Load(values + 3 * lanes));
        // The second run reversed: its last vector first.
        Lanes<T> e = Reverse(new Lanes<T>(MaskLoad(secondKeys + 3 * lanes, present8, pad), MaskLoad(secondValues + 3 * lanes, present8, default)));
        Lanes<T> f = Reverse(new Lanes<T>(MaskLoad(secondKeys + 2 * lanes, present7, pad), MaskLoad(secondValues + 2 * lanes, present7, default)));
        Lanes<T> g = Reverse(new Lanes<T>(MaskLoad(secondKeys + lanes, present6, pad), MaskLoad(secondValues + lanes, present6, default)));
        Lanes<T> h = Reverse(new Lanes<T>(MaskLoad(secondKeys, present5, pad), MaskLoad(secondValues, present5, default)));
        ExchangeNetwork.Eight<Exchanger<T>, Lanes<T>>(ref a, ref b, ref c, ref d, ref e, ref f, ref g, ref h);
        a = HalfClean(a);
        b = HalfClean(b);
        c = HalfClean(c);
        d = HalfClean(d);
        e = HalfClean(e);
        f = HalfClean(f);
        g = HalfClean(g);
        h = HalfClean(h);
        a.Keys.Store(keys);
        a.Values.Store(values);
        b.Keys.Store(keys + lanes);
        b.Values.Store(values + lanes);
        c.Keys.Store(keys + 2 * lanes);
        c.Values.Store(values + 2 * lanes);
        d.Keys.Store(keys + 3 * lanes);
        d.Values.Store(values + 3 * lanes);
        MaskStore(secondKeys, present5, e.Keys);
        MaskStore(secondValues, present5, e.Values);
        MaskStore(secondKeys + lanes, present6, f.Keys);
        MaskStore(secondValues + lanes, present6, f.Values);
        MaskStore(secondKeys + 2 * lanes, present7, g.Keys);
        MaskStore(secondValues + 2 * lanes, present7, g.Values);
        MaskStore(secondKeys + 3 * lanes, present8, h.Keys);
        MaskStore(secondValues + 3 * lanes, present8, h.Values);
    }

    /// <summary>
    /// Merges the sorted first 2 vectors at <paramref name="keys"/> with the sorted rest of the
    /// <paramref name="count"/> (more than 2, at most 4 vectors) keys, payloads with them; no key is the type's largest.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void MergeFour<T>(T* keys, T* values, nint count) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        nint lanes = Vector512<T>.Count;
        Vector512<T> pad = Vector512.Create(T.MaxValue);
        // PERF: between 2 and 3 vectors the third is partial and the fourth all padding: loads of lanes past the
        // end are masked off, so both stay inside the range.
        Vector512<T> third = Present<T>(count - 2 * lanes), fourth = Present<T>(count - 3 * lanes);
        Lanes<T> x0 = new(Vector512.Load(keys), Vector512.Load(values));
        Lanes<T> x1 = new(Vector512.Load(keys + lanes), Vector512.Load(values + lanes));
        // The second run reversed as a whole (its padding first), a lane-wise exchange with the first, then the
        // exchange at one vector's distance and the half-cleaner steps of each vector.
        Lanes<T> y1 = Reverse(new Lanes<T>(MaskLoad(keys + 2 * lanes, third, pad), MaskLoad(values + 2 * lanes, third, default)));
        Lanes<T> y0 = Reverse(new Lanes<T>(MaskLoad(keys + 3 * lanes, fourth, pad), MaskLoad(values + 3 * lanes, fourth, default)));
        Exchange(ref x0, ref y0);
        Exchange(ref x1, ref y1);
        Exchange(ref x0, ref x1);
        Exchange(ref y0, ref y1);
        x0 = HalfClean(x0);
        x1 = HalfClean(x1);
        y0 = HalfClean(y0);
        y1 = HalfClean(y1);
        x0.Keys.Store(keys);
        x0.Values.Store(values);
        x1.Keys.Store(keys + lanes);
        x1.Values.Store(values + lanes);
        MaskStore(keys + 2 * lanes, third, y0.Keys);
        MaskStore(values + 2 * lanes, third, y0.Values);
        MaskStore(keys + 3 * lanes, fourth, y1.Keys);
        MaskStore(values + 3 * lanes, fourth, y1.Values);
    }

    /// <summary>Merges two sorted vectors into <paramref name="x"/> (the lower keys) and <paramref name="y"/>, both sorted.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Merge<T>(ref Lanes<T> x, ref Lanes<T> y) where T : unmanaged, IBinaryInteger<T>
    {
        y = Reverse(y);
        Exchange(ref x, ref y);
        x = HalfClean(x);
        y = HalfClean(y);
    }


    /// <summary>Lane by lane, the lower key and its payload to <paramref name="low"/>, the higher to <paramref name="high"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Exchange<T>(ref Lanes<T> low, ref Lanes<T> high) where T : unmanaged, IBinaryInteger<T>
    {
        Vector512<T> lowKeys = Vector512.Min(low.Keys, high.Keys);
        Vector512<T> stay = Vector512.Equals(lowKeys, low.Keys);
        Lanes<T> lower = new(lowKeys, Vector512.ConditionalSelect(stay, low.Values, high.Values));
        high = new(Vector512.Max(low.Keys, high.Keys), Vector512.ConditionalSelect(stay, high.Values, low.Values));
        low = lower;
    }

    /// <summary>A vector of keys and the vector of their payloads.</summary>
    private readonly struct Lanes<T>(Vector512<T> keys, Vector512<T> values)
    {
        public readonly Vector512<T> Keys = keys;
        public readonly Vector512<T> Values = values;
    }

    /// <summary>
    /// One compare-exchange step: each lane against lane (index XOR j), the partner's lanes given by constant
    /// <paramref name="indices"/>; the lower key where <paramref name="takeLow"/>, else the higher.
    /// </summary>
    /// <remarks>
    /// PERF: min and max choose the keys (VPMINUQ/VPMAXUQ, a cycle each) and one compare of the chosen keys with
    /// the old says which lanes take their partner's payload: equal keys keep theirs, so both lanes of a pair agree.
    /// A compare of each direction and the masks combined cost twice the instructions on the critical path.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Lanes<T> Step<T>(Lanes<T> x, Vector512<T> indices, Vector512<T> takeLow) where T : unmanaged, IBinaryInteger<T>
    {
        Vector512<T> partner = Permute(x.Keys, indices);
        Vector512<T> keys = Vector512.ConditionalSelect(takeLow, Vector512.Min(x.Keys, partner), Vector512.Max(x.Keys, partner));
        return new(keys, Vector512.ConditionalSelect(Vector512.Equals(keys, x.Keys), x.Values, Permute(x.Values, indices)));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<T> Permute<T>(Vector512<T> v, Vector512<T> indices) where T : unmanaged =>
        sizeof(T) == sizeof(uint)
            ? Vector512.Shuffle(v.AsUInt32(), indices.AsUInt32()).As<uint, T>()
            : Vector512.Shuffle(v.AsUInt64(), indices.AsUInt64()).As<ulong, T>();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Lanes<T> Reverse<T>(Lanes<T> x) where T : unmanaged =>
        sizeof(T) == sizeof(uint)
            ? new(Permute(x.Keys, Vector512.Create(15u, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0).As<uint, T>()),
                Permute(x.Values, Vector512.Create(15u, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0).As<uint, T>()))
            : new(Permute(x.Keys, Vector512.Create(7ul, 6, 5, 4, 3, 2, 1, 0).As<ulong, T>()),
                Permute(x.Values, Vector512.Create(7ul, 6, 5, 4, 3, 2, 1, 0).As<ulong, T>()));

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

    /// <summary>Sorts the lanes of one vector ascending (bitonic sort).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Lanes<T> SortVector<T>(Lanes<T> x) where T : unmanaged, IBinaryInteger<T>
    {
        if (sizeof(T) == sizeof(uint))
        {
            x = Step(x, Vector512.Create(1u, 0u, 3u, 2u, 5u, 4u, 7u, 6u, 9u, 8u, 11u, 10u, 13u, 12u, 15u, 14u).As<uint, T>(),
                Vector512.Create(~0u, 0u, 0u, ~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u, ~0u).As<uint, T>());
            x = Step(x, Vector512.Create(2u, 3u, 0u, 1u, 6u, 7u, 4u, 5u, 10u, 11u, 8u, 9u, 14u, 15u, 12u, 13u).As<uint, T>(),
                Vector512.Create(~0u, ~0u, 0u, 0u, 0u, 0u, ~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u, ~0u, ~0u).As<uint, T>());
            x = Step(x, Vector512.Create(1u, 0u, 3u, 2u, 5u, 4u, 7u, 6u, 9u, 8u, 11u, 10u, 13u, 12u, 15u, 14u).As<uint, T>(),
                Vector512.Create(~0u, 0u, ~0u, 0u, 0u, ~0u, 0u, ~0u, ~0u, 0u, ~0u, 0u, 0u, ~0u, 0u, ~0u).As<uint, T>());
            x = Step(x, Vector512.Create(4u, 5u, 6u, 7u, 0u, 1u, 2u, 3u, 12u, 13u, 14u, 15u, 8u, 9u, 10u, 11u).As<uint, T>(),
                Vector512.Create(~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, ~0u, ~0u, ~0u, ~0u).As<uint, T>());
            x = Step(x, Vector512.Create(2u, 3u, 0u, 1u, 6u, 7u, 4u, 5u, 10u, 11u, 8u, 9u, 14u, 15u, 12u, 13u).As<uint, T>(),
                Vector512.Create(~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u, 0u, 0u, ~0u, ~0u, 0u, 0u, ~0u, ~0u).As<uint, T>());
            x = Step(x, Vector512.Create(1u, 0u, 3u, 2u, 5u, 4u, 7u, 6u, 9u, 8u, 11u, 10u, 13u, 12u, 15u, 14u).As<uint, T>(),
                Vector512.Create(~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u).As<uint, T>());
            x = Step(x, Vector512.Create(8u, 9u, 10u, 11u, 12u, 13u, 14u, 15u, 0u, 1u, 2u, 3u, 4u, 5u, 6u, 7u).As<uint, T>(),
                Vector512.Create(~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u).As<uint, T>());
            x = Step(x, Vector512.Create(4u, 5u, 6u, 7u, 0u, 1u, 2u, 3u, 12u, 13u, 14u, 15u, 8u, 9u, 10u, 11u).As<uint, T>(),
                Vector512.Create(~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u, ~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u).As<uint, T>());
            x = Step(x, Vector512.Create(2u, 3u, 0u, 1u, 6u, 7u, 4u, 5u, 10u, 11u, 8u, 9u, 14u, 15u, 12u, 13u).As<uint, T>(),
                Vector512.Create(~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u).As<uint, T>());
            x = Step(x, Vector512.Create(1u, 0u, 3u, 2u, 5u, 4u, 7u, 6u, 9u, 8u, 11u, 10u, 13u, 12u, 15u, 14u).As<uint, T>(),
                Vector512.Create(~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u).As<uint, T>());
        }
        else
        {
            x = Step(x, Vector512.Create(1ul, 0ul, 3ul, 2ul, 5ul, 4ul, 7ul, 6ul).As<ulong, T>(),
                Vector512.Create(~0ul, 0ul, 0ul, ~0ul, ~0ul, 0ul, 0ul, ~0ul).As<ulong, T>());
            x = Step(x, Vector512.Create(2ul, 3ul, 0ul, 1ul, 6ul, 7ul, 4ul, 5ul).As<ulong, T>(),
                Vector512.Create(~0ul, ~0ul, 0ul, 0ul, 0ul, 0ul, ~0ul, ~0ul).As<ulong, T>());
            x = Step(x, Vector512.Create(1ul, 0ul, 3ul, 2ul, 5ul, 4ul, 7ul, 6ul).As<ulong, T>(),
                Vector512.Create(~0ul, 0ul, ~0ul, 0ul, 0ul, ~0ul, 0ul, ~0ul).As<ulong, T>());
            x = Step(x, Vector512.Create(4ul, 5ul, 6ul, 7ul, 0ul, 1ul, 2ul, 3ul).As<ulong, T>(),
                Vector512.Create(~0ul, ~0ul, ~0ul, ~0ul, 0ul, 0ul, 0ul, 0ul).As<ulong, T>());
            x = Step(x, Vector512.Create(2ul, 3ul, 0ul, 1ul, 6ul, 7ul, 4ul, 5ul).As<ulong, T>(),
                Vector512.Create(~0ul, ~0ul, 0ul, 0ul, ~0ul, ~0ul, 0ul, 0ul).As<ulong, T>());
            x = Step(x, Vector512.Create(1ul, 0ul, 3ul, 2ul, 5ul, 4ul, 7ul, 6ul).As<ulong, T>(),
                Vector512.Create(~0ul, 0ul, ~0ul, 0ul, ~0ul, 0ul, ~0ul, 0ul).As<ulong, T>());
        }
        return x;
    }

    /// <summary>Sorts a bitonic vector ascending (the half-cleaner steps at lane distances n/2 .. 1).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Lanes<T> HalfClean<T>(Lanes<T> x) where T : unmanaged, IBinaryInteger<T>
    {
        if (sizeof(T) == sizeof(uint))
        {
            x = Step(x, Vector512.Create(8u, 9u, 10u, 11u, 12u, 13u, 14u, 15u, 0u, 1u, 2u, 3u, 4u, 5u, 6u, 7u).As<uint, T>(),
                Vector512.Create(~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u).As<uint, T>());
            x = Step(x, Vector512.Create(4u, 5u, 6u, 7u, 0u, 1u, 2u, 3u, 12u, 13u, 14u, 15u, 8u, 9u, 10u, 11u).As<uint, T>(),
                Vector512.Create(~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u, ~0u, ~0u, ~0u, ~0u, 0u, 0u, 0u, 0u).As<uint, T>());
            x = Step(x, Vector512.Create(2u, 3u, 0u, 1u, 6u, 7u, 4u, 5u, 10u, 11u, 8u, 9u, 14u, 15u, 12u, 13u).As<uint, T>(),
                Vector512.Create(~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u, ~0u, ~0u, 0u, 0u).As<uint, T>());
            x = Step(x, Vector512.Create(1u, 0u, 3u, 2u, 5u, 4u, 7u, 6u, 9u, 8u, 11u, 10u, 13u, 12u, 15u, 14u).As<uint, T>(),
                Vector512.Create(~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u, ~0u, 0u).As<uint, T>());
        }
        else
        {
            x = Step(x, Vector512.Create(4ul, 5ul, 6ul, 7ul, 0ul, 1ul, 2ul, 3ul).As<ulong, T>(),
                Vector512.Create(~0ul, ~0ul, ~0ul, ~0ul, 0ul, 0ul, 0ul, 0ul).As<ulong, T>());
            x = Step(x, Vector512.Create(2ul, 3ul, 0ul, 1ul, 6ul, 7ul, 4ul, 5ul).As<ulong, T>(),
                Vector512.Create(~0ul, ~0ul, 0ul, 0ul, ~0ul, ~0ul, 0ul, 0ul).As<ulong, T>());
            x = Step(x, Vector512.Create(1ul, 0ul, 3ul, 2ul, 5ul, 4ul, 7ul, 6ul).As<ulong, T>(),
                Vector512.Create(~0ul, 0ul, ~0ul, 0ul, ~0ul, 0ul, ~0ul, 0ul).As<ulong, T>());
        }
        return x;
    }

    /// <summary>This path's <see cref="Exchange{T}(ref Lanes{T}, ref Lanes{T})"/> for <see cref="ExchangeNetwork"/>.</summary>
    private readonly struct Exchanger<T> : IVectorExchange<Lanes<T>> where T : unmanaged, IBinaryInteger<T>
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Exchange(ref Lanes<T> low, ref Lanes<T> high) => BitonicPairsAvx512.Exchange<T>(ref low, ref high);
    }
}
