namespace Sparrow.Storage;

/// <summary>
/// One code path of the block decoder: unpacks a full block's low parts from the vertical layout and turns deltas
/// into values with a prefix sum. <see cref="PostingList.Decode(ReadOnlySpan{byte}, Span{uint}, out int)"/> and
/// <see cref="PostingListReader"/> pick one in <see cref="UnpackPath"/>, the one dispatch; the tests call each directly.
/// </summary>
internal interface IPostingUnpack
{
    /// <summary>Whether this path can run on this machine (a constant once the JIT compiles the caller).</summary>
    static abstract bool IsSupported { get; }

    /// <summary>
    /// Unpacks the 128 deltas of <paramref name="width"/> (0..32) bits at <paramref name="packed"/> (16 ×
    /// <paramref name="width"/> bytes, vertical layout: delta i is the (i / 4)-th field of 32-bit lane i % 4,
    /// whose word t is the (4t + i % 4)-th little-endian word) into <paramref name="deltas"/>[0..128).
    /// </summary>
    static abstract void Unpack(ref byte packed, int width, ref uint deltas);

    /// <summary>
    /// <see cref="Unpack"/> and <see cref="PrefixSum(ref uint, uint, ref uint)"/> in one pass, for a block without
    /// exceptions: the 128 values after <paramref name="start"/>, in 32-bit arithmetic.
    /// </summary>
    static abstract void Decode(ref byte packed, int width, uint start, ref uint values);

    /// <summary>
    /// <see cref="Unpack"/> and <see cref="PrefixSum(ref uint, ulong, ref ulong)"/> in one pass, for a block without
    /// exceptions whose sums stay below 2^32: the 128 values after <paramref name="start"/>.
    /// </summary>
    static abstract void Decode(ref byte packed, int width, ulong start, ref ulong values);

    /// <summary><paramref name="values"/>[i] = <paramref name="start"/> + Σ over k ≤ i of (<paramref name="deltas"/>[k] + 1), for i below 128, in 32-bit arithmetic.</summary>
    static abstract void PrefixSum(ref uint deltas, uint start, ref uint values);

    /// <summary>
    /// <paramref name="values"/>[i] = <paramref name="start"/> + the 32-bit Σ over k ≤ i of (<paramref name="deltas"/>[k] + 1),
    /// for i below 128: the caller has checked the sums stay below 2^32.
    /// </summary>
    static abstract void PrefixSum(ref uint deltas, ulong start, ref ulong values);

    /// <summary>
    /// <paramref name="values"/>[i] = <paramref name="start"/> + <paramref name="relative"/>[i], for i below
    /// <paramref name="count"/> (1..128): the reader's buffered block, kept as 32-bit offsets from the value before it, widened
    /// onto that value as it is read.
    /// </summary>
    static abstract void Widen(ref uint relative, ulong start, ref ulong values, int count);
}
