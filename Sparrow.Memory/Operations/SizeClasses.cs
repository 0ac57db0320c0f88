using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Storage;

/// <summary>
/// One operation of <see cref="Bytes"/> (compare, equality, copy, set) written once per size class and code
/// path. <see cref="SizeClasses"/> decides which member runs for a size; the member does the work.
/// </summary>
/// <typeparam name="TResult">What the operation returns (a difference, a flag, or nothing worth returning).</typeparam>
internal unsafe interface ISizeClassOperation<TResult>
{
    /// <summary>0 bytes.</summary>
    TResult Empty();

    /// <summary>
    /// 1..3 bytes as three single bytes: the first, the middle (<c>size / 2</c>) and the last; for 1 or 2 bytes
    /// some of them are the same byte. One class for all three sizes: the size switch's cases 1, 2 and 3 join in it.
    /// </summary>
    TResult UpToThreeBytes(nuint size);

    /// <summary>
    /// <c>sizeof(TWord)</c>..<c>2 × sizeof(TWord)</c> bytes as two overlapping words, one at offset 0 and one at
    /// <paramref name="last"/> (ending at the last byte). <typeparamref name="TWord"/> is ushort, uint or ulong.
    /// </summary>
    TResult TwoWords<TWord>(nuint last) where TWord : unmanaged;

    /// <summary>1..<see cref="MaskedVector.MaxSize"/> bytes in one AVX-512 masked access (bit i of <paramref name="mask"/>: byte i is in range).</summary>
    TResult Masked(Vector256<byte> mask);

    /// <summary>More than <see cref="SizeClasses.MaxWordsSize"/> bytes, with 128- and 256-bit vectors (<see cref="Sparrow.Storage.VectorBlocks"/>).</summary>
    TResult VectorBlocks(nuint size);

    /// <summary>More than <see cref="SizeClasses.MaxWordsSize"/> bytes, with 8-byte words, the portable path (<see cref="Sparrow.Storage.WordBlocks"/>).</summary>
    TResult WordBlocks(nuint size);

    /// <summary>
    /// More than <see cref="SizeClasses.MaxWordsSize"/> bytes on ARM64: 128-bit AdvSimd vectors for Compare and
    /// SequenceEqual (<see cref="Sparrow.Storage.AdvSimdBlocks"/>), word blocks for the writers.
    /// </summary>
    TResult AdvSimdBlocks(nuint size);
}

/// <summary>
/// The one place that picks a code path for a size, for every operation of <see cref="Bytes"/>: an AVX-512
/// masked access for 1..32 bytes where the CPU has one (for SequenceEqual, <see cref="Equal"/>: 1..64 bytes where
/// 512-bit vectors are accelerated too); otherwise a switch over the sizes 0..16, a jump table to four size
/// classes (0, 1..3, 4..7, 8..16); above that, loops of blocks: 256-bit vectors, AdvSimd on ARM64, or words.
/// The one exception is <see cref="Bytes.Compare(byte*, byte*, int)"/>, <see cref="CompareCall"/>: the masked path
/// and 33..64 bytes inlined with every other size out of line, or without AVX-512 a call whose own method keeps free
/// of what the inlined dispatch costs a call (vzeroupper, the block loops).
/// </summary>
internal static unsafe class SizeClasses
{
    /// <summary>The largest size the word classes of <see cref="Portable{TOperation, TResult}"/> handle.</summary>
    public const int MaxWordsSize = 2 * sizeof(ulong);

