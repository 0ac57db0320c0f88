using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Storage;

/// <summary>
/// The vector path for inputs longer than <see cref="SizeClasses.MaxWordsSize"/> bytes, taken where
/// <see cref="Vector256.IsHardwareAccelerated"/> (which implies 128-bit vectors too): up to 32 bytes as two
/// overlapping 128-bit blocks, up to 64 as two overlapping 256-bit blocks, longer inputs in 64-byte blocks.
/// </summary>
/// <remarks>
/// <see cref="Equal512"/> is the 512-bit equality loop that <see cref="SizeClasses.MaskedDifferences"/> runs above 64
/// bytes where <see cref="Vector512.IsHardwareAccelerated"/> (the JIT reports 512-bit vectors unaccelerated on CPUs
/// that throttle under AVX-512); every other path's 64-byte blocks are two 256-bit accesses.
/// </remarks>
internal static unsafe class VectorBlocks
{
    /// <summary>Bytes per loop iteration: two 256-bit vectors, or one 512-bit vector in <see cref="Equal512"/>.</summary>
    public const int Block = 2 * 32;

    /// <summary>The smallest size this path accepts.</summary>
    public const int MinSize = 16;

    /// <summary>Compares <paramref name="size"/> (at least <see cref="MinSize"/>) bytes with the contract of <see cref="Bytes.Compare(byte*, byte*, int)"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Compare(byte* x, byte* y, nuint size)
    {
        if (size <= 32)
            return BlockLoop.Pair<CompareBlocks<Vector128<byte>>, int>(default, x, y, size);
        if (size <= Block)
            return BlockLoop.Pair<CompareBlocks<Vector256<byte>>, int>(default, x, y, size);
        return BlockLoop.Forward<CompareBlocks64, int>(default, x, y, size);
    }

    /// <summary>Tests <paramref name="size"/> (at least <see cref="MinSize"/>) bytes for equality.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool Equal(byte* x, byte* y, nuint size)
    {
        // PERF: up to 64 bytes the two overlapping pairs are XORed, ORed and tested once: no branch between them.
        if (size <= 32)
        {
            nuint last = size - 16;
            return ((Vector128.Load(x) ^ Vector128.Load(y)) | (Vector128.Load(x + last) ^ Vector128.Load(y + last))) == Vector128<byte>.Zero;
        }

        if (size <= Block)
        {
            nuint last = size - 32;
            return ((Vector256.Load(x) ^ Vector256.Load(y)) | (Vector256.Load(x + last) ^ Vector256.Load(y + last))) == Vector256<byte>.Zero;
        }

        return BlockLoop.Forward<EqualBlocks64, bool>(default, x, y, size);
    }

    /// <summary>Tests <paramref name="size"/> (at least <see cref="Block"/>) bytes for equality in 512-bit blocks.</summary>
    /// <remarks>
    /// PERF: one 512-bit compare into an opmask register and one kortest per block: half the loads and compares of
    /// two 256-bit pairs, and no mask move to a general register. Chosen in <see cref="SizeClasses.Equal"/>, the one
    /// place SequenceEqual's path is picked, where Vector512 is accelerated (which implies AVX-512BW/VL).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool Equal512(byte* x, byte* y, nuint size) => BlockLoop.Forward<EqualBlocks512, bool>(default, x, y, size);

    /// <summary>Copies <paramref name="size"/> (at least <see cref="MinSize"/>) bytes; forward, so right for any overlap with the destination first.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static NoResult Copy(byte* source, byte* destination, nuint size)
    {
        // PERF: up to 64 bytes, two overlapping vectors, both loaded before either is stored (so right for any overlap).
        if (size <= 32)
            Unaligned.CopyTwo<Vector128<byte>>(source, destination, size - 16);
        else if (size <= Block)
            Unaligned.CopyTwo<Vector256<byte>>(source, destination, size - 32);
        else
            BlockLoop.Forward<CopyBlocks<Vector256<byte>>, NoResult>(new(source + (size - Block)), destination, source, size);
        return default;
    }

