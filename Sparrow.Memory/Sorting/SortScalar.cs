using System.Numerics;
using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>The portable path: Hoare's partition, one key at a time from both ends.</summary>
internal readonly unsafe struct SortScalar : ISortPath
{
    public static bool IsSupported => true;

    public static nint SmallSize(int keySize, bool payload) => 24;

    public static void SmallSort<T, TPayload>(T* keys, T* values, nint count)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPayload : struct, IPayload =>
        IntroSort.InsertionSort<T, TPayload>(keys, values, count);

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static nint Partition<T, TPayload>(T* keys, T* values, nint count, T bound)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPayload : struct, IPayload
    {
        nint low = 0, high = count - 1;
        while (true)
        {
            while (low <= high && keys[low] <= bound)
                low++;
            while (low <= high && keys[high] > bound)
                high--;
            if (low >= high)
                return low;
            (keys[low], keys[high]) = (keys[high], keys[low]);
            if (TPayload.Present)
                (values[low], values[high]) = (values[high], values[low]);
            low++;
            high--;
        }
    }
}
