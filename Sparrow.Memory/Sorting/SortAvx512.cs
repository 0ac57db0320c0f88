using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// The AVX-512 path: 16 (4-byte) or 8 (8-byte) keys a step, compared with the bound at once; each side compressed
/// into a register (VPCOMPRESSD/Q) and stored, the front with a plain store, the back with a masked one.
/// </summary>
/// <remarks>
/// PERF: VPCOMPRESS with a memory destination is microcoded on Zen 4 (~140 cycles); the register form is two uops,
/// so <see cref="Compress"/> never writes memory (il-dump's no-memory-compress rule holds it).
/// </remarks>
internal readonly unsafe struct SortAvx512 : ISortPath
{
    public static bool IsSupported => Avx512F.IsSupported && Vector512.IsHardwareAccelerated;

    /// <summary>
    /// Eight vectors, sorted by <see cref="BitonicAvx512"/> (keys alone) or <see cref="BitonicPairsAvx512"/> (with
    /// payloads) as two runs of four, merged.
    /// </summary>
    /// <remarks>
    /// PERF: a partition has a fixed cost (the vectors held at its ends, the masked tail) that the short ranges near
    /// the leaves pay on few keys, and there are as many of them as leaves; leaves of eight vectors, not four, halve
    /// their number for one more merge level in the network.
    /// </remarks>
    public static nint SmallSize(int keySize, bool payload) => 8 * Vector512<byte>.Count / keySize;

    public static void SmallSort<T, TPayload>(T* keys, T* values, nint count)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPayload : struct, IPayload
    {
        nint half = 4 * Vector512<T>.Count;
        if (!TPayload.Present && count > half)
        {
            BitonicAvx512.Sort(keys, half);
            BitonicAvx512.Sort(keys + half, count - half);
            BitonicAvx512.MergeEight(keys, count);
        }
        else if (!TPayload.Present)
            BitonicAvx512.Sort(keys, count);
        else if (!BitonicPairsAvx512.Sort(keys, values, count))
            IntroSort.InsertionSort<T, TPayload>(keys, values, count);
    }

    /// <summary>Vectors read a step (and held at each end) by the partition of long ranges.</summary>
    private const int Unroll = 4;

    /// <summary>
    /// In place, the vxsort way: the first and the last <see cref="Unroll"/> vectors are held in registers, which
    /// leaves that much room at each end; each step reads the next <see cref="Unroll"/> vectors from the end with
    /// less room, so both ends keep a vector of room for each store. Ranges shorter than two such blocks hold one
    /// vector at each end. The keys between the ends that are fewer than a vector are read by a masked load.
    /// </summary>
    /// <remarks>
    /// PERF: the end to read depends on the stores before it (their counts move the write positions), a chain of
    /// compare, load, compare, popcount and add; reading a block of vectors a step pays it once per block, and the
    /// block's vectors partition in parallel but for a one-cycle add each. Keys alone also read a block ahead
    /// (<see cref="KeyBlocks"/>), so the chain is paid once per two blocks.
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static nint Partition<T, TPayload>(T* keys, T* values, nint count, T bound)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPayload : struct, IPayload
    {
        nint lanes = Vector512<T>.Count;
        Vector512<T> limit = Vector512.Create(bound);
        nint writeFront = 0, writeBack = count;
        if (count < 2 * Unroll * lanes)
        {
            Vector512<T> firstKeys = Vector512.Load(keys);
            Vector512<T> lastKeys = Vector512.Load(keys + count - lanes);
            Vector512<T> firstValues = TPayload.Present ? Vector512.Load(values) : default;
            Vector512<T> lastValues = TPayload.Present ? Vector512.Load(values + count - lanes) : default;
            Vectors<T, TPayload>(keys, values, limit, lanes, count - lanes, ref writeFront, ref writeBack);
            Store<T, TPayload>(keys, values, firstKeys, firstValues, limit, ref writeFront, ref writeBack);
            Store<T, TPayload>(keys, values, lastKeys, lastValues, limit, ref writeFront, ref writeBack);
            return writeFront;
        }

        nint block = Unroll * lanes;
        Vector512<T> front0 = Vector512.Load(keys), front1 = Vector512.Load(keys + lanes);
        Vector512<T> front2 = Vector512.Load(keys + 2 * lanes), front3 = Vector512.Load(keys + 3 * lanes);
        T* tail = keys + count - block;
        Vector512<T> back0 = Vector512.Load(tail), back1 = Vector512.Load(tail + lanes);
        Vector512<T> back2 = Vector512.Load(tail + 2 * lanes), back3 = Vector512.Load(tail + 3 * lanes);
        Vector512<T> frontValues0 = default, frontValues1 = default, frontValues2 = default, frontValues3 = default;
        Vector512<T> backValues0 = default, backValues1 = default, backValues2 = default, backValues3 = default;
        if (TPayload.Present)
        {
            T* valueTail = values + count - block;
            frontValues0 = Vector512.Load(values);
            frontValues1 = Vector512.Load(values + lanes);
            frontValues2 = Vector512.Load(values + 2 * lanes);
            frontValues3 = Vector512.Load(values + 3 * lanes);
            backValues0 = Vector512.Load(valueTail);
            backValues1 = Vector512.Load(valueTail + lanes);
            backValues2 = Vector512.Load(valueTail + 2 * lanes);
            backValues3 = Vector512.Load(valueTail + 3 * lanes);
        }

        nint readFront = block, readBack = count - block;
        Vector512<T> last0 = default, last1 = default, last2 = default, last3 = default;
        bool holdsLast = !TPayload.Present
            && KeyBlocks(keys, limit, ref readFront, ref readBack, ref writeFront, ref writeBack, out last0, out last1, out last2, out last3);
        while (readBack - readFront >= block)
        {
            // PERF: which end is read next is data-dependent and mispredicts half the time as a branch: all ones
            // to read at the front, zero at the back, and the choice made with AND. With payloads the loads wait
            // for the choice: both candidate blocks of keys and payloads would not fit in the registers.
            nint front = -(nint)(readFront - writeFront <= writeBack - readBack ? 1 : 0);
            nint at = readBack - block + ((readFront - readBack + block) & front);
            readFront += block & front;
            readBack -= block & ~front;
            T* k = keys + at;
            T* v = values + at;
            Vector512<T> k0 = Vector512.Load(k), k1 = Vector512.Load(k + lanes), k2 = Vector512.Load(k + 2 * lanes), k3 = Vector512.Load(k + 3 * lanes);
            Vector512<T> v0 = Vector512.Load(v), v1 = Vector512.Load(v + lanes), v2 = Vector512.Load(v + 2 * lanes), v3 = Vector512.Load(v + 3 * lanes);
            StoreWhole<T, TPayload>(keys, values, k0, v0, limit, ref writeFront, ref writeBack);
            StoreWhole<T, TPayload>(keys, values, k1, v1, limit, ref writeFront, ref writeBack);
            StoreWhole<T, TPayload>(keys, values, k2, v2, limit, ref writeFront, ref writeBack);
            StoreWhole<T, TPayload>(keys, values, k3, v3, limit, ref writeFront, ref writeBack);
        }

        Vectors<T, TPayload>(keys, values, limit, readFront, readBack, ref writeFront, ref writeBack);
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
        Store<T, TPayload>(keys, values, back3, backValues3, limit, ref writeFront, ref writeBack);
        return writeFront;
    }

    /// <summary>
    /// The block loop of <see cref="Partition"/> for keys alone, one block behind its reads: the next block is read
    /// (the end chosen by the write positions before this block's stores) before this block is stored. Returns false
    /// when the range has no block to read; else the last block read, not stored, in <paramref name="k0"/> to
    /// <paramref name="k3"/>: with less than a block unread, one end may have less than a block of room, so it is
    /// stored after the rest is read, as the vectors held at the ends are.
    /// </summary>
    /// <remarks>
    /// PERF: the choice of the next end waits for the write positions, and they for the compares of the block read
    /// by the last choice: a chain of choice, select, compare, mask to GPR, popcount and adds (~25 cycles) that
    /// bounded the loop at a block per chain. Chosen a block ahead, each chain spans two blocks, and the loop runs
    /// at its throughput. Safe: while a block is held, the room at the two ends adds up to three blocks; the end
    /// with less room (at most one and a half) gets the next block, so both have a block of room for the stores.
    /// Both candidate blocks are loaded from positions known a block earlier, and the choice only selects: an
    /// address computed from it would put the loads on the chain too.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool KeyBlocks<T>(T* keys, Vector512<T> limit, ref nint readFront, ref nint readBack,
        ref nint writeFront, ref nint writeBack, out Vector512<T> k0, out Vector512<T> k1, out Vector512<T> k2, out Vector512<T> k3)
        where T : unmanaged, IBinaryInteger<T>
    {
        nint lanes = Vector512<T>.Count, block = Unroll * lanes;
        k0 = k1 = k2 = k3 = default;
        if (readBack - readFront < block)
            return false;
        ReadBlock(keys, readFront, readBack, writeFront, writeBack, out k0, out k1, out k2, out k3, ref readFront, ref readBack);
        while (readBack - readFront >= block)
        {
            ReadBlock(keys, readFront, readBack, writeFront, writeBack, out Vector512<T> n0, out Vector512<T> n1,
                out Vector512<T> n2, out Vector512<T> n3, ref readFront, ref readBack);
            StoreWhole<T, KeysOnly>(keys, null, k0, default, limit, ref writeFront, ref writeBack);
            StoreWhole<T, KeysOnly>(keys, null, k1, default, limit, ref writeFront, ref writeBack);
            StoreWhole<T, KeysOnly>(keys, null, k2, default, limit, ref writeFront, ref writeBack);
            StoreWhole<T, KeysOnly>(keys, null, k3, default, limit, ref writeFront, ref writeBack);
            (k0, k1, k2, k3) = (n0, n1, n2, n3);
        }
        return true;
    }

    /// <summary>Reads the block at the end with less room (all ones in the choice to read at the front, zero at the back, chosen with AND: a branch would mispredict half the time).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ReadBlock<T>(T* keys, nint readFront, nint readBack, nint writeFront, nint writeBack,
        out Vector512<T> k0, out Vector512<T> k1, out Vector512<T> k2, out Vector512<T> k3, ref nint nextFront, ref nint nextBack)
        where T : unmanaged, IBinaryInteger<T>
    {
        nint lanes = Vector512<T>.Count, block = Unroll * lanes;
        nint front = -(nint)(readFront - writeFront <= writeBack - readBack ? 1 : 0);
        T* atFront = keys + readFront, atBack = keys + readBack - block;
        Vector512<T> fromFront = Vector512.Create(T.CreateTruncating(front));
        k0 = Vector512.ConditionalSelect(fromFront, Vector512.Load(atFront), Vector512.Load(atBack));
        k1 = Vector512.ConditionalSelect(fromFront, Vector512.Load(atFront + lanes), Vector512.Load(atBack + lanes));
        k2 = Vector512.ConditionalSelect(fromFront, Vector512.Load(atFront + 2 * lanes), Vector512.Load(atBack + 2 * lanes));
        k3 = Vector512.ConditionalSelect(fromFront, Vector512.Load(atFront + 3 * lanes), Vector512.Load(atBack + 3 * lanes));
        nextFront = readFront + (block & front);
        nextBack = readBack - (block & ~front);
    }

    /// <summary>
    /// Partitions the unread keys in [<paramref name="readFront"/>, <paramref name="readBack"/>) a vector a step,
    /// then the fewer than a vector left by a masked load. The room at the two ends must add up to two vectors at
    /// least: reading from the end with less room leaves a vector of room at each.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Vectors<T, TPayload>(T* keys, T* values, Vector512<T> limit, nint readFront, nint readBack,
        ref nint writeFront, ref nint writeBack)
        where T : unmanaged, IBinaryInteger<T>
        where TPayload : struct, IPayload
    {
        nint lanes = Vector512<T>.Count;
        while (readBack - readFront >= lanes)
        {
            nint front = -(nint)(readFront - writeFront <= writeBack - readBack ? 1 : 0);
            nint at = readBack - lanes + ((readFront - readBack + lanes) & front);
            readFront += lanes & front;
            readBack -= lanes & ~front;
            Vector512<T> k = Vector512.Load(keys + at);
            Vector512<T> v = TPayload.Present ? Vector512.Load(values + at) : default;
            StoreWhole<T, TPayload>(keys, values, k, v, limit, ref writeFront, ref writeBack);
        }

        nint rest = readBack - readFront;
        if (rest > 0)
        {
            Vector512<T> present = Vector512.LessThan(Vector512<T>.Indices, Vector512.Create(T.CreateTruncating(rest)));
            Vector512<T> k = MaskLoad(keys + readFront, present);
            Vector512<T> v = TPayload.Present ? MaskLoad(values + readFront, present) : default;
            Store<T, TPayload>(keys, values, k, v, present & Vector512.LessThanOrEqual(k, limit), present & Vector512.GreaterThan(k, limit),
                rest, ref writeFront, ref writeBack);
        }
    }

    /// <summary>
    /// <see cref="Store{T, TPayload}(T*, T*, Vector512{T}, Vector512{T}, Vector512{T}, ref nint, ref nint)"/> for a
    /// vector read while each end has a vector of room (the loops of <see cref="Partition"/> and
    /// <see cref="Vectors"/>): 8-byte keys are permuted once, the keys at most <paramref name="limit"/> to the
    /// bottom and the others to the top, and the vector stored whole at both ends; each end keeps its part, the
    /// rest lands in room already read and is overwritten later.
    /// </summary>
    /// <remarks>
    /// PERF: one VPERMQ (its indices a row of <see cref="PartitionTables"/>, widened by the load) and two plain
    /// stores, against two compresses, the opmask of the back's count and a masked store: the partition of
    /// 8-byte keys is the sort's hot loop. 16 lanes of 4-byte keys have no table of a sane size (65,536 rows),
    /// so they keep the compress.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreWhole<T, TPayload>(T* keys, T* values, Vector512<T> k, Vector512<T> v, Vector512<T> limit,
        ref nint writeFront, ref nint writeBack)
        where T : unmanaged, IBinaryInteger<T>
        where TPayload : struct, IPayload
    {
        if (sizeof(T) != sizeof(ulong))
        {
            Store<T, TPayload>(keys, values, k, v, limit, ref writeFront, ref writeBack);
            return;
        }
        nint lanes = Vector512<T>.Count;
        uint above = (uint)Vector512.GreaterThan(k, limit).ExtractMostSignificantBits();
        Vector512<ulong> permutation = PartitionTables.Permutation512(above);
        Vector512<T> ordered = Avx512F.PermuteVar8x64(k.AsUInt64(), permutation).As<ulong, T>();
        ordered.Store(keys + writeFront);
        ordered.Store(keys + writeBack - lanes);
        if (TPayload.Present)
        {
            Vector512<T> carried = Avx512F.PermuteVar8x64(v.AsUInt64(), permutation).As<ulong, T>();
            carried.Store(values + writeFront);
            carried.Store(values + writeBack - lanes);
        }
        nint back = BitOperations.PopCount(above);
        writeFront += lanes - back;
        writeBack -= back;
    }

    /// <summary>Stores the keys of <paramref name="k"/> at most <paramref name="limit"/> at the front and the others before the back.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store<T, TPayload>(T* keys, T* values, Vector512<T> k, Vector512<T> v, Vector512<T> limit,
        ref nint writeFront, ref nint writeBack)
        where T : unmanaged, IBinaryInteger<T>
        where TPayload : struct, IPayload =>
        Store<T, TPayload>(keys, values, k, v, Vector512.LessThanOrEqual(k, limit), Vector512.GreaterThan(k, limit), Vector512<T>.Count,
            ref writeFront, ref writeBack);

    /// <summary>
    /// Stores the lanes of <paramref name="below"/> at the front and those of <paramref name="above"/> before the
    /// back, payloads the same way. The front store is a whole vector (its tail is room not yet written, overwritten
    /// later) and comes first; the back's is masked, so it never overwrites the keys the front just stored.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store<T, TPayload>(T* keys, T* values, Vector512<T> k, Vector512<T> v, Vector512<T> below, Vector512<T> above,
        nint present, ref nint writeFront, ref nint writeBack)
        where T : unmanaged, IBinaryInteger<T>
        where TPayload : struct, IPayload
    {
        // PERF: one mask to count: the front takes the present lanes the back does not.
        nint back = BitOperations.PopCount(above.ExtractMostSignificantBits());
        nint front = present - back;
        Vector512<T> backLanes = Vector512.LessThan(Vector512<T>.Indices, Vector512.Create(T.CreateTruncating(back)));
        Compress(k, below).Store(keys + writeFront);
        MaskStore(keys + writeBack - back, backLanes, Compress(k, above));
        if (TPayload.Present)
        {
            Compress(v, below).Store(values + writeFront);
            MaskStore(values + writeBack - back, backLanes, Compress(v, above));
        }
        writeFront += front;
        writeBack -= back;
    }

    /// <summary>The lanes of <paramref name="value"/> selected by <paramref name="mask"/>, packed to the bottom (register form).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<T> Compress<T>(Vector512<T> value, Vector512<T> mask) where T : unmanaged =>
        sizeof(T) == sizeof(uint)
            ? Avx512F.Compress(Vector512<uint>.Zero, mask.AsUInt32(), value.AsUInt32()).As<uint, T>()
            : Avx512F.Compress(Vector512<ulong>.Zero, mask.AsUInt64(), value.AsUInt64()).As<ulong, T>();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MaskStore<T>(T* address, Vector512<T> mask, Vector512<T> value) where T : unmanaged
    {
        if (sizeof(T) == sizeof(uint))
            Avx512F.MaskStore((uint*)address, mask.AsUInt32(), value.AsUInt32());
        else
            Avx512F.MaskStore((ulong*)address, mask.AsUInt64(), value.AsUInt64());
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<T> MaskLoad<T>(T* address, Vector512<T> mask) where T : unmanaged =>
        sizeof(T) == sizeof(uint)
            ? Avx512F.MaskLoad((uint*)address, mask.AsUInt32(), Vector512<uint>.Zero).As<uint, T>()
            : Avx512F.MaskLoad((ulong*)address, mask.AsUInt64(), Vector512<ulong>.Zero).As<ulong, T>();

    /// <summary>
    /// <see cref="IntroSort.Unique"/> a vector at a time: each key compared with the one before it (a load one key
    /// back), the keys that differ compressed and stored at the next free slot; the keys after the last whole
    /// vector go through the scalar loop.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static nint Unique<T>(T* keys, nint count) where T : unmanaged, IBinaryInteger<T>
    {
        nint lanes = Vector512<T>.Count;
        nint kept = 1, at = 1;
        if (count - at >= lanes)
        {
            Vector512<T> current = Vector512.Load(keys + at), previous = Vector512.Load(keys + at - 1);
            at += lanes;
            while (count - at >= lanes)
            {
                // PERF: the next vector and the key before it are loaded before this vector's store, which may
                // overwrite that key (the store is a whole vector from the next free slot).
                Vector512<T> next = Vector512.Load(keys + at), beforeNext = Vector512.Load(keys + at - 1);
                kept = Keep(keys, kept, current, previous);
                current = next;
                previous = beforeNext;
                at += lanes;
            }
            kept = Keep(keys, kept, current, previous);
        }
        return IntroSort.Unique(keys, at, kept, count);
    }

    /// <summary>Stores the keys of <paramref name="current"/> that differ from those of <paramref name="previous"/> at <paramref name="kept"/>; returns the next free slot.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static nint Keep<T>(T* keys, nint kept, Vector512<T> current, Vector512<T> previous) where T : unmanaged, IBinaryInteger<T>
    {
        Vector512<T> differs = ~Vector512.Equals(current, previous);
        Compress(current, differs).Store(keys + kept);
        return kept + BitOperations.PopCount(differs.ExtractMostSignificantBits());
    }
}
