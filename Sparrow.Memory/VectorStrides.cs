using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow;

/// <summary>
/// The vector path for inputs longer than <see cref="SizeClasses.MaxWordsSize"/> bytes, taken where
/// <see cref="Vector256.IsHardwareAccelerated"/> (which implies 128-bit vectors too): up to 32 bytes as two
/// overlapping 128-bit blocks, up to 64 as two overlapping 256-bit blocks, longer inputs in 64-byte blocks.
/// </summary>
/// <remarks>
/// Vector512 is not used for blocks: the JIT reports it unaccelerated on CPUs that throttle under AVX-512, and
/// 64-byte blocks of two 256-bit loads already run at load-port speed.
/// </remarks>
internal static unsafe class VectorStrides
{
    /// <summary>Bytes per loop iteration: two 256-bit vectors.</summary>
    public const int Block = 2 * 32;

    /// <summary>The smallest size this path accepts.</summary>
    public const int MinSize = 16;

    /// <summary>Compares <paramref name="size"/> (at least <see cref="MinSize"/>) bytes with the contract of <see cref="Memory.Compare(byte*, byte*, int)"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Compare(byte* x, byte* y, nuint size)
    {
        if (size <= 32)
            return BlockLoop.Pair<Compare128, int>(default, x, y, size);
        if (size <= Block)
            return BlockLoop.Pair<Compare256, int>(default, x, y, size);
        return BlockLoop.Forward<Compare512, int>(default, x, y, size);
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

        return BlockLoop.Forward<Equal512, bool>(default, x, y, size);
    }

    /// <summary>Copies <paramref name="size"/> (at least <see cref="MinSize"/>) bytes; forward, so right for any overlap with the destination first.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Copy(byte* destination, byte* source, nuint size)
    {
        // PERF: up to 64 bytes, two overlapping vectors, both loaded before either is stored (so right for any overlap).
        if (size <= 32)
            Words.CopyTwo<Vector128<byte>>(destination, source, size - 16);
        else if (size <= Block)
            Words.CopyTwo<Vector256<byte>>(destination, source, size - 32);
        else
            BlockLoop.Forward<Copy512, NoResult>(new Copy512(source + (size - Block)), destination, source, size);
    }

    /// <summary>Copies <paramref name="size"/> (at least <see cref="MinSize"/>) bytes, right for any overlap.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Move(byte* destination, byte* source, nuint size)
    {
        // Forward unless the destination starts inside the source: then the blocks go from the end, so no block
        // is stored over source bytes not yet loaded.
        if (size <= Block || (nuint)destination - (nuint)source >= size)
            Copy(destination, source, size);
        else
            BlockLoop.Backward<Copy512, NoResult>(new Copy512(source), destination, source, size);
    }

    /// <summary>Sets <paramref name="size"/> (at least <see cref="MinSize"/>) bytes to <paramref name="value"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Set(byte* destination, byte value, nuint size)
    {
        if (size <= 32)
            Words.StoreTwo(destination, Vector128.Create(value), size - 16);
        else if (size <= Block)
            Words.StoreTwo(destination, Vector256.Create(value), size - 32);
        else
            BlockLoop.Forward<Set512, NoResult>(new Set512(Vector256.Create(value)), destination, destination, size);
    }

    /// <summary>Bit <c>i</c> set when byte <c>i</c> of the 32 bytes is equal.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint EqualMask256(byte* x, byte* y) =>
        Vector256.Equals(Vector256.Load(x), Vector256.Load(y)).ExtractMostSignificantBits();

    /// <summary>Whether the 64-byte blocks are equal.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool Equal64(byte* x, byte* y) =>
        (Vector256.Equals(Vector256.Load(x), Vector256.Load(y)) & Vector256.Equals(Vector256.Load(x + 32), Vector256.Load(y + 32)))
            .ExtractMostSignificantBits() == uint.MaxValue;

    private readonly struct Compare128 : IBlockOperation<int>
    {
        public static int BlockSize => 16;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Block(byte* x, byte* y, out int result)
        {
            uint equal = Vector128.Equals(Vector128.Load(x), Vector128.Load(y)).ExtractMostSignificantBits();
            if (equal == ushort.MaxValue)
            {
                result = 0;
                return false;
            }

            result = Words.ByteDifference(x, y, equal);
            return true;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int Last(byte* x, byte* y)
        {
            Block(x, y, out int result);
            return result;
        }
    }

    private readonly struct Compare256 : IBlockOperation<int>
    {
        public static int BlockSize => 32;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Block(byte* x, byte* y, out int result)
        {
            uint equal = EqualMask256(x, y);
            if (equal == uint.MaxValue)
            {
                result = 0;
                return false;
            }

            result = Words.ByteDifference(x, y, equal);
            return true;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int Last(byte* x, byte* y)
        {
            Block(x, y, out int result);
            return result;
        }
    }

    private readonly struct Compare512 : IBlockOperation<int>
    {
        public static int BlockSize => VectorStrides.Block;

        /// <remarks>
        /// PERF: one mask test per 64 bytes (two compares ANDed, one movemask) on the equal path; the differing
        /// byte is located only on a mismatch (Compare Size=1024 and 4096 against a movemask per 32 bytes).
        /// </remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Block(byte* x, byte* y, out int result)
        {
            if (Equal64(x, y))
            {
                result = 0;
                return false;
            }

            result = Words.ByteDifference(x, y, EqualMask256(x, y) | (ulong)EqualMask256(x + 32, y + 32) << 32);
            return true;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int Last(byte* x, byte* y)
        {
            Block(x, y, out int result);
            return result;
        }
    }

    /// <summary>
    /// Copies 64-byte blocks (each loaded whole before it is stored). The final block is loaded when the
    /// operation is created, before any store: when the ranges overlap, the loop may have overwritten its
    /// source bytes by the time it is stored.
    /// </summary>
    private readonly struct Copy512(byte* finalSource) : IBlockOperation<NoResult>
    {
        private readonly Vector256<byte> _final0 = Vector256.Load(finalSource);
        private readonly Vector256<byte> _final1 = Vector256.Load(finalSource + 32);

        public static int BlockSize => VectorStrides.Block;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Block(byte* destination, byte* source, out NoResult result)
        {
            Vector256<byte> block0 = Vector256.Load(source);
            Vector256<byte> block1 = Vector256.Load(source + 32);
            block0.Store(destination);
            block1.Store(destination + 32);
            result = default;
            return false;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public NoResult Last(byte* destination, byte* source)
        {
            _final0.Store(destination);
            _final1.Store(destination + 32);
            return default;
        }
    }

    private readonly struct Set512(Vector256<byte> value) : IBlockOperation<NoResult>
    {
        public static int BlockSize => VectorStrides.Block;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Block(byte* destination, byte* unused, out NoResult result)
        {
            result = Last(destination, unused);
            return false;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public NoResult Last(byte* destination, byte* unused)
        {
            value.Store(destination);
            value.Store(destination + 32);
            return default;
        }
    }

    private readonly struct Equal512 : IBlockOperation<bool>
    {
        public static int BlockSize => VectorStrides.Block;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Block(byte* x, byte* y, out bool result)
        {
            result = Equal64(x, y);
            return !result;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Last(byte* x, byte* y) => Equal64(x, y);
    }
}
