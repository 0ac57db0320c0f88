using System.Runtime.CompilerServices;

namespace Sparrow;

/// <summary>
/// Copies blocks of two <typeparamref name="TWord"/>s (8-byte words on the portable path, 256-bit vectors on the
/// vector path), each block loaded whole before it is stored. The final block is loaded when the operation is
/// created, before any store: when the ranges overlap (a move), the loop may have overwritten its source bytes by
/// the time it is stored.
/// </summary>
internal readonly unsafe struct CopyBlocks<TWord> : IBlockOperation<NoResult>
    where TWord : unmanaged
{
    private readonly TWord _final0;
    private readonly TWord _final1;

    /// <summary>Loads the final block, at <paramref name="finalSource"/>.</summary>
    /// <remarks>
    /// PERF: forced inline. Left to the JIT's heuristics, a call site the profile calls cold (a forward move in a
    /// method that mostly moves backward) got a call: the caller then spilled its live values around it on every
    /// path, and the loaded block went through the stack.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public CopyBlocks(byte* finalSource)
    {
        _final0 = Unaligned.Load<TWord>(finalSource);
        _final1 = Unaligned.Load<TWord>(finalSource + sizeof(TWord));
    }

    public static int BlockSize => 2 * sizeof(TWord);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool Block(byte* destination, byte* source, bool last, out NoResult result)
    {
        TWord block0 = last ? _final0 : Unaligned.Load<TWord>(source);
        TWord block1 = last ? _final1 : Unaligned.Load<TWord>(source + sizeof(TWord));
        Unaligned.Store(destination, block0);
        Unaligned.Store(destination + sizeof(TWord), block1);
        result = default;
        return false;
    }
}

/// <summary>Sets blocks of two <typeparamref name="TWord"/>s to a repeated byte (the destination is both block pointers).</summary>
internal readonly unsafe struct SetBlocks<TWord>(TWord pattern) : IBlockOperation<NoResult>
    where TWord : unmanaged
{
    public static int BlockSize => 2 * sizeof(TWord);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool Block(byte* destination, byte* unused, bool last, out NoResult result)
    {
        Unaligned.Store(destination, pattern);
        Unaligned.Store(destination + sizeof(TWord), pattern);
        result = default;
        return false;
    }
}
