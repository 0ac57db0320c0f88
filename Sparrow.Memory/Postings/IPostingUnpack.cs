namespace Sparrow.Storage;

/// <summary>
/// One code path of the block decoder: unpacks a full block's low parts from the vertical layout, turns deltas
/// into values with a prefix sum, and carries exceptions' high parts through it.
/// <see cref="PostingList.Decode(ReadOnlySpan{byte}, Span{uint}, out int)"/> and <see cref="PostingListReader"/> pick one in <see cref="UnpackPath"/>, the one dispatch; the tests call each directly.
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
    /// <see cref="Unpack"/> and the prefix sum in one pass: the 128 values after <paramref name="start"/>, value i
    /// <paramref name="start"/> + Σ over k ≤ i of (delta k + 1), in 32-bit arithmetic. Returns that sum over the whole block
    /// (the last value minus <paramref name="start"/>), from a register: the caller checks it against the block's span
    /// without reading a value back from the vectors just stored (a load that waits for the store to forward).
    /// </summary>
    static abstract uint Decode(ref byte packed, int width, uint start, ref uint values);

    /// <summary>
    /// <see cref="Unpack"/> and the prefix sum in one pass, for deltas whose sums stay below 2^32: the 128 values after
    /// <paramref name="start"/>, value i <paramref name="start"/> + the 32-bit Σ over k ≤ i of (delta k + 1). Returns that
    /// 32-bit sum over the whole block, as the 32-bit decode does.
    /// </summary>
    static abstract uint Decode(ref byte packed, int width, ulong start, ref ulong values);

    /// <summary>
    /// <see cref="Decode(ref byte, int, uint, ref uint)"/> of two consecutive full blocks of one <paramref name="width"/>
    /// (0..24; 32 × width bytes at <paramref name="packed"/>), the second from the first's last value, into
    /// <paramref name="values"/>[0..256). Returns the first block's sum in the low 32 bits and the second's in the high 32 bits.
    /// </summary>
    static abstract ulong DecodePair(ref byte packed, int width, uint start, ref uint values);

    /// <summary>As the 32-bit <see cref="DecodePair(ref byte, int, uint, ref uint)"/>, into 64-bit values (the 64-bit <see cref="Decode(ref byte, int, ulong, ref ulong)"/> of each block).</summary>
    static abstract ulong DecodePair(ref byte packed, int width, ulong start, ref ulong values);

    /// <summary>
    /// Adds <paramref name="amount"/> to <paramref name="values"/>[<paramref name="from"/>..<paramref name="to"/>) (0 ≤ from &lt;
    /// to ≤ 128), in 32-bit arithmetic: an exception's high part carried through the prefix sum of a decoded block, whose
    /// 128 values it may read and rewrite whole vectors of.
    /// </summary>
    static abstract void AddRange(ref uint values, int from, int to, uint amount);

    /// <summary>As the 32-bit <see cref="AddRange(ref uint, int, int, uint)"/>, on 64-bit values.</summary>
    static abstract void AddRange(ref ulong values, int from, int to, ulong amount);

    /// <summary>
    /// <paramref name="values"/>[i] = <paramref name="start"/> + <paramref name="relative"/>[i], for i below
    /// <paramref name="count"/> (1..128): the reader's buffered block, kept as 32-bit offsets from the value before it, widened
    /// onto that value as it is read.
    /// </summary>
    static abstract void Widen(ref uint relative, ulong start, ref ulong values, int count);
}
