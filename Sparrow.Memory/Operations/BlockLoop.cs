using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>
/// What a <see cref="BlockLoop"/> does to each block of one or two runs of bytes (<c>x</c> and <c>y</c>: the two
/// inputs of a compare, or the destination and the source of a copy).
/// </summary>
internal unsafe interface IBlockOperation<TResult>
{
    /// <summary>Bytes per block.</summary>
    static abstract int BlockSize { get; }

    /// <summary>
    /// Processes the block at <paramref name="x"/> and <paramref name="y"/>; <see langword="true"/> to stop the loop
    /// with <paramref name="result"/>. For the final block (<paramref name="last"/>; it overlaps the one before, whose
    /// bytes were processed already) <paramref name="result"/> is the loop's result whatever it returns.
    /// <paramref name="last"/> is a constant at each call site, so the JIT keeps one side of any test of it.
    /// </summary>
    bool Block(byte* x, byte* y, bool last, out TResult result);
}

/// <summary>
/// The one loop over blocks every long-input path but the backward move uses: full blocks from the start, then
/// one final block that ends exactly at the last byte, overlapping the one before it, so no access crosses the end
/// and no byte loop finishes the job.
/// </summary>
internal static unsafe class BlockLoop
{
    /// <summary>Blocks from the start of <paramref name="size"/> (at least one block) bytes, then the last block.</summary>
    /// <remarks>A backward move (its destination inside its source) is <see cref="MoveBlocks.Backward"/>.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TResult Forward<TOperation, TResult>(TOperation operation, byte* x, byte* y, nuint size)
        where TOperation : struct, IBlockOperation<TResult>
    {
        Debug.Assert(size >= (nuint)TOperation.BlockSize);

        // Blocks from the start up to the last block's offset, then the last block.
        // PERF: the bases advance once per block by a constant and every access is at a constant offset from them.
        byte* finalX = x + (size - (nuint)TOperation.BlockSize);
        byte* finalY = y + (size - (nuint)TOperation.BlockSize);
        byte* blockX = x;
        byte* blockY = y;
        while (blockX < finalX)
        {
            if (operation.Block(blockX, blockY, last: false, out TResult result))
                return result;
            blockX += TOperation.BlockSize;
            blockY += TOperation.BlockSize;
        }

        operation.Block(finalX, finalY, last: true, out TResult final);
        return final;
    }

    /// <summary>
    /// More than one and at most two blocks: the first block, then the last one, without a loop (a compare of
    /// 17..32 bytes as two 16-byte vectors, say).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TResult Pair<TOperation, TResult>(TOperation operation, byte* x, byte* y, nuint size)
        where TOperation : struct, IBlockOperation<TResult>
    {
        Debug.Assert(size > (nuint)TOperation.BlockSize && size <= 2 * (nuint)TOperation.BlockSize);

        if (operation.Block(x, y, last: false, out TResult result))
            return result;
        nuint lastOffset = size - (nuint)TOperation.BlockSize;
        operation.Block(x + lastOffset, y + lastOffset, last: true, out TResult final);
        return final;
    }
}
