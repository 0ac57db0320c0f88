using System.Numerics;
using System.Runtime.CompilerServices;

namespace Sparrow;

/// <summary>
/// Unaligned word loads and the exact byte difference of two words, shared by every compare path.
/// Words hold bytes in memory order as the machine loads them; <see cref="BitConverter.IsLittleEndian"/>
/// is a JIT-time constant, so only one side of each endianness test survives in machine code.
/// </summary>
internal static unsafe class Words
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ushort Load16(byte* p) => Unsafe.ReadUnaligned<ushort>(p);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Load32(byte* p) => Unsafe.ReadUnaligned<uint>(p);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Load64(byte* p) => Unsafe.ReadUnaligned<ulong>(p);

    /// <summary>
    /// Joins two loads so the bytes of <paramref name="first"/> come before those of <paramref name="second"/>
    /// in the order <see cref="ByteDifference"/> scans, as if they were one load of the concatenated bytes.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Join(ushort first, ushort second) =>
        BitConverter.IsLittleEndian ? first | (uint)second << 16 : (uint)first << 16 | second;

    /// <inheritdoc cref="Join(ushort, ushort)"/>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Join(uint first, uint second) =>
        BitConverter.IsLittleEndian ? first | (ulong)second << 32 : (ulong)first << 32 | second;

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
}
