using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Storage;

public static unsafe partial class Bytes
{
    /// <summary>Sets <paramref name="byteCount"/> bytes at <paramref name="destination"/> to <paramref name="value"/>.</summary>
    /// <param name="destination">The first byte to set.</param>
    /// <param name="value">The value every byte gets (0 clears).</param>
    /// <param name="byteCount">How many bytes to set.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="byteCount"/> is negative.</exception>
    public static void Set(byte* destination, byte value, int byteCount) =>
        SizeClasses.Dispatch<SetOperation, NoResult>(new SetOperation(destination, value), byteCount);

    /// <summary>Sets every byte of <paramref name="destination"/> to <paramref name="value"/>.</summary>
    /// <param name="destination">The bytes to set.</param>
    /// <param name="value">The value every byte gets (0 clears).</param>
    public static void Set(Span<byte> destination, byte value)
    {
        fixed (byte* to = &MemoryMarshal.GetReference(destination))
            SizeClasses.Dispatch<SetOperation, NoResult>(new SetOperation(to, value), destination.Length);
    }
}

/// <summary>Set, once per size class and path (see <see cref="SizeClasses"/>).</summary>
internal readonly unsafe struct SetOperation(byte* destination, byte value) : ISizeClassOperation<NoResult>
{
    // PERF: the masked path's pattern is made with the operation, before the size test, so that in a caller's loop
    // over one value it is hoisted with the mask (see SizeClasses.Dispatch); a path that does not use it drops it.
    private readonly Vector256<byte> _pattern = Vector256.Create(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult Empty() => default;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult UpToThreeBytes(nuint size)
    {
        Unaligned.StoreThree(destination, size, value, value, value);
        return default;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult TwoWords<TWord>(nuint last) where TWord : unmanaged
    {
        Unaligned.StoreTwo(destination, BytePattern.Repeat<TWord>(value), last);
        return default;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult Masked(Vector256<byte> mask)
    {
        MaskedVector.Store(destination, mask, _pattern);
        return default;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult VectorBlocks(nuint size) => Sparrow.Storage.VectorBlocks.Set(destination, value, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult WordBlocks(nuint size) => Sparrow.Storage.WordBlocks.Set(destination, value, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public NoResult AdvSimdBlocks(nuint size) => WordBlocks(size);
}