    /// <summary>Runs <paramref name="operation"/> over <paramref name="size"/> bytes on the best path this machine has.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="size"/> is negative.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TResult Dispatch<TOperation, TResult>(TOperation operation, int size)
        where TOperation : struct, ISizeClassOperation<TResult>
    {
        if (MaskedVector.IsSupported)
        {
            // PERF: one masked access per side covers every size 1..32 with no branch on the size, so key-sized
            // inputs cost the same few instructions whatever their length and mispredict nothing on mixed sizes.
            // The larger sizes stay inline: a call here makes the JIT spill the caller's loop variables around it
            // (CompareWorkload measured slower with the blocks out of line).
            // PERF: the mask is made before the size test, on every path, so that in a caller's loop over one size
            // it is loop-invariant code the JIT hoists (only code every iteration runs is hoisted): the loop keeps
            // the branch and the masked access, not a broadcast and a compare per call.
            Vector256<byte> mask = MaskedVector.MaskFor((uint)size);
            if ((uint)size - 1 < MaskedVector.MaxSize)
                return operation.Masked(mask);
            // PERF: the negative size is the last test, not one before the blocks: a size above the masked class
            // reaches its blocks after one more compare.
            if (size > MaskedVector.MaxSize)
                return Blocks<TOperation, TResult>(operation, (nuint)size);
            if (size == 0)
                return operation.Empty();
            return ThrowNegativeSize<TResult>();
        }

        return Portable<TOperation, TResult>(operation, size);
    }

    /// <summary>
    /// SequenceEqual on the best path this machine has: <see cref="MaskedDifferences"/> where AVX-512 masked accesses
    /// and 512-bit vectors are accelerated, otherwise <see cref="Dispatch{TOperation, TResult}"/> with <see cref="EqualOperation"/>.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="size"/> is negative.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool Equal(byte* x, byte* y, int size)
    {
        // PERF: the two JIT-time constants are tested here, each on its own: the JIT then drops the other return
        // when it imports the method, and the single test of the differences is what the inlined call returns, so
        // a caller's `if` branches on its flags. A property joining them with && (or separate returns of a bool)
        // leaves a merged bool the caller tests again (sete, movzx, test).
        if (MaskedVector.IsSupported && Vector512.IsHardwareAccelerated)
            return MaskedDifferences(x, y, size) == Vector512<byte>.Zero;
        return Dispatch<EqualOperation, bool>(new EqualOperation(x, y), size);
    }

    /// <summary>
    /// SequenceEqual with AVX-512 and accelerated 512-bit vectors (called directly by the tests and il-dump): zero
    /// when the bytes are equal. One masked 512-bit access per side for 1..64 bytes, 512-bit blocks above.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="size"/> is negative.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> MaskedDifferences(byte* x, byte* y, int size)
    {
        // PERF: one masked access per side covers 1..64 bytes: one branch on the size, no second pair, no
        // redundant size tests. The mask is made before the size test so a caller's loop over one size hoists it
        // (as in Dispatch) and the loop keeps it in an opmask register.
        // PERF: every class yields a vector of differences and there is one return, so the caller's one test of
        // it is the whole result; the sizes outside the mask turn their flag into a vector, off the hot path.
        Vector512<byte> mask = MaskedVector.MaskFor512((uint)size);
        Vector512<byte> differences;
        if ((uint)size - 1 < MaskedVector.MaxEqualSize)
            differences = MaskedVector.Differences(x, y, mask);
        else
            differences = Vector512.CreateScalar(EqualOutsideMask(x, y, size) ? (byte)0 : (byte)1);
        return differences;
    }

    /// <summary>The sizes <see cref="MaskedDifferences"/> does not mask: more than 64 bytes, 0, or negative.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool EqualOutsideMask(byte* x, byte* y, int size) =>
        size > MaskedVector.MaxEqualSize ? VectorBlocks.Equal512(x, y, (nuint)size) : size == 0 ? true : ThrowNegativeSize<bool>();

