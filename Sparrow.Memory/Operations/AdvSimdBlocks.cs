using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;

namespace Sparrow.Storage;

/// <summary>
/// The ARM64 path of Compare and SequenceEqual for inputs longer than <see cref="SizeClasses.MaxWordsSize"/> bytes,
/// taken where <see cref="AdvSimd.Arm64"/> is supported (there <see cref="Vector256"/> is not accelerated, so
/// <see cref="VectorBlocks"/> is not taken): 128-bit vectors, up to 32 bytes as two overlapping vectors, up to 64
/// as two overlapping pairs, longer inputs in 64-byte blocks of four vectors and one overlapping final block.
/// </summary>
/// <remarks>
/// AdvSimd has no movemask. PERF: on the equal path a block's XORs are ORed and reduced once with one pairwise
/// maximum (<c>umaxp</c>: 16 bytes to 8, then one move to a general register and one branch), so 64 bytes cost 18
/// instructions in the arm64 JIT output (4 <c>ldp q</c>, 4 <c>eor</c>, 3 <c>orr</c>, <c>umaxp</c>, <c>umov</c>,
/// <c>cbnz</c> and the loop's 4) against 40 on the word path (8 <c>ldp</c>, 8 <c>eor</c>, 4 <c>orr</c>, 4
/// <c>cbnz</c> and four loops' 16), with one branch in place of four. Only in the block that differs is the first
/// differing byte found: a compare narrowed by a 4-bit shift (<c>shrn</c>) gives a 64-bit mask with a nibble per
/// byte, whose trailing zeros divided by 4 are the byte's index. Writers (Copy, Move, Set) keep their word blocks
/// on ARM64. No ARM64 timing exists for this choice: it can only be emulated here.
/// </remarks>
internal static unsafe class AdvSimdBlocks
{
    /// <summary>Bytes per loop iteration: four 128-bit vectors.</summary>
    public const int Block = 4 * VectorSize;

    /// <summary>The smallest size this path accepts.</summary>
    public const int MinSize = VectorSize;

    private const int VectorSize = 16;

    /// <summary>Whether this machine runs this path (a JIT-time constant).</summary>
    public static bool IsSupported => AdvSimd.Arm64.IsSupported;

    /// <summary>Compares <paramref name="size"/> (at least <see cref="MinSize"/>) bytes with the contract of <see cref="Bytes.Compare(byte*, byte*, int)"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Compare(byte* x, byte* y, nuint size)
    {
        if (size <= 2 * VectorSize)
            return BlockLoop.Pair<CompareVectors<One>, int>(default, x, y, size);
        if (size <= Block)
            return BlockLoop.Pair<CompareVectors<Two>, int>(default, x, y, size);
        return BlockLoop.Forward<CompareVectors<Four>, int>(default, x, y, size);
    }

    /// <summary>Tests <paramref name="size"/> (at least <see cref="MinSize"/>) bytes for equality.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool Equal(byte* x, byte* y, nuint size)
    {
        // PERF: up to 64 bytes the XORs of the two overlapping halves are ORed and tested once: no branch between them.
        if (size <= 2 * VectorSize)
        {
            nuint last = size - VectorSize;
            return !Any(Differences<One>(x, y) | Differences<One>(x + last, y + last));
        }

        if (size <= Block)
        {
            nuint last = size - 2 * VectorSize;
            return !Any(Differences<Two>(x, y) | Differences<Two>(x + last, y + last));
        }

        return BlockLoop.Forward<EqualVectors, bool>(default, x, y, size);
    }

    /// <summary>The OR of the XORs of the <typeparamref name="TCount"/> vectors at <paramref name="x"/> and <paramref name="y"/>: zero when they are equal.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Differences<TCount>(byte* x, byte* y)
        where TCount : struct, IVectorCount
    {
        Vector128<byte> differences = Vector128.Load(x) ^ Vector128.Load(y);
        if (TCount.Count >= 2)
            differences |= Vector128.Load(x + VectorSize) ^ Vector128.Load(y + VectorSize);
        if (TCount.Count == 4)
            differences |= (Vector128.Load(x + 2 * VectorSize) ^ Vector128.Load(y + 2 * VectorSize))
                | (Vector128.Load(x + 3 * VectorSize) ^ Vector128.Load(y + 3 * VectorSize));
        return differences;
    }

    /// <summary>Whether any byte of <paramref name="differences"/> is non-zero: one pairwise maximum, one move, one test.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool Any(Vector128<byte> differences) =>
        AdvSimd.Arm64.MaxPairwise(differences, differences).AsUInt64().ToScalar() != 0;

    /// <summary>
    /// <c>x[i] - y[i]</c> for the first byte <c>i</c> where the bytes at <paramref name="x"/> and
    /// <paramref name="y"/> differ, which the caller knows to be within the block they start.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int FirstDifference(byte* x, byte* y)
    {
        ulong differing;
        while ((differing = DifferingNibbles(x, y)) == 0)
        {
            x += VectorSize;
            y += VectorSize;
        }

        nuint i = (nuint)BitOperations.TrailingZeroCount(differing) >> 2;
        return x[i] - y[i];
    }

    /// <summary>Nibble <c>i</c> of the result is 0xF when byte <c>i</c> of the 16 at <paramref name="x"/> and <paramref name="y"/> differs, else 0.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong DifferingNibbles(byte* x, byte* y)
    {
        // PERF: the missing movemask: each 16-bit lane of the compare (two bytes of 0x00 or 0xFF) shifted right by
        // 4 and narrowed to 8 bits keeps the high nibble of its low byte and the low nibble of its high byte.
        Vector128<byte> equal = Vector128.Equals(Vector128.Load(x), Vector128.Load(y));
        return ~AdvSimd.ShiftRightLogicalNarrowingLower(equal.AsUInt16(), 4).AsUInt64().ToScalar();
    }

    /// <summary>Compares <typeparamref name="TCount"/> vectors per block.</summary>
    private readonly struct CompareVectors<TCount> : IBlockOperation<int>
        where TCount : struct, IVectorCount
    {
        public static int BlockSize => TCount.Count * VectorSize;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Block(byte* x, byte* y, bool last, out int result)
        {
            if (!Any(Differences<TCount>(x, y)))
            {
                result = 0;
                return false;
            }

            result = FirstDifference(x, y);
            return true;
        }
    }

    /// <summary>Tests four vectors per block for equality.</summary>
    private readonly struct EqualVectors : IBlockOperation<bool>
    {
        public static int BlockSize => AdvSimdBlocks.Block;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Block(byte* x, byte* y, bool last, out bool result)
        {
            result = !Any(Differences<Four>(x, y));
            return !result;
        }
    }

    /// <summary>How many 16-byte vectors a block holds (a type argument, so the JIT unrolls the loads).</summary>
    private interface IVectorCount
    {
        static abstract int Count { get; }
    }

    private readonly struct One : IVectorCount
    {
        public static int Count => 1;
    }

    private readonly struct Two : IVectorCount
    {
        public static int Count => 2;
    }

    private readonly struct Four : IVectorCount
    {
        public static int Count => 4;
    }
}
