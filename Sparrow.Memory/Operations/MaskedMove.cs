using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow;

/// <summary>
/// The AVX-512 backward move: 64-byte blocks from the end of the destination towards its start, then the 1..64
/// bytes left at the start as one 512-bit masked block, which touches no byte outside the two ranges.
/// </summary>
internal static unsafe class MaskedMove
{
    /// <summary>
    /// Copies more than <see cref="VectorBlocks.Block"/> bytes from the end towards the start, for a
    /// <paramref name="destination"/> that starts inside the source (after <paramref name="source"/>, less than
    /// <paramref name="size"/> bytes on).
    /// </summary>
    /// <remarks>
    /// PERF: every byte is stored once and every block lies on the grid of 64-byte blocks counted from the end.
    /// Shifting a slot array up twice in a row, the second move's loads then meet the first move's stores, still
    /// in the store queue, at the same addresses and widths, which the CPU forwards; an overlapping first block
    /// at the start (<see cref="VectorBlocks.MoveBackward"/>) leaves stores that straddle the next move's loads, and
    /// such a load waits until the store has reached the cache (PageInsert).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static NoResult Backward(byte* source, byte* destination, nuint size)
    {
        Debug.Assert(size > VectorBlocks.Block && (nuint)destination - (nuint)source < size);

        // Each block is loaded whole before it is stored, and the blocks below it are still the source's bytes.
        nuint offset = size - VectorBlocks.Block;
        byte* blockSource = source + offset;
        byte* block = destination + offset;
        while (block > destination)
        {
            Vector256<byte> low = Vector256.Load(blockSource);
            Vector256<byte> high = Vector256.Load(blockSource + 32);
            low.Store(block);
            high.Store(block + 32);
            blockSource -= VectorBlocks.Block;
            block -= VectorBlocks.Block;
        }

        // The final block starts 0..63 bytes before the destination (and its source as far before the source):
        // only its bytes from there on are loaded and stored.
        Vector512<byte> mask = Vector512.GreaterThanOrEqual(Vector512<byte>.Indices, Vector512.Create((byte)(destination - block)));
        Avx512BW.MaskStore(block, mask, Avx512BW.MaskLoad(blockSource, mask, Vector512<byte>.Zero));
        return default;
    }
}
