using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// The AVX2 path: 8 (4-byte) or 4 (8-byte) keys a step; the mask of keys above the bound picks a VPERMD
/// permutation (<see cref="PartitionTables"/>) that puts the keys at most the bound first and the rest last, and
/// the permuted vector is stored at both ends.
/// </summary>
internal readonly unsafe struct SortAvx2 : ISortPath
{
    public static bool IsSupported => Avx2.IsSupported;

    /// <summary>
    /// Keys alone: eight vectors, sorted by <see cref="BitonicAvx2"/> (two runs of four, merged; see
    /// <see cref="SortAvx512.SmallSize"/> for why eight); with payloads: 24 keys, insertion-sorted.
    /// </summary>
    public static nint SmallSize(int keySize, bool payload) => payload ? 24 : 8 * Vector256<byte>.Count / keySize;

    public static void SmallSort<T, TPayload>(T* keys, T* values, nint count)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPayload : struct, IPayload
    {
        nint half = 4 * Vector256<T>.Count;
        if (TPayload.Present)
            IntroSort.InsertionSort<T, TPayload>(keys, values, count);
        else if (count > half)
        {
            BitonicAvx2.Sort(keys, half);
            BitonicAvx2.Sort(keys + half, count - half);
            BitonicAvx2.MergeEight(keys, count);
        }
        else
            BitonicAvx2.Sort(keys, count);
    }

    /// <summary>Vectors read a step (and held at each end) by the partition of long ranges.</summary>
    private const int Unroll = 4;

    /// <summary>
    /// In place, as <see cref="SortAvx512.Partition"/>: the first and last <see cref="Unroll"/> vectors (one each
    /// for ranges shorter than two such blocks) held in registers, each step reading a block from the end with less
    /// room. At the end the keys left between the ends (fewer than a vector) and the last held vector are copied to
    /// a small stack buffer and placed one by one; the other held vectors are placed whole while the room left is
    /// two vectors at least, so the two stores of each never overlap.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static nint Partition<T, TPayload>(T* keys, T* values, nint count, T bound)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPayload : struct, IPayload
    {
        nint lanes = Vector256<T>.Count;
        Vector256<T> limit = Vector256.Create(bound);
        nint writeFront = 0, writeBack = count;

        // PERF: two vectors of room on the stack, as vector locals (a stackalloc would bring a stack cookie check);
        // the rest is read before any store can reach it.
        Vector512<byte> pendingKeyBytes = default, pendingValueBytes = default;
        T* pendingKeys = (T*)&pendingKeyBytes, pendingValues = (T*)&pendingValueBytes;
        nint pending;

        if (count < 2 * Unroll * lanes)
        {
            Vector256<T> firstKeys = Vector256.Load(keys);
            Vector256<T> lastKeys = Vector256.Load(keys + count - lanes);
            Vector256<T> firstValues = TPayload.Present ? Vector256.Load(values) : default;
            Vector256<T> lastValues = TPayload.Present ? Vector256.Load(values + count - lanes) : default;
            pending = Vectors<T, TPayload>(keys, values, limit, lanes, count - lanes, ref writeFront, ref writeBack, pendingKeys, pendingValues);
            lastKeys.Store(pendingKeys + pending);
            if (TPayload.Present)
                lastValues.Store(pendingValues + pending);
            Store<T, TPayload>(keys, values, firstKeys, firstValues, limit, ref writeFront, ref writeBack);
            return Pending.Place<T, TPayload>(keys, values, pendingKeys, pendingValues, pending + lanes, bound, writeFront, writeBack);
        }

        nint block = Unroll * lanes;
        T* tail = keys + count - block;
        Vector256<T> front0 = Vector256.Load(keys), front1 = Vector256.Load(keys + lanes);
        Vector256<T> front2 = Vector256.Load(keys + 2 * lanes), front3 = Vector256.Load(keys + 3 * lanes);
        Vector256<T> back0 = Vector256.Load(tail), back1 = Vector256.Load(tail + lanes);
        Vector256<T> back2 = Vector256.Load(tail + 2 * lanes), back3 = Vector256.Load(tail + 3 * lanes);
        Vector256<T> frontValues0 = default, frontValues1 = default, frontValues2 = default, frontValues3 = default;
        Vector256<T> backValues0 = default, backValues1 = default, backValues2 = default, backValues3 = default;
        if (TPayload.Present)
        {
            T* valueTail = values + count - block;
            frontValues0 = Vector256.Load(values);
            frontValues1 = Vector256.Load(values + lanes);
            frontValues2 = Vector256.Load(values + 2 * lanes);
            frontValues3 = Vector256.Load(values + 3 * lanes);
            backValues0 = Vector256.Load(valueTail);
            backValues1 = Vector256.Load(valueTail + lanes);
            backValues2 = Vector256.Load(valueTail + 2 * lanes);
            backValues3 = Vector256.Load(valueTail + 3 * lanes);
        }

        nint readFront = block, readBack = count - block;
        Vector256<T> last0 = default, last1 = default, last2 = default, last3 = default;
        bool holdsLast = !TPayload.Present
            && KeyBlocks(keys, limit, ref readFront, ref readBack, ref writeFront, ref writeBack, out last0, out last1, out last2, out last3);
        while (readBack - readFront >= block)
        {
            // PERF: which end is read next is data-dependent and mispredicts half the time as a branch: all ones
            // to read at the front, zero at the back, and the choice made with AND. A block a step pays the chain
            // from the write positions to the next read once per four vectors.
            nint front = -(nint)(readFront - writeFront <= writeBack - readBack ? 1 : 0);
            nint at = readBack - block + ((readFront - readBack + block) & front);
            readFront += block & front;
            readBack -= block & ~front;
            T* k = keys + at;
            T* v = values + at;
            Vector256<T> k0 = Vector256.Load(k), k1 = Vector256.Load(k + lanes), k2 = Vector256.Load(k + 2 * lanes), k3 = Vector256.Load(k + 3 * lanes);
            Vector256<T> v0 = default, v1 = default, v2 = default, v3 = default;
            if (TPayload.Present)
            {
                v0 = Vector256.Load(v);
                v1 = Vector256.Load(v + lanes);
                v2 = Vector256.Load(v + 2 * lanes);
                v3 = Vector256.Load(v + 3 * lanes);
            }
            Store<T, TPayload>(keys, values, k0, v0, limit, ref writeFront, ref writeBack);
            Store<T, TPayload>(keys, values, k1, v1, limit, ref writeFront, ref writeBack);
            Store<T, TPayload>(keys, values, k2, v2, limit, ref writeFront, ref writeBack);
            Store<T, TPayload>(keys, values, k3, v3, limit, ref writeFront, ref writeBack);
        }

        pending = Vectors<T, TPayload>(keys, values, limit, readFront, readBack, ref writeFront, ref writeBack, pendingKeys, pendingValues);
        back3.Store(pendingKeys + pending);
        if (TPayload.Present)
            backValues3.Store(pendingValues + pending);
        if (holdsLast)
        {
            Store<T, TPayload>(keys, values, last0, default, limit, ref writeFront, ref writeBack);
            Store<T, TPayload>(keys, values, last1, default, limit, ref writeFront, ref writeBack);
            Store<T, TPayload>(keys, values, last2, default, limit, ref writeFront, ref writeBack);
            Store<T, TPayload>(keys, values, last3, default, limit, ref writeFront, ref writeBack);
        }
        Store<T, TPayload>(keys, values, front0, frontValues0, limit, ref writeFront, ref writeBack);
        Store<T, TPayload>(keys, values, front1, frontValues1, limit, ref writeFront, ref writeBack);
        Store<T, TPayload>(keys, values, front2, frontValues2, limit, ref writeFront, ref writeBack);
        Store<T, TPayload>(keys, values, front3, frontValues3, limit, ref writeFront, ref writeBack);
        Store<T, TPayload>(keys, values, back0, backValues0, limit, ref writeFront, ref writeBack);
        Store<T, TPayload>(keys, values, back1, backValues1, limit, ref writeFront, ref writeBack);
        Store<T, TPayload>(keys, values, back2, backValues2, limit, ref writeFront, ref writeBack);
        return Pending.Place<T, TPayload>(keys, values, pendingKeys, pendingValues, pending + lanes, bound, writeFront, writeBack);
    }

    /// <summary>
    /// The block loop of <see cref="Partition"/> for keys alone, one block behind its reads, as
    /// <see cref="SortAvx512"/>'s: the next block is read (the end chosen by the write positions before this
    /// block's stores) before this block is stored, so each chain from a choice to the write positions it waits
    /// for spans two blocks. Returns false when the range has no block to read; else the last block read, not
    /// stored, in <paramref name="k0"/> to <paramref name="k3"/> (see <see cref="SortAvx512"/>'s for why).
    /// </summary>
    /// <remarks>
    /// PERF: the block is loaded from an address chosen by the choice, so the loads are on the chain (unlike
    /// <see cref="SortAvx512"/>'s): both candidate blocks would not fit in the 16 registers beside the held vectors.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool KeyBlocks<T>(T* keys, Vector256<T> limit, ref nint readFront, ref nint readBack,
        ref nint writeFront, ref nint writeBack, out Vector256<T> k0, out Vector256<T> k1, out Vector256<T> k2, out Vector256<T> k3)
        where T : unmanaged, IBinaryInteger<T>
    {
        nint lanes = Vector256<T>.Count, block = Unroll * lanes;
        k0 = k1 = k2 = k3 = default;
        if (readBack - readFront < block)
            return false;
        ReadBlock(keys, readFront, readBack, writeFront, writeBack, out k0, out k1, out k2, out k3, ref readFront, ref readBack);
        while (readBack - readFront >= block)
        {
            ReadBlock(keys, readFront, readBack, writeFront, writeBack, out Vector256<T> n0, out Vector256<T> n1,
                out Vector256<T> n2, out Vector256<T> n3, ref readFront, ref readBack);
            Store<T, KeysOnly>(keys, null, k0, default, limit, ref writeFront, ref writeBack);
            Store<T, KeysOnly>(keys, null, k1, default, limit, ref writeFront, ref writeBack);
            Store<T, KeysOnly>(keys, null, k2, default, limit, ref writeFront, ref writeBack);
            Store<T, KeysOnly>(keys, null, k3, default, limit, ref writeFront, ref writeBack);
            (k0, k1, k2, k3) = (n0, n1, n2, n3);
        }
        return true;
    }

    /// <summary>Reads the block at the end with less room (all ones in the choice to read at the front, zero at the back, chosen with AND: a branch would mispredict half the time).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ReadBlock<T>(T* keys, nint readFront, nint readBack, nint writeFront, nint writeBack,
        out Vector256<T> k0, out Vector256<T> k1, out Vector256<T> k2, out Vector256<T> k3, ref nint nextFront, ref nint nextBack)
        where T : unmanaged, IBinaryInteger<T>
    {
        nint lanes = Vector256<T>.Count, block = Unroll * lanes;
        nint front = -(nint)(readFront - writeFront <= writeBack - readBack ? 1 : 0);
        T* k = keys + readBack - block + ((readFront - readBack + block) & front);
        k0 = Vector256.Load(k);
        k1 = Vector256.Load(k + lanes);
        k2 = Vector256.Load(k + 2 * lanes);
        k3 = Vector256.Load(k + 3 * lanes);
        nextFront = readFront + (block & front);
        nextBack = readBack - (block & ~front);
    }

    /// <summary>
    /// Partitions the unread keys in [<paramref name="readFront"/>, <paramref name="readBack"/>) a vector a step
    /// (the room at the two ends adding up to two vectors at least), then gathers the fewer than a vector left into
    /// the pending buffers; returns how many it gathered.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static nint Vectors<T, TPayload>(T* keys, T* values, Vector256<T> limit, nint readFront, nint readBack,
        ref nint writeFront, ref nint writeBack, T* pendingKeys, T* pendingValues)
        where T : unmanaged, IBinaryInteger<T>
        where TPayload : struct, IPayload
    {
        nint lanes = Vector256<T>.Count;
        while (readBack - readFront >= lanes)
        {
            nint front = -(nint)(readFront - writeFront <= writeBack - readBack ? 1 : 0);
            nint at = readBack - lanes + ((readFront - readBack + lanes) & front);
            readFront += lanes & front;
            readBack -= lanes & ~front;
            Vector256<T> k = Vector256.Load(keys + at);
            Vector256<T> v = TPayload.Present ? Vector256.Load(values + at) : default;
            Store<T, TPayload>(keys, values, k, v, limit, ref writeFront, ref writeBack);
        }
        return Pending.Gather<T, TPayload>(keys, values, readFront, readBack, pendingKeys, pendingValues);
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
