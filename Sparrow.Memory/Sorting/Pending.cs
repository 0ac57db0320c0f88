using System.Numerics;
using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>
/// The end of a permuting partition (<see cref="SortAvx2"/>, <see cref="SortVector128"/>): the keys still unread
/// are gathered into a buffer, and once the room between the two ends holds nothing unread, placed one by one.
/// </summary>
internal static unsafe class Pending
{
    /// <summary>Copies the keys (and payloads) in [<paramref name="from"/>, <paramref name="to"/>) to the buffers; returns how many.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nint Gather<T, TPayload>(T* keys, T* values, nint from, nint to, T* pendingKeys, T* pendingValues)
        where T : unmanaged
        where TPayload : struct, IPayload
    {
        nint count = to - from;
        for (nint i = 0; i < count; i++)
        {
            pendingKeys[i] = keys[from + i];
            if (TPayload.Present)
                pendingValues[i] = values[from + i];
        }
        return count;
    }

    /// <summary>
    /// Places the <paramref name="count"/> buffered keys into the room [<paramref name="writeFront"/>,
    /// <paramref name="writeBack"/>), exactly as long; returns where the back starts. Branch-free: each key is
    /// written at both ends of the room and only its own end advances; the other write lands in the room and is
    /// overwritten later.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nint Place<T, TPayload>(T* keys, T* values, T* pendingKeys, T* pendingValues, nint count, T bound,
        nint writeFront, nint writeBack)
        where T : unmanaged, IBinaryInteger<T>
        where TPayload : struct, IPayload
    {
        for (nint i = 0; i < count; i++)
        {
            T key = pendingKeys[i];
            keys[writeFront] = key;
            keys[writeBack - 1] = key;
            if (TPayload.Present)
            {
                T value = pendingValues[i];
                values[writeFront] = value;
                values[writeBack - 1] = value;
            }
            nint above = key > bound ? 1 : 0;
            writeFront += 1 - above;
            writeBack -= above;
        }
        return writeFront;
    }
}
