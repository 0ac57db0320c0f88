using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow;

/// <summary>
/// The AVX2 path: 8 (4-byte) or 4 (8-byte) keys a step; the mask of keys above the bound picks a VPERMD
/// permutation (<see cref="PartitionTables"/>) that puts the keys at most the bound first and the rest last, and
/// the permuted vector is stored at both ends.
/// </summary>
internal readonly unsafe struct SortAvx2 : ISortPath
{
    public static bool IsSupported => Avx2.IsSupported;

    public static nint SmallSize(int keySize, bool payload) => Math.Max(24, 2 * Vector256<byte>.Count / keySize);

    public static void SmallSort<T, TPayload>(T* keys, T* values, nint count)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPayload : struct, IPayload =>
        IntroSort.InsertionSort<T, TPayload>(keys, values, count);

    /// <summary>
    /// In place, as <see cref="SortAvx512.Partition"/>: the first and last vectors held in registers, each step
    /// reading from the end with less room. The keys left between the ends (fewer than a vector) and the last
    /// vector are copied to a small stack buffer and placed one by one; the first vector is placed whole.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static nint Partition<T, TPayload>(T* keys, T* values, nint count, T bound)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPayload : struct, IPayload
    {
        nint lanes = Vector256<T>.Count;
        Vector256<T> limit = Vector256.Create(bound);
        Vector256<T> firstKeys = Vector256.Load(keys);
        Vector256<T> lastKeys = Vector256.Load(keys + count - lanes);
        Vector256<T> firstValues = TPayload.Present ? Vector256.Load(values) : default;
        Vector256<T> lastValues = TPayload.Present ? Vector256.Load(values + count - lanes) : default;

        nint readFront = lanes, readBack = count - lanes;
        nint writeFront = 0, writeBack = count;
        while (readBack - readFront >= lanes)
        {
            // PERF: which end is read next is data-dependent and mispredicts half the time as a branch: all ones
            // to read at the front, zero at the back, and the choice made with AND.
            nint front = -(nint)(readFront - writeFront <= writeBack - readBack ? 1 : 0);
            nint at = readBack - lanes + ((readFront - readBack + lanes) & front);
            readFront += lanes & front;
            readBack -= lanes & ~front;
            Vector256<T> k = Vector256.Load(keys + at);
            Vector256<T> v = TPayload.Present ? Vector256.Load(values + at) : default;
            Store<T, TPayload>(keys, values, k, v, limit, ref writeFront, ref writeBack);
        }

        // PERF: two vectors of room on the stack, as vector locals (a stackalloc would bring a stack cookie check);
        // the rest is read before any store can reach it.
        Vector512<byte> pendingKeyBytes = default, pendingValueBytes = default;
        T* pendingKeys = (T*)&pendingKeyBytes, pendingValues = (T*)&pendingValueBytes;
        nint pending = Pending.Gather<T, TPayload>(keys, values, readFront, readBack, pendingKeys, pendingValues);
        lastKeys.Store(pendingKeys + pending);
        if (TPayload.Present)
            lastValues.Store(pendingValues + pending);
        pending += lanes;

        Store<T, TPayload>(keys, values, firstKeys, firstValues, limit, ref writeFront, ref writeBack);
        return Pending.Place<T, TPayload>(keys, values, pendingKeys, pendingValues, pending, bound, writeFront, writeBack);
    }

    /// <summary>
    /// Permutes the keys at most the bound to the bottom and stores the vector at the front and before the back;
    /// the two stores never overlap, as each end has a vector of room.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store<T, TPayload>(T* keys, T* values, Vector256<T> k, Vector256<T> v, Vector256<T> limit,
        ref nint writeFront, ref nint writeBack)
        where T : unmanaged, IBinaryInteger<T>
        where TPayload : struct, IPayload
    {
        nint lanes = Vector256<T>.Count;
        uint above = Vector256.GreaterThan(k, limit).ExtractMostSignificantBits();
        Vector256<uint> permutation = PartitionTables.Permutation256(sizeof(T), above);
        Vector256<T> ordered = Avx2.PermuteVar8x32(k.AsUInt32(), permutation).As<uint, T>();
        ordered.Store(keys + writeFront);
        ordered.Store(keys + writeBack - lanes);
        if (TPayload.Present)
        {
            Vector256<T> carried = Avx2.PermuteVar8x32(v.AsUInt32(), permutation).As<uint, T>();
            carried.Store(values + writeFront);
            carried.Store(values + writeBack - lanes);
        }
        nint back = BitOperations.PopCount(above);
        writeFront += lanes - back;
        writeBack -= back;
    }
}
