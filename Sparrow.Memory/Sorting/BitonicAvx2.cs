using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// <see cref="BitonicAvx512"/> in AVX2 registers for the short ranges of <see cref="SortAvx2"/>: up to four
/// vectors of keys (32 four-byte or 16 eight-byte keys) loaded with VPMASKMOV (masked-off lanes are not read, and
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
            Vector256<T> a = SortVector(MaskLoad(keys, present, pad));
            MaskStore(keys, present, a);
        }
        else if (count <= 2 * lanes)
        {
            Vector256<T> present = Present<T>(count - lanes);
            Vector256<T> a = SortVector(Vector256.Load(keys));
            Vector256<T> b = SortVector(MaskLoad(keys + lanes, present, pad));
            Merge(ref a, ref b);
            a.Store(keys);
            MaskStore(keys + lanes, present, b);
        }
        else
        {
            Vector256<T> present = Present<T>(count - 3 * lanes);
            Vector256<T> a = SortVector(Vector256.Load(keys));
            Vector256<T> b = SortVector(Vector256.Load(keys + lanes));
            // PERF: between 2 and 3 vectors the third is partial and the fourth all padding: loads of lanes past
            // the end are masked off, so both stay inside the range.
            Vector256<T> third = Present<T>(count - 2 * lanes);
            Vector256<T> c = SortVector(MaskLoad(keys + 2 * lanes, third, pad));
            Vector256<T> d = SortVector(MaskLoad(keys + 3 * lanes, present, pad));
            Merge(ref a, ref b);
            Merge(ref c, ref d);
            // Merge the two sorted pairs: the second reversed as a whole, then lane-wise min and max.
            Vector256<T> reversedC = Reverse(d), reversedD = Reverse(c);
            Vector256<T> low1 = Vector256.Min(a, reversedC), high1 = Vector256.Max(a, reversedC);
            Vector256<T> low2 = Vector256.Min(b, reversedD), high2 = Vector256.Max(b, reversedD);
            a = HalfClean(Vector256.Min(low1, low2));
            b = HalfClean(Vector256.Max(low1, low2));
            c = HalfClean(Vector256.Min(high1, high2));
            d = HalfClean(Vector256.Max(high1, high2));
            a.Store(keys);
            b.Store(keys + lanes);
            MaskStore(keys + 2 * lanes, third, c);
            MaskStore(keys + 3 * lanes, present, d);
        }
    }

    /// <summary>Merges two sorted vectors into <paramref name="a"/> (the lower keys) and <paramref name="b"/>, both sorted.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Merge<T>(ref Vector256<T> a, ref Vector256<T> b) where T : unmanaged, IBinaryInteger<T>
    {
        Vector256<T> reversed = Reverse(b);
        Vector256<T> low = Vector256.Min(a, reversed);
        b = HalfClean(Vector256.Max(a, reversed));
        a = HalfClean(low);
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
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<T> Step<T>(Vector256<T> v, Vector256<T> partner, Vector256<T> takeMin) where T : unmanaged, IBinaryInteger<T> =>
        Vector256.ConditionalSelect(takeMin, Vector256.Min(v, partner), Vector256.Max(v, partner));


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
}
