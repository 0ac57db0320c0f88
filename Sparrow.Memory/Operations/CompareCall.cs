using System.Diagnostics.CodeAnalysis;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Storage;

/// <summary>
/// <see cref="Bytes.Compare(byte*, byte*, int)"/>: with AVX-512 and accelerated 512-bit vectors, <see cref="Inlined"/>,
/// 1..64 bytes in one masked 512-bit access per side at the call site and the other sizes a call to
/// <see cref="OutsideSmall"/>. Otherwise a call to <see cref="Called"/>: with AVX-512, 1..64 bytes in its own method
/// with 128-bit registers only, longer inputs (and 0 or a negative size) in <see cref="OutsideSmall"/>; without, the
/// size switch of <see cref="SizeClasses.Portable{TOperation, TResult}"/> with the blocks in <see cref="Blocks"/>
/// (<see cref="CompareCallOperation"/>). <see cref="Bytes.CompareInline(byte*, byte*, int)"/> keeps the inlined
/// dispatch of <see cref="SizeClasses"/>.
/// </summary>
/// <remarks>
/// PERF: what a call spends beyond the compare is what its method spends around it, and the JIT decides that per
/// method, not per path: a method that touches a 256-bit register runs vzeroupper before every return, and one with
/// loops or more than a few blocks gets an rbp frame. So the key sizes never share a method with the block loops:
/// the 256-bit blocks, the loops and the throw live in <see cref="OutsideSmall"/>, and the call's own method (<see cref="Called"/>) has
/// no vzeroupper, no loop and one compare-and-branch before the loads of 1..16 bytes. It keeps a two-instruction
/// frame (push rbp, mov rbp, rsp) for its call to <see cref="OutsideSmall"/>: the runtime never turns a call in a
/// NoInlining method into a tail jump ("Caller is marked as NoInlining"), and without NoInlining the JIT inlines
/// the method into hot callers, so it would no longer be a call.
/// </remarks>
internal static unsafe class CompareCall
{
    /// <summary>The largest size <see cref="Inlined"/> and <see cref="Compare"/> cover.</summary>
    public const int MaxSmallSize = 4 * MaskedVector.MaxSize128;

