using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow;

/// <summary>
/// Unaligned loads and stores, and the exact byte difference of two words, shared by every path.
/// Words hold bytes in memory order as the machine loads them; <see cref="BitConverter.IsLittleEndian"/>
/// is a JIT-time constant, so only one side of each endianness test survives in machine code.
/// </summary>
internal static unsafe class Words
{
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
    public static NoResult CopyTwo<TWord>(byte* destination, byte* source, nuint last) where TWord : unmanaged
    {
        TWord head = Load<TWord>(source);
        TWord tail = Load<TWord>(source + last);
        Store(destination, head);
        Store(destination + last, tail);
        return default;
    }

    /// <summary>
    /// <paramref name="value"/> in every byte of a <typeparamref name="TWord"/>: ushort, uint, ulong, or a
    /// 128- or 256-bit vector of bytes (the type is a JIT-time constant, so one branch survives).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TWord Repeat<TWord>(byte value) where TWord : unmanaged
    {
        if (typeof(TWord) == typeof(Vector128<byte>))
            return Unsafe.BitCast<Vector128<byte>, TWord>(Vector128.Create(value));
        if (typeof(TWord) == typeof(Vector256<byte>))
            return Unsafe.BitCast<Vector256<byte>, TWord>(Vector256.Create(value));
        ulong pattern = value * 0x0101_0101_0101_0101UL;
        return sizeof(TWord) == sizeof(ushort) ? Unsafe.BitCast<ushort, TWord>((ushort)pattern)
            : sizeof(TWord) == sizeof(uint) ? Unsafe.BitCast<uint, TWord>((uint)pattern)
            : Unsafe.BitCast<ulong, TWord>(pattern);
    }

    /// <summary>Stores <paramref name="pattern"/> at offset 0 and at <paramref name="last"/>: <c>sizeof(TWord)</c>..<c>2 × sizeof(TWord)</c> bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static NoResult StoreTwo<TWord>(byte* destination, TWord pattern, nuint last) where TWord : unmanaged
    {
        Store(destination, pattern);
        Store(destination + last, pattern);
        return default;
    }

    /// <summary>A 2-, 4- or 8-byte unsigned word, zero-extended (the width is a JIT-time constant).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Widen<TWord>(TWord word) where TWord : unmanaged =>
        sizeof(TWord) == sizeof(ushort) ? Unsafe.BitCast<TWord, ushort>(word)
        : sizeof(TWord) == sizeof(uint) ? Unsafe.BitCast<TWord, uint>(word)
        : Unsafe.BitCast<TWord, ulong>(word);

    /// <summary>
    /// Joins two loads of <paramref name="width"/> bytes (2 or 4, zero-extended) so the bytes of
    /// <paramref name="first"/> come before those of <paramref name="second"/> in the order
    /// <see cref="ByteDifference(ulong, ulong)"/> scans, as if they were one load of the concatenated bytes.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Join(ulong first, ulong second, int width) =>
        BitConverter.IsLittleEndian ? first | second << (8 * width) : first << (8 * width) | second;

    /// <summary>
    /// The first, middle (<c>size / 2</c>) and last of 1..3 bytes joined in memory order, as
    /// <see cref="ByteDifference(ulong, ulong)"/> scans: their positions never decrease, so the first byte where two
    /// joins differ is the first position where the bytes differ.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong JoinThree(byte* p, nuint size) =>
        BitConverter.IsLittleEndian
            ? p[0] | (ulong)p[size / 2] << 8 | (ulong)p[size - 1] << 16
            : (ulong)p[0] << 56 | (ulong)p[size / 2] << 48 | (ulong)p[size - 1] << 40;

    /// <summary>
    /// <c>a[i] - b[i]</c> for the first byte <c>i</c> (in memory order) where two loads differ, or 0 when
    /// they are equal. Loads narrower than 64 bits are passed zero-extended.
    /// </summary>
    /// <remarks>
    /// PERF: XOR, count zero bits from the first byte in memory, round down to a whole byte (<c>&amp; 56</c>)
    /// and shift both words: no byte loop and no second memory access. When <c>a == b</c> the count is 64,
    /// which <c>&amp; 56</c> turns into 0, and two equal bytes subtract to 0: the equal case needs no branch.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int ByteDifference(ulong a, ulong b)
    {
        int shift = BitConverter.IsLittleEndian
            ? BitOperations.TrailingZeroCount(a ^ b) & 56
            : 56 - (BitOperations.LeadingZeroCount(a ^ b) & 56);
        return (int)(byte)(a >> shift) - (byte)(b >> shift);
    }

    /// <summary><c>x[i] - y[i]</c> for the lowest set bit <c>i</c> of <paramref name="differ"/> (bit i set: byte i differs), which has one.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int FirstDifference(byte* x, byte* y, ulong differ)
    {
        nuint i = (nuint)BitOperations.TrailingZeroCount(differ);
        return x[i] - y[i];
    }
}