    /// <summary>
    /// The portable path (every machine; called directly by the tests and il-dump so it is proven on AVX-512
    /// machines too): a dense switch over the sizes 0..16, a case per size, joining in one body per size class
    /// (0, 1..3, 4..7, 8..16); then blocks.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TResult Portable<TOperation, TResult>(TOperation operation, int size)
        where TOperation : struct, ISizeClassOperation<TResult>
    {
        // PERF: a dense switch compiles to the IL switch opcode and a jump table: any size 0..16 reaches its class
        // after one bounds compare and one indirect jump, with no compare per class before it. Every class touches
        // overlapping words (or bytes) inside the buffer, never past its end.
        // PERF: every size is its own case, each setting its class's argument and jumping to the class's one body.
        // With tiered PGO the JIT peels a case that dominates the profile (the sizes this instantiation's instrumented
        // code saw from all its callers, as in a loop over one size) into a compare before the table, which then
        // costs a call what the ladder of compares it replaced did (SizeDispatchBenchmarks); it peels only a case
        // that alone leads to its target, so merged case labels (`case 8: ... case 16:`) are never peeled.
        // PERF: the assignments are the same in every case of a class, so the JIT merges the cases' blocks back into
        // one: the table has four targets, not seventeen, and on mixed sizes the indirect jump mispredicts as the four
        // classes do (a body per size, at constant offsets, measured several times slower there:
        // SizeDispatchMixBenchmarks).
        // PERF: the word classes' offset is computed before the switch, beside the table lookup rather than after
        // the indirect jump, and zero-extended (a 32-bit mov, not movsxd): a class then starts with its loads,
        // [p + last] and, for 4..7 bytes, [p + last + 4] in one addressing mode.
        nuint lastWord = (nuint)(uint)size - sizeof(ulong);
        nuint argument;
        switch (size)
        {
            case 0:
                return operation.Empty();
            case 1:
                argument = (uint)size;
                goto UpToThreeBytes;
            case 2:
                argument = (uint)size;
                goto UpToThreeBytes;
            case 3:
                argument = (uint)size;
                goto UpToThreeBytes;
            case 4:
                argument = lastWord + (sizeof(ulong) - sizeof(uint));
                goto TwoUInts;
            case 5:
                argument = lastWord + (sizeof(ulong) - sizeof(uint));
                goto TwoUInts;
            case 6:
                argument = lastWord + (sizeof(ulong) - sizeof(uint));
                goto TwoUInts;
            case 7:
                argument = lastWord + (sizeof(ulong) - sizeof(uint));
                goto TwoUInts;
            case 8:
                argument = lastWord;
                goto TwoULongs;
            case 9:
                argument = lastWord;
                goto TwoULongs;
            case 10:
                argument = lastWord;
                goto TwoULongs;
            case 11:
                argument = lastWord;
                goto TwoULongs;
            case 12:
                argument = lastWord;
                goto TwoULongs;
            case 13:
                argument = lastWord;
                goto TwoULongs;
            case 14:
                argument = lastWord;
                goto TwoULongs;
            case 15:
                argument = lastWord;
                goto TwoULongs;
            case 16:
                argument = lastWord;
                goto TwoULongs;
            default:
                if (size > MaxWordsSize)
                    return Blocks<TOperation, TResult>(operation, (nuint)size);
                return ThrowNegativeSize<TResult>();
        }

    UpToThreeBytes:
        return operation.UpToThreeBytes(argument);
    TwoUInts:
        return operation.TwoWords<uint>(argument);
    TwoULongs:
        return operation.TwoWords<ulong>(argument);
    }

    /// <summary>More than <see cref="MaxWordsSize"/> bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TResult Blocks<TOperation, TResult>(TOperation operation, nuint size)
        where TOperation : struct, ISizeClassOperation<TResult> =>
        Vector256.IsHardwareAccelerated ? operation.VectorBlocks(size)
            : Sparrow.Storage.AdvSimdBlocks.IsSupported ? operation.AdvSimdBlocks(size)
            : operation.WordBlocks(size);

    // PERF: Sparrow's throw helpers are [DoesNotReturn] and deliberately not NoInlining (the BCL's ThrowHelper
    // convention): the JIT never inlines a body that only throws, and having looked at it knows the call does not
    // return, so it keeps the call out of the hot path and the callers' arguments need no callee-saved registers.
    [DoesNotReturn]
    internal static TResult ThrowNegativeSize<TResult>() =>
        throw new ArgumentOutOfRangeException("size", "The size must not be negative.");
}
