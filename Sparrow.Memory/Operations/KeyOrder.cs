using System.Numerics;
using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>
/// Key-order arithmetic on loaded words: widening, joining narrow loads in memory order, and the exact byte
/// difference of two words, shared by compare and equality. Words hold bytes in memory order as the machine loads
/// them; <see cref="BitConverter.IsLittleEndian"/> is a JIT-time constant, so only one side of each endianness
/// test survives in machine code.
/// </summary>
internal static unsafe class KeyOrder
{
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
