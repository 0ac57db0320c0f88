using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>
/// Copies blocks of two <typeparamref name="TWord"/>s (8-byte words on the portable path, 256-bit vectors on the
/// vector path), each block loaded whole before it is stored, forward (<see cref="BlockLoop.Forward"/>). The final
/// block is loaded when the operation is created, before any store: when the ranges overlap (a forward move), the
/// loop may have overwritten its source bytes by the time it is stored. A backward move is <see cref="MoveBlocks"/>.
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

/// <summary>
/// A move whose destination starts inside its source (above it, by less than the size): blocks of two words from
/// the end towards the start, then the first block, which overlaps the one before it.
/// </summary>
internal static unsafe class MoveBlocks
{
    /// <summary>
    /// Moves <paramref name="size"/> (at least one block of two <typeparamref name="TWord"/>s) bytes to a
    /// <paramref name="destination"/> above <paramref name="source"/> by less than <paramref name="size"/>.
    /// </summary>
    /// <remarks>
    /// PERF: the first block is loaded only with the loop's last block, not before the loop. Its bytes are off the
    /// blocks' grid (which ends at the last byte), so they usually straddle two blocks the previous move into the
    /// same array stored (a slot array shifted by one slot per insert), and a load over two stores not yet written to
    /// the cache waits for both. Before the loop they often still are in the store queue; after it, mostly not.
    /// Loading it that late is right: every store before then lands above the first block's source bytes.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static NoResult Backward<TWord>(byte* source, byte* destination, nuint size)
        where TWord : unmanaged
    {
        nuint blockSize = 2 * (nuint)sizeof(TWord);
        Debug.Assert(size >= blockSize && destination > source && (nuint)(destination - source) < size);

        // PERF: the bases step down once per block by a constant and every access is at a constant offset from them.
        byte* blockSource = source + (size - blockSize);
        byte* blockDestination = destination + (size - blockSize);
        while (blockSource > source + blockSize)
        {
            TWord word0 = Unaligned.Load<TWord>(blockSource);
            TWord word1 = Unaligned.Load<TWord>(blockSource + sizeof(TWord));
            Unaligned.Store(blockDestination, word0);
            Unaligned.Store(blockDestination + sizeof(TWord), word1);
            blockSource -= blockSize;
            blockDestination -= blockSize;
        }

        // The loop's last block starts inside the first block's bytes: both are loaded before either is stored.
        TWord last0 = Unaligned.Load<TWord>(blockSource);
        TWord last1 = Unaligned.Load<TWord>(blockSource + sizeof(TWord));
        TWord first0 = Unaligned.Load<TWord>(source);
        TWord first1 = Unaligned.Load<TWord>(source + sizeof(TWord));
        Unaligned.Store(blockDestination, last0);
        Unaligned.Store(blockDestination + sizeof(TWord), last1);
        Unaligned.Store(destination, first0);
        Unaligned.Store(destination + sizeof(TWord), first1);
        return default;
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
