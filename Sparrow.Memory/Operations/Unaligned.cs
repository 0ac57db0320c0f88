using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>
/// Unaligned loads and stores of words (unsigned integers or vectors) at a byte address, shared by every path.
/// </summary>
internal static unsafe class Unaligned
{
    /// <summary>The 8-byte word at <paramref name="p"/>, unaligned.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Load64(byte* p) => Unsafe.ReadUnaligned<ulong>(p);

    /// <summary>A <typeparamref name="TWord"/> (an unsigned integer or a vector) at <paramref name="p"/>, unaligned.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TWord Load<TWord>(byte* p) where TWord : unmanaged => Unsafe.ReadUnaligned<TWord>(p);

    /// <summary>Stores a <typeparamref name="TWord"/> at <paramref name="p"/>, unaligned.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store<TWord>(byte* p, TWord value) where TWord : unmanaged => Unsafe.WriteUnaligned(p, value);

    /// <summary>
    /// Copies <c>sizeof(TWord)</c>..<c>2 × sizeof(TWord)</c> bytes as two overlapping words, the second at
    /// <paramref name="last"/> (ending at the last byte). Both are loaded before either is stored, so the copy is
    /// right whatever the overlap of the two ranges.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void CopyTwo<TWord>(byte* source, byte* destination, nuint last) where TWord : unmanaged
    {
        TWord head = Load<TWord>(source);
        TWord tail = Load<TWord>(source + last);
        Store(destination, head);
        Store(destination + last, tail);
    }

    /// <summary>Stores <paramref name="pattern"/> at offset 0 and at <paramref name="last"/>: <c>sizeof(TWord)</c>..<c>2 × sizeof(TWord)</c> bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreTwo<TWord>(byte* destination, TWord pattern, nuint last) where TWord : unmanaged
    {
        Store(destination, pattern);
        Store(destination + last, pattern);
    }

    /// <summary>
    /// Stores 1..3 bytes as three single bytes: <paramref name="first"/> at 0, <paramref name="middle"/> at
    /// <c>size / 2</c> and <paramref name="last"/> at <c>size - 1</c> (for 1 or 2 bytes some are the same byte).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreThree(byte* destination, nuint size, byte first, byte middle, byte last)
    {
        destination[0] = first;
        destination[size / 2] = middle;
        destination[size - 1] = last;
    }
}