    /// <summary>Copies <paramref name="size"/> (at least <see cref="MinSize"/>) bytes, right for any overlap.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static NoResult Move(byte* source, byte* destination, nuint size) =>
        // Forward unless the destination starts inside the source: then the blocks go from the end, so no block
        // is stored over source bytes not yet loaded.
        size <= Block || (nuint)destination - (nuint)source >= size
            ? Copy(source, destination, size)
            : MoveBlocks.Backward<Vector256<byte>>(source, destination, size);

    /// <summary>Sets <paramref name="size"/> (at least <see cref="MinSize"/>) bytes to <paramref name="value"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static NoResult Set(byte* destination, byte value, nuint size)
    {
        if (size <= 32)
            Unaligned.StoreTwo(destination, Vector128.Create(value), size - 16);
        else if (size <= Block)
            Unaligned.StoreTwo(destination, Vector256.Create(value), size - 32);
        else
            BlockLoop.Forward<SetBlocks<Vector256<byte>>, NoResult>(new(Vector256.Create(value)), destination, destination, size);
        return default;
    }

    /// <summary>Bit <c>i</c> set when byte <c>i</c> of the 32 bytes differs.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint DifferingBytes256(byte* x, byte* y) =>
        ~Vector256.Equals(Vector256.Load(x), Vector256.Load(y)).ExtractMostSignificantBits();

    /// <summary>Whether the 64 bytes are equal: two compares ANDed, one movemask.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool AllEqual64(byte* x, byte* y) =>
        (Vector256.Equals(Vector256.Load(x), Vector256.Load(y)) & Vector256.Equals(Vector256.Load(x + 32), Vector256.Load(y + 32)))
            .ExtractMostSignificantBits() == uint.MaxValue;

    /// <summary>Compares one <typeparamref name="TVector"/> (a 128- or 256-bit vector of bytes) per block.</summary>
    private readonly struct CompareBlocks<TVector> : IBlockOperation<int>
        where TVector : unmanaged
    {
        public static int BlockSize => sizeof(TVector);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Block(byte* x, byte* y, bool last, out int result)
        {
            uint differ = typeof(TVector) == typeof(Vector128<byte>)
                ? ~Vector128.Equals(Vector128.Load(x), Vector128.Load(y)).ExtractMostSignificantBits() & ushort.MaxValue
                : DifferingBytes256(x, y);
            if (differ == 0)
            {
                result = 0;
                return false;
            }

            result = KeyOrder.FirstDifference(x, y, differ);
            return true;
        }
    }

    /// <summary>
    /// Compares 64 bytes per block. PERF: one mask test per block (two compares ANDed, one movemask) on the equal
    /// path; the differing byte is located only on a mismatch (Compare Size=1024 and 4096).
    /// </summary>
    private readonly struct CompareBlocks64 : IBlockOperation<int>
    {
        public static int BlockSize => VectorBlocks.Block;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Block(byte* x, byte* y, bool last, out int result)
        {
            if (AllEqual64(x, y))
            {
                result = 0;
                return false;
            }

            result = KeyOrder.FirstDifference(x, y, DifferingBytes256(x, y) | (ulong)DifferingBytes256(x + 32, y + 32) << 32);
            return true;
        }
    }

    /// <summary>Tests 64 bytes per block for equality: one 512-bit compare.</summary>
    private readonly struct EqualBlocks512 : IBlockOperation<bool>
    {
        public static int BlockSize => VectorBlocks.Block;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Block(byte* x, byte* y, bool last, out bool result)
        {
            result = Vector512.Load(x) == Vector512.Load(y);
            return !result;
        }
    }

    /// <summary>Tests 64 bytes per block for equality: two compares ANDed, one movemask.</summary>
    private readonly struct EqualBlocks64 : IBlockOperation<bool>
    {
        public static int BlockSize => VectorBlocks.Block;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Block(byte* x, byte* y, bool last, out bool result)
        {
            result = AllEqual64(x, y);
            return !result;
        }
    }
}
