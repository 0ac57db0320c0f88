using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// <see cref="BitonicAvx512"/> for keys with payloads: up to two vectors of keys (32 four-byte or 16 eight-byte)
/// and their payloads, each payload going where its key goes. A step compares each lane's key with its partner's
/// and takes the partner's key and payload where the lane should hold the lower and the partner's is lower, or the
/// higher and the partner's is higher; equal keys stay, so both lanes of a pair agree.
/// </summary>
internal static unsafe class BitonicPairsAvx512
{
    /// <summary>
    /// Sorts the <paramref name="count"/> (at most 2 vectors) keys at <paramref name="keys"/>, each payload of
    /// <paramref name="values"/> with its key; false, touching nothing, when a key is the type's largest (padding
    /// lanes past the end hold it, and one could take a payload's place among equal keys).
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static bool Sort<T>(T* keys, T* values, nint count) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
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
            // Merge: the second sorted vector reversed, a lane-wise exchange, then the half-cleaner steps of each.
            Lanes<T> y = Reverse(SortVector<T>(new(b, MaskLoad(values + lanes, second, default))));
            Vector512<T> swap = Vector512.GreaterThan(x.Keys, y.Keys);
            Lanes<T> low = new(Vector512.ConditionalSelect(swap, y.Keys, x.Keys), Vector512.ConditionalSelect(swap, y.Values, x.Values));
            y = HalfClean<T>(new(Vector512.ConditionalSelect(swap, x.Keys, y.Keys), Vector512.ConditionalSelect(swap, x.Values, y.Values)));
            x = HalfClean<T>(low);
            MaskStore(keys + lanes, second, y.Keys);
            MaskStore(values + lanes, second, y.Values);
        }
        MaskStore(keys, first, x.Keys);
        MaskStore(values, first, x.Values);
        return true;
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
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Lanes<T> Step<T>(Lanes<T> x, Vector512<T> indices, Vector512<T> takeLow) where T : unmanaged, IBinaryInteger<T>
    {
        Vector512<T> partner = Permute(x.Keys, indices), partnerValues = Permute(x.Values, indices);
        Vector512<T> swap = (takeLow & Vector512.GreaterThan(x.Keys, partner)) | Vector512.AndNot(Vector512.LessThan(x.Keys, partner), takeLow);
        return new(Vector512.ConditionalSelect(swap, partner, x.Keys), Vector512.ConditionalSelect(swap, partnerValues, x.Values));
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
}