    /// <summary>Whether the CPU has the AVX-512 masked accesses this path needs; a JIT-time constant.</summary>
    public static bool IsSupported
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => MaskedVector.IsSupported;
    }

    /// <summary>
    /// Whether <see cref="Bytes.Compare(byte*, byte*, int)"/> inlines <see cref="Inlined"/>: AVX-512 masked accesses and
    /// accelerated 512-bit vectors; a JIT-time constant.
    /// </summary>
    public static bool IsInlined
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => MaskedVector.IsSupported && Vector512.IsHardwareAccelerated;
    }

    /// <summary>
    /// <see cref="Bytes.Compare(byte*, byte*, int)"/> where <see cref="IsInlined"/>: 1..<see cref="MaxSmallSize"/> bytes
    /// in one masked 512-bit access per side, in the caller; the other sizes in a call to <see cref="OutsideSmall"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Inlined(byte* x, byte* y, int size)
    {
        // PERF: the mask is made before the size test, as in SizeClasses.Dispatch, so a caller's loop over one size
        // hoists it and keeps it in an opmask register. Nothing differs: the count is 64, & 63 makes it byte 0, in
        // range and equal, so the result is 0 with no branch on the outcome.
        // PERF: the branch is taken away from the key sizes, so without profile data the JIT lays them out first.
        Vector512<byte> mask = MaskedVector.MaskFor512((uint)size);
        if ((uint)size - 1 >= MaxSmallSize)
            return OutsideSmall(x, y, size);
        nuint i = (nuint)ulong.TrailingZeroCount(MaskedVector.DifferingBytes(x, y, mask)) & (MaxSmallSize - 1);
        return x[i] - y[i];
    }

    /// <summary>
    /// <see cref="Bytes.Compare(byte*, byte*, int)"/> where <see cref="IsInlined"/> is false: a call, with AVX-512
    /// (<see cref="Compare"/>) or without it (the size switch).
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int Called(byte* x, byte* y, int size) =>
        IsSupported ? Compare(x, y, size) : SizeClasses.Portable<CompareCallOperation, int>(new CompareCallOperation(x, y), size);

    /// <summary>
    /// <see cref="Called"/> with AVX-512: 1..<see cref="MaxSmallSize"/> bytes here in 128-bit registers, the other
    /// sizes in <see cref="OutsideSmall"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Compare(byte* x, byte* y, int size)
    {
        // PERF: one compare-and-branch before the first load for 1..16 bytes, one more for 17..64. The branches are
        // taken away from the key sizes, so without profile data the JIT lays out 1..16 bytes first, straight on.
        if ((uint)size - 1 >= MaskedVector.MaxSize128)
            return (uint)size - (MaskedVector.MaxSize128 + 1) < MaxSmallSize - MaskedVector.MaxSize128 ? UpToSixtyFour(x, y, (uint)size) : OutsideSmall(x, y, size);
        return UpToSixteen(x, y, (uint)size);
    }

    /// <summary>Compares 1..<see cref="MaskedVector.MaxSize128"/> bytes in one masked 128-bit access per side.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int UpToSixteen(byte* x, byte* y, uint size)
    {
        // PERF: nothing differs: the count is 32, & 15 makes it byte 0, in range and equal, so the result is 0 with
        // no branch on the outcome.
        uint differ = MaskedVector.DifferingBytes(x, y, MaskedVector.MaskFor128(size));
        nuint i = (nuint)BitOperations.TrailingZeroCount(differ) & (MaskedVector.MaxSize128 - 1);
        return x[i] - y[i];
    }

    /// <summary>Compares 17..<see cref="MaxSmallSize"/> bytes in two or four plain 128-bit accesses per side, inside the bounds.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int UpToSixtyFour(byte* x, byte* y, uint size)
    {
        // PERF: 17..32 and 33..64 bytes in two and four 16-byte accesses, the last one or two ending at the last byte.
        // The differing-byte bits of each access are joined at its offset into one word (an overlap is the same bytes
        // in both accesses, at the same bits), so neither class branches on the outcome. Nothing differs: the count
        // is 64, & 63 makes it byte 0, in range and equal, and the result is 0.
        ulong differ;
        if (size <= 2 * MaskedVector.MaxSize128)
        {
            uint last = size - MaskedVector.MaxSize128;
            differ = MaskedVector.DifferingBytes16(x, y) | (ulong)MaskedVector.DifferingBytes16(x + last, y + last) << (int)last;
        }
        else
        {
            uint last = size - 2 * MaskedVector.MaxSize128;
            ulong head = MaskedVector.DifferingBytes16(x, y) | MaskedVector.DifferingBytes16(x + 16, y + 16) << 16;
            ulong tail = MaskedVector.DifferingBytes16(x + last, y + last) | MaskedVector.DifferingBytes16(x + last + 16, y + last + 16) << 16;
            differ = head | tail << (int)last;
        }

        nuint i = (nuint)BitOperations.TrailingZeroCount(differ) & (MaxSmallSize - 1);
        return x[i] - y[i];
    }

    /// <summary>
    /// <see cref="Bytes.Compare(byte*, byte*, int)"/> for the sizes <see cref="Compare"/> does not take: more
    /// than <see cref="MaxSmallSize"/> bytes, 0, or negative (rejected).
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int OutsideSmall(byte* x, byte* y, int size)
    {
        if (size > MaxSmallSize)
            return SizeClasses.Blocks<CompareOperation, int>(new CompareOperation(x, y), (nuint)size);
        return size == 0 ? 0 : ThrowNegativeSize();
    }

    /// <summary>
    /// More than <see cref="SizeClasses.MaxWordsSize"/> bytes on the portable path of the call (no AVX-512), out of
    /// line for the same reason as <see cref="OutsideSmall"/>: the size switch's method keeps no loop and no 256-bit
    /// register.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int Blocks(byte* x, byte* y, nuint size) => SizeClasses.Blocks<CompareOperation, int>(new CompareOperation(x, y), size);

    // PERF: [DoesNotReturn] and not NoInlining, as SizeClasses' throw helper: the JIT keeps the call off the hot path.
    [DoesNotReturn]
    private static int ThrowNegativeSize() =>
        throw new ArgumentOutOfRangeException("size", "The size must not be negative.");
}

/// <summary>
/// <see cref="CompareOperation"/> with its blocks out of line (<see cref="CompareCall.Blocks"/>): the portable path of
/// the compare call, the size switch and its classes in the call's own method, the loops in another.
/// </summary>
internal readonly unsafe struct CompareCallOperation(byte* x, byte* y) : ISizeClassOperation<int>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int Empty() => 0;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int UpToThreeBytes(nuint size) => new CompareOperation(x, y).UpToThreeBytes(size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int TwoWords<TWord>(nuint last) where TWord : unmanaged => new CompareOperation(x, y).TwoWords<TWord>(last);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int Masked(Vector256<byte> mask) => new CompareOperation(x, y).Masked(mask);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int VectorBlocks(nuint size) => CompareCall.Blocks(x, y, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int WordBlocks(nuint size) => CompareCall.Blocks(x, y, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int AdvSimdBlocks(nuint size) => CompareCall.Blocks(x, y, size);
}
