using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>What <see cref="IPostingUnpack.DecodePair(ref byte, int, uint, ref uint)"/> returns, and its form on a path without kernels of two blocks.</summary>
internal static class BlockPairs
{
    /// <summary>The first block's sum in the low half, the second's in the high half.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Sums(uint first, uint second) => first | (ulong)second << 32;

    /// <summary>
    /// A kernel of two blocks made of <typeparamref name="TKernel"/>, a decode kernel of one that writes
    /// <typeparamref name="T"/> values: the first block, then the second from the first's last value.
    /// </summary>
    internal readonly struct InTurn<TKernel, T> : IWidthKernel
        where TKernel : struct, IWidthKernel
        where T : unmanaged
    {
        // PERF: inlined into the width's case, the two kernels called directly: one jump table for the pair, not a
        // second dispatch for its second block.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ulong Run<TWidth>(ref byte packed, ref byte output, ulong start) where TWidth : struct, IBitWidth
        {
            uint first = (uint)TKernel.Run<TWidth>(ref packed, ref output, start);
            uint second = (uint)TKernel.Run<TWidth>(ref Unsafe.Add(ref packed, PostingListFormat.BlockLength / 8 * TWidth.Value),
                ref Unsafe.Add(ref output, PostingListFormat.BlockLength * Unsafe.SizeOf<T>()), start + first);
            return Sums(first, second);
        }
    }
}
