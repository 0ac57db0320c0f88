using System.Numerics;

namespace Sparrow.Storage;

/// <summary>
/// One instruction set's partition for <see cref="IntroSort"/>: one struct per path (<see cref="SortScalar"/>,
/// <see cref="SortVector128"/>, <see cref="SortAvx2"/>, <see cref="SortAvx512"/>); <see cref="IntegerSort"/> chooses
/// one, and the sort is compiled once per path and key type.
/// </summary>
internal unsafe interface ISortPath
{
    /// <summary>Whether this machine runs the path with hardware vectors of its width.</summary>
    static abstract bool IsSupported { get; }

    /// <summary>
    /// Ranges of at most this many keys of <paramref name="keySize"/> bytes are insertion-sorted, not partitioned:
    /// a vector partition needs at least two vectors of keys (it holds the first and the last one in registers).
    /// </summary>
    static abstract nint SmallSize(int keySize, bool payload);

    /// <summary>Sorts a range of at most <see cref="SmallSize"/> keys, each payload moving with its key.</summary>
    static abstract void SmallSort<T, TPayload>(T* keys, T* values, nint count)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPayload : struct, IPayload;

    /// <summary>
    /// Moves the keys at most <paramref name="bound"/> to the front of the <paramref name="count"/> (more than
    /// <see cref="SmallSize"/>) keys at <paramref name="keys"/> and the others behind them, each payload of
    /// <paramref name="values"/> with its key when <typeparamref name="TPayload"/> has one; returns how many are at
    /// most <paramref name="bound"/>. Not stable.
    /// </summary>
    static abstract nint Partition<T, TPayload>(T* keys, T* values, nint count, T bound)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPayload : struct, IPayload;
}

/// <summary>Whether a sort moves a payload with each key (the values span has the keys' element size).</summary>
internal interface IPayload
{
    static abstract bool Present { get; }
}

/// <summary>Keys alone: the values pointer is null and never read.</summary>
internal readonly struct KeysOnly : IPayload
{
    public static bool Present => false;
}

/// <summary>Keys with a payload of their own size that moves with them.</summary>
internal readonly struct WithValues : IPayload
{
    public static bool Present => true;
}
