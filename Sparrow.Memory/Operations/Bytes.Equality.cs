using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Storage;

public static unsafe partial class Bytes
{
    /// <summary>
    /// Tests whether <paramref name="byteCount"/> bytes at <paramref name="x"/> and <paramref name="y"/> are equal.
    /// Faster than <see cref="Compare(byte*, byte*, int)"/>: it never locates the first difference.
    /// </summary>
    /// <param name="x">The first run of bytes.</param>
    /// <param name="y">The second run of bytes.</param>
    /// <param name="byteCount">How many bytes to compare; the same for both.</param>
    /// <returns><see langword="true"/> when the bytes are equal.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="byteCount"/> is negative.</exception>
    public static bool SequenceEqual(byte* x, byte* y, int byteCount) =>
        SizeClasses.Equal(x, y, byteCount);

    /// <summary>Tests whether two spans have the same length and the same bytes.</summary>
    /// <param name="x">The first span.</param>
    /// <param name="y">The second span.</param>
    /// <returns><see langword="true"/> when the spans are equal.</returns>
    public static bool SequenceEqual(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y)
    {
        if (x.Length != y.Length)
            return false;
        fixed (byte* p1 = &MemoryMarshal.GetReference(x))
        fixed (byte* p2 = &MemoryMarshal.GetReference(y))
            return SizeClasses.Equal(p1, p2, x.Length);
    }
}

/// <summary>SequenceEqual, once per size class and path (see <see cref="SizeClasses"/>).</summary>
/// <remarks>PERF: the XORs of each class are ORed together and tested once: each class is one branch-free expression.</remarks>
internal readonly unsafe struct EqualOperation(byte* x, byte* y) : ISizeClassOperation<bool>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool Empty() => true;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool UpToThreeBytes(nuint size) => KeyOrder.JoinThree(x, size) == KeyOrder.JoinThree(y, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TwoWords<TWord>(nuint last) where TWord : unmanaged =>
        ((KeyOrder.Widen(Unaligned.Load<TWord>(x)) ^ KeyOrder.Widen(Unaligned.Load<TWord>(y)))
            | (KeyOrder.Widen(Unaligned.Load<TWord>(x + last)) ^ KeyOrder.Widen(Unaligned.Load<TWord>(y + last)))) == 0;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool Masked(Vector256<byte> mask) => MaskedVector.DifferingBytes(x, y, mask) == 0;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool VectorBlocks(nuint size) => Sparrow.Storage.VectorBlocks.Equal(x, y, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool WordBlocks(nuint size) => Sparrow.Storage.WordBlocks.Equal(x, y, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool AdvSimdBlocks(nuint size) => Sparrow.Storage.AdvSimdBlocks.Equal(x, y, size);
}
