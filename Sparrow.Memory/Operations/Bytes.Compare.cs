using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Storage;

public static unsafe partial class Bytes
{
    /// <summary>Compares <paramref name="byteCount"/> bytes at <paramref name="x"/> and <paramref name="y"/> in key (memcmp) order.</summary>
    /// <param name="x">The first run of bytes.</param>
    /// <param name="y">The second run of bytes.</param>
    /// <param name="byteCount">How many bytes to compare; the same for both.</param>
    /// <returns>0 when the bytes are equal, otherwise exactly <c>x[i] - y[i]</c> (-255..255) for the first index <c>i</c> where they differ.</returns>
    /// <remarks>
    /// Inlines a small body (<see cref="CompareCall"/>): with AVX-512, 1..64 bytes in one or two 256-bit accesses per
    /// side, the other sizes a call; without it, one call (the size switch, the longer inputs out of line).
    /// <see cref="CompareInline(byte*, byte*, int)"/>
    /// inlines the whole compare into its caller, which saves the call at every size and costs a few hundred bytes of
    /// machine code at each call site.
    /// </remarks>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="byteCount"/> is negative.</exception>
    // PERF: as a call, the compare cost about what libc's memcmp does at key sizes (issue 36): even a leaf with no frame
    // and one masked access measured only ~0.9x memcmp, the call, its return and the caller's spills around it being
    // most of the time. Inlined, 1..64 bytes are a few instructions at the call site and a loop over one size hoists
    // the mask. AggressiveInlining, not the JIT's choice: a forwarding caller outside a loop kept the call.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Compare(byte* x, byte* y, int byteCount) =>
        MaskedVector.IsSupported ? CompareCall.Inlined(x, y, byteCount) : CompareCall.Called(x, y, byteCount);

    /// <summary>
    /// The same as <see cref="Compare(byte*, byte*, int)"/>, inlined into its caller so a hot call site (a B+tree
    /// page search) pays no call for key-sized inputs, at the price of a few hundred bytes of machine code per
    /// call site.
    /// </summary>
    /// <param name="x">The first run of bytes.</param>
    /// <param name="y">The second run of bytes.</param>
    /// <param name="byteCount">How many bytes to compare; the same for both.</param>
    /// <returns>0 when the bytes are equal, otherwise exactly <c>x[i] - y[i]</c> (-255..255) for the first index <c>i</c> where they differ.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="byteCount"/> is negative.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int CompareInline(byte* x, byte* y, int byteCount) =>
        SizeClasses.Dispatch<CompareOperation, int>(new CompareOperation(x, y), byteCount);

    /// <summary>
    /// Compares two keys in key order: byte-wise over the common prefix as
    /// <see cref="Compare(byte*, byte*, int)"/>, then the shorter key first.
    /// </summary>
    /// <param name="x">The first key.</param>
    /// <param name="xByteCount">The length of the first key.</param>
    /// <param name="y">The second key.</param>
    /// <param name="yByteCount">The length of the second key.</param>
    /// <returns>
    /// <c>x[i] - y[i]</c> for the first differing index <c>i</c> of the common prefix; when the prefix is
    /// equal, <c>xByteCount - yByteCount</c> (0 when the keys are equal).
    /// </returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="xByteCount"/> or <paramref name="yByteCount"/> is negative.</exception>
    public static int Compare(byte* x, int xByteCount, byte* y, int yByteCount) => CompareKeys(x, xByteCount, y, yByteCount);

    /// <summary>
    /// Compares two spans in key order; the sign and the value equal
    /// <see cref="MemoryExtensions.SequenceCompareTo{T}(ReadOnlySpan{T}, ReadOnlySpan{T})"/>.
    /// </summary>
    /// <param name="x">The first key.</param>
    /// <param name="y">The second key.</param>
    /// <returns>
    /// <c>x[i] - y[i]</c> for the first differing index <c>i</c> of the common prefix; when the prefix is
    /// equal, <c>x.Length - y.Length</c> (0 when the spans are equal).
    /// </returns>
    public static int Compare(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y)
    {
        fixed (byte* p1 = &MemoryMarshal.GetReference(x))
        fixed (byte* p2 = &MemoryMarshal.GetReference(y))
            return CompareKeys(p1, x.Length, p2, y.Length);
    }

    /// <summary>The common prefix, then the shorter key first. A negative size makes the common length negative, which the size dispatch rejects.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int CompareKeys(byte* p1, int size1, byte* p2, int size2)
    {
        int result = CompareInline(p1, p2, Math.Min(size1, size2));
        return result != 0 ? result : size1 - size2;
    }
}

/// <summary>Compare, once per size class and path (see <see cref="SizeClasses"/>): the exact difference of the first differing byte.</summary>
internal readonly unsafe struct CompareOperation(byte* x, byte* y) : ISizeClassOperation<int>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int Empty() => 0;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int UpToThreeBytes(nuint size) =>
        KeyOrder.ByteDifference(KeyOrder.JoinThree(x, size), KeyOrder.JoinThree(y, size));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int TwoWords<TWord>(nuint last) where TWord : unmanaged
    {
        ulong x0 = KeyOrder.Widen(Unaligned.Load<TWord>(x));
        ulong y0 = KeyOrder.Widen(Unaligned.Load<TWord>(y));
        ulong x1 = KeyOrder.Widen(Unaligned.Load<TWord>(x + last));
        ulong y1 = KeyOrder.Widen(Unaligned.Load<TWord>(y + last));
        if (sizeof(TWord) < sizeof(ulong))
            return KeyOrder.ByteDifference(KeyOrder.Join(x0, x1, sizeof(TWord)), KeyOrder.Join(y0, y1, sizeof(TWord)));

        // PERF: 8..16 bytes: the words at the start if they differ, else those ending at the last byte (bytes the
        // two share then compared equal). Both pairs are loaded before the choice, so the second pair's loads never
        // wait on it; .NET 10 compiles the choice to a branch (setne, test, jne), not conditional moves.
        bool headDiffers = x0 != y0;
        ulong a = headDiffers ? x0 : x1;
        ulong b = headDiffers ? y0 : y1;
        return KeyOrder.ByteDifference(a, b);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int Masked(Vector256<byte> mask)
    {
        // PERF: no branch on the outcome: when nothing differs the count is 32, which & 31 turns into byte 0, in
        // range and equal, so the difference is 0. Keys that differ at random positions mispredict nothing.
        uint i = (uint)BitOperations.TrailingZeroCount(MaskedVector.DifferingBytes(x, y, mask)) & (MaskedVector.MaxSize - 1);
        return x[i] - y[i];
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int VectorBlocks(nuint size) => Sparrow.Storage.VectorBlocks.Compare(x, y, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int WordBlocks(nuint size) => Sparrow.Storage.WordBlocks.Compare(x, y, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int AdvSimdBlocks(nuint size) => Sparrow.Storage.AdvSimdBlocks.Compare(x, y, size);
}
