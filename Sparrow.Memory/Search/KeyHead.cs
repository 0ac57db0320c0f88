using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Sparrow;

/// <summary>
/// A key's head: the integer that stands for the key in a node of a <see cref="SortedKeyTable"/>, so that most
/// of a search compares integers instead of bytes.
/// </summary>
/// <remarks>
/// <para>
/// The head of a key at an offset (the length of the prefix every key of the node shares) holds the next
/// <see cref="Bytes"/> key bytes big-endian, zero-padded past the key's end, in its top 56 bits, and the
/// count of key bytes from the offset, at most <see cref="LongRemainder"/>, in its low byte. For two keys that
/// share the prefix, <c>a &lt; b</c> implies <c>Head(a) &lt;= Head(b)</c>: a byte that differs within the
/// first seven orders the heads as it orders the keys; when one key ends inside them and the other continues
/// with zero bytes, the lengths in the low byte order them (so <c>ab</c> is below <c>ab\0</c>). Equal heads
/// whose low byte is below <see cref="LongRemainder"/> hold all of both keys: the keys are equal. Equal heads
/// with a low byte of <see cref="LongRemainder"/> are a tie that the bytes after the first seven decide.
/// </para>
/// <para>
/// Heads are stored with the sign bit flipped (<see cref="Bias"/>), so that signed 64-bit comparisons, which
/// every vector instruction set has, order them as unsigned ones would.
/// </para>
/// </remarks>
internal static unsafe class KeyHead
{
    /// <summary>Key bytes a head holds.</summary>
    public const int Bytes = 7;

    /// <summary>The low byte of a head whose key has more than <see cref="Bytes"/> bytes after the offset.</summary>
    public const int LongRemainder = Bytes + 1;

    /// <summary>Flips the sign bit: signed order of biased heads is the unsigned order of heads.</summary>
    public const long Bias = long.MinValue;

    /// <summary>
    /// The biased head of the <paramref name="length"/>-byte key at <paramref name="key"/>, from byte
    /// <paramref name="offset"/> (at most <paramref name="length"/>).
    /// </summary>
    /// <remarks>
    /// Reads the 8 bytes that end at the key's end when fewer than 8 follow the offset: the caller guarantees
    /// that 8 bytes before the key's end are readable (a key shorter than 8 bytes is first copied to the end of
    /// an 8-byte buffer).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static long Of(byte* key, int length, int offset)
    {
        // PERF: no branch on the key's length (it would mispredict on keys of mixed lengths; the JIT does not turn
        // Math.Min into a conditional move inside the search loop) and no byte loop: the 8 bytes at the offset, or,
        // when only 8 - missing follow it, the 8 bytes that end at the key's end shifted left by the missing bytes
        // so zeros follow. The shift (0..64 bits) is done in two halves: one shift by 64 would be taken modulo 64.
        int missing = sizeof(ulong) - (length - offset);
        missing &= ~(missing >> 31);
        ulong bytes = LoadBigEndian(key + offset - missing) << (4 * missing) << (4 * missing);
        return (long)((bytes & ~0xFFUL) | (uint)(sizeof(ulong) - missing)) ^ Bias;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong LoadBigEndian(byte* p)
    {
        ulong word = Unsafe.ReadUnaligned<ulong>(p);
        return BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(word) : word;
    }

    /// <summary>Whether equal heads mean equal keys (the key ends within the head), rather than a tie.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool HoldsWholeKey(long head) => (head & 0xFF) < LongRemainder;
}
