using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>
/// The portable path for inputs longer than <see cref="SizeClasses.MaxWordsSize"/> bytes: 16-byte blocks of two
/// 8-byte words. <see cref="SizeClasses"/> takes it where no 256-bit vectors are hardware-accelerated; the tests
/// call it directly, so it is proven on every machine.
/// </summary>
internal static unsafe class WordBlocks
{
    /// <summary>Bytes per block: two 8-byte words.</summary>
    public const int Block = 2 * sizeof(ulong);

    /// <summary>Compares <paramref name="size"/> (at least <see cref="Block"/>) bytes with the contract of <see cref="Bytes.Compare(byte*, byte*, int)"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Compare(byte* x, byte* y, nuint size) => BlockLoop.Forward<CompareBlocks16, int>(default, x, y, size);

    /// <summary>Tests <paramref name="size"/> (at least <see cref="Block"/>) bytes for equality.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool Equal(byte* x, byte* y, nuint size) => BlockLoop.Forward<EqualBlocks16, bool>(default, x, y, size);

    /// <summary>Copies <paramref name="size"/> (at least <see cref="Block"/>) bytes; forward, so right for any overlap with the destination first.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static NoResult Copy(byte* source, byte* destination, nuint size) =>
        BlockLoop.Forward<CopyBlocks<ulong>, NoResult>(new(source + (size - Block)), destination, source, size);

    /// <summary>Copies <paramref name="size"/> (at least <see cref="Block"/>) bytes, right for any overlap.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static NoResult Move(byte* source, byte* destination, nuint size) =>
        // Forward unless the destination starts inside the source (see VectorBlocks.Move).
        (nuint)destination - (nuint)source >= size
            ? Copy(source, destination, size)
            : MoveBlocks.Backward<ulong>(source, destination, size);

    /// <summary>Sets <paramref name="size"/> (at least <see cref="Block"/>) bytes to <paramref name="value"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static NoResult Set(byte* destination, byte value, nuint size) =>
        BlockLoop.Forward<SetBlocks<ulong>, NoResult>(new(BytePattern.Repeat<ulong>(value)), destination, destination, size);

    /// <summary>Compares 16 bytes per block, as two 8-byte words.</summary>
    private readonly struct CompareBlocks16 : IBlockOperation<int>
    {
        public static int BlockSize => WordBlocks.Block;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Block(byte* x, byte* y, bool last, out int result)
        {
            ulong x0 = Unaligned.Load64(x);
            ulong y0 = Unaligned.Load64(y);
            ulong x1 = Unaligned.Load64(x + sizeof(ulong));
            ulong y1 = Unaligned.Load64(y + sizeof(ulong));

            // PERF: one branch per 16 bytes on the (common) equal path; the differing word is located only after it.
            if (((x0 ^ y0) | (x1 ^ y1)) == 0)
            {
                result = 0;
                return false;
            }

            result = x0 != y0 ? KeyOrder.ByteDifference(x0, y0) : KeyOrder.ByteDifference(x1, y1);
            return true;
        }
    }

    /// <summary>Tests 16 bytes per block for equality, as two 8-byte words.</summary>
    private readonly struct EqualBlocks16 : IBlockOperation<bool>
    {
        public static int BlockSize => WordBlocks.Block;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Block(byte* x, byte* y, bool last, out bool result)
        {
            result = ((Unaligned.Load64(x) ^ Unaligned.Load64(y)) | (Unaligned.Load64(x + sizeof(ulong)) ^ Unaligned.Load64(y + sizeof(ulong)))) == 0;
            return !result;
        }
    }
}
