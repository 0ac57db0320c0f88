using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// The 128-bit path (SSSE3 on x64, AdvSimd on ARM64): 4 (4-byte) or 2 (8-byte) keys a step; the mask of keys
/// above the bound picks a byte shuffle (PSHUFB, TBL; <see cref="PartitionTables"/>) that puts the keys at most
/// the bound first, and the shuffled vector is stored at both ends.
/// </summary>
internal readonly unsafe struct SortVector128 : ISortPath
{
    public static bool IsSupported => Vector128.IsHardwareAccelerated && (Ssse3.IsSupported || AdvSimd.Arm64.IsSupported);

    public static nint SmallSize(int keySize, bool payload) => 24;

    public static void SmallSort<T, TPayload>(T* keys, T* values, nint count)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPayload : struct, IPayload =>
        IntroSort.InsertionSort<T, TPayload>(keys, values, count);

    /// <summary>In place, as <see cref="SortAvx2.Partition"/>, with 128-bit vectors.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static nint Partition<T, TPayload>(T* keys, T* values, nint count, T bound)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPayload : struct, IPayload
    {
        nint lanes = Vector128<T>.Count;
        Vector128<T> limit = Vector128.Create(bound);
        Vector128<T> firstKeys = Vector128.Load(keys);
        Vector128<T> lastKeys = Vector128.Load(keys + count - lanes);
        Vector128<T> firstValues = TPayload.Present ? Vector128.Load(values) : default;
        Vector128<T> lastValues = TPayload.Present ? Vector128.Load(values + count - lanes) : default;

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
            Vector128<T> k = Vector128.Load(keys + at);
            Vector128<T> v = TPayload.Present ? Vector128.Load(values + at) : default;
            Store<T, TPayload>(keys, values, k, v, limit, ref writeFront, ref writeBack);
        }

        // PERF: two vectors of room on the stack, as vector locals (a stackalloc would bring a stack cookie check);
        // the rest is read before any store can reach it.
        Vector256<byte> pendingKeyBytes = default, pendingValueBytes = default;
        T* pendingKeys = (T*)&pendingKeyBytes, pendingValues = (T*)&pendingValueBytes;
        nint pending = Pending.Gather<T, TPayload>(keys, values, readFront, readBack, pendingKeys, pendingValues);
        lastKeys.Store(pendingKeys + pending);
        if (TPayload.Present)
            lastValues.Store(pendingValues + pending);
        pending += lanes;

        Store<T, TPayload>(keys, values, firstKeys, firstValues, limit, ref writeFront, ref writeBack);
        return Pending.Place<T, TPayload>(keys, values, pendingKeys, pendingValues, pending, bound, writeFront, writeBack);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store<T, TPayload>(T* keys, T* values, Vector128<T> k, Vector128<T> v, Vector128<T> limit,
        ref nint writeFront, ref nint writeBack)
        where T : unmanaged, IBinaryInteger<T>
        where TPayload : struct, IPayload
    {
        nint lanes = Vector128<T>.Count;
        uint above = Vector128.GreaterThan(k, limit).ExtractMostSignificantBits();
        Vector128<byte> shuffle = PartitionTables.Shuffle128(sizeof(T), above);
        Vector128<T> ordered = Vector128.ShuffleNative(k.AsByte(), shuffle).As<byte, T>();
        ordered.Store(keys + writeFront);
        ordered.Store(keys + writeBack - lanes);
        if (TPayload.Present)
        {
            Vector128<T> carried = Vector128.ShuffleNative(v.AsByte(), shuffle).As<byte, T>();
            carried.Store(values + writeFront);
            carried.Store(values + writeBack - lanes);
        }
        nint back = BitOperations.PopCount(above);
        writeFront += lanes - back;
        writeBack -= back;
    }
}
