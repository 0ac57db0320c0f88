using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Storage;

/// <summary>
/// <see cref="Bytes.Compare(byte*, byte*, int)"/>: with AVX-512, <see cref="Inlined"/> at the call site, 1..32 bytes in
/// one masked 256-bit access per side, 33..64 in two plain ones, the other sizes (and 0 or a negative size) a call to
/// <see cref="OutsideSmall"/>. Without AVX-512 a call to <see cref="Called"/>: the size switch of
/// <see cref="SizeClasses.Portable{TOperation, TResult}"/> with the blocks in <see cref="Blocks"/>
/// (<see cref="CompareCallOperation"/>). <see cref="Bytes.CompareInline(byte*, byte*, int)"/> keeps the inlined
/// dispatch of <see cref="SizeClasses"/>, its blocks included.
/// </summary>
/// <remarks>
/// PERF: a call spends beyond the compare what its method spends around it, and the JIT decides that per method, not
/// per path: a method that touches a 256-bit register runs vzeroupper before every return, and one with loops or
/// more than three blocks gets an rbp frame. So the methods that are calls keep the block loops out of the size
/// switch's method (<see cref="Blocks"/>), and the inlined path keeps them out of the caller
/// (<see cref="OutsideSmall"/>): at the call site the 1..64-byte path costs no more than CompareInline's masked one.
/// </remarks>
internal static unsafe class CompareCall
{
    /// <summary>The largest size <see cref="Inlined"/> covers at the call site.</summary>
    public const int MaxSmallSize = 2 * MaskedVector.MaxSize;

    /// <summary>
    /// <see cref="Bytes.Compare(byte*, byte*, int)"/> where the CPU has AVX-512 masked accesses: 1..32 bytes in one masked
    /// access per side, 33..<see cref="MaxSmallSize"/> in two plain ones, the other sizes in a call to <see cref="OutsideSmall"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Inlined(byte* x, byte* y, int size)
    {
        // PERF: the mask is made before the size test, as in SizeClasses.Dispatch, so a caller's loop over one size
        // hoists it and keeps it in an opmask register. The branch is taken away from the key sizes, so without
        // profile data the JIT lays them out first. One 256-bit access, not a 512-bit one for 1..64: on mixed sizes
        // (CompareWorkload) the 512-bit mask and accesses cost about a third more per compare on Zen 4.
        Vector256<byte> mask = MaskedVector.MaskFor((uint)size);
        if ((uint)size - 1 >= MaskedVector.MaxSize)
            return OverThirtyTwo(x, y, size);
        return new CompareOperation(x, y).Masked(mask);
    }

    /// <summary>The sizes <see cref="Inlined"/> does not mask: 33..<see cref="MaxSmallSize"/> here, the others in <see cref="OutsideSmall"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int OverThirtyTwo(byte* x, byte* y, int size)
    {
        if ((uint)size - (MaskedVector.MaxSize + 1) >= MaxSmallSize - MaskedVector.MaxSize)
            return OutsideSmall(x, y, size);
        return UpToSixtyFour(x, y, (uint)size);
    }

    /// <summary>Compares 33..<see cref="MaxSmallSize"/> bytes in two plain 256-bit accesses per side, inside the bounds.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int UpToSixtyFour(byte* x, byte* y, uint size)
    {
        // PERF: the second access ends at the last byte; its differing-byte bits are joined at its offset into one word
        // (an overlap is the same bytes in both accesses, at the same bits), so nothing branches on the outcome. Nothing
        // differs: the count is 64, & 63 makes it byte 0, in range and equal, and the result is 0.
        nuint last = size - MaskedVector.MaxSize;
        ulong differ = MaskedVector.DifferingBytes32(x, y) | (ulong)MaskedVector.DifferingBytes32(x + last, y + last) << (int)last;
        nuint i = (nuint)ulong.TrailingZeroCount(differ) & (MaxSmallSize - 1);
        return x[i] - y[i];
    }

    /// <summary>
    /// <see cref="Bytes.Compare(byte*, byte*, int)"/> without AVX-512: a call, the size switch in its own method and the
    /// blocks in <see cref="Blocks"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int Called(byte* x, byte* y, int size) =>
        SizeClasses.Portable<CompareCallOperation, int>(new CompareCallOperation(x, y), size);

    /// <summary>
    /// <see cref="Bytes.Compare(byte*, byte*, int)"/> for the sizes <see cref="Inlined"/> does not take: more
    /// than <see cref="MaxSmallSize"/> bytes, 0, or negative (rejected).
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int OutsideSmall(byte* x, byte* y, int size)
    {
        if (size > MaxSmallSize)
            return SizeClasses.Blocks<CompareOperation, int>(new CompareOperation(x, y), (nuint)size);
        return size == 0 ? 0 : SizeClasses.ThrowNegativeSize<int>();
    }

    /// <summary>
    /// More than <see cref="SizeClasses.MaxWordsSize"/> bytes on the portable path of the call (no AVX-512), out of
    /// line for the same reason as <see cref="OutsideSmall"/>: the size switch's method keeps no loop and no 256-bit
    /// register.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int Blocks(byte* x, byte* y, nuint size) => SizeClasses.Blocks<CompareOperation, int>(new CompareOperation(x, y), size);
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
