using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>
/// A key's head: the integer that stands for the key in a node of a <see cref="SortedKeyTable"/>, so that most
/// of a search compares integers instead of bytes.
/// </summary>
/// <remarks>
/// <para>
/// The head of W words of a key at an offset (the length of the prefix every key of the node shares) holds the
/// next 8W - 1 key bytes big-endian, zero-padded past the key's end, and in the low byte of its last word the
/// count of key bytes from the offset, at most 8W. Compared word by word, for two keys that share the prefix,
/// <c>a &lt; b</c> implies <c>Head(a) &lt;= Head(b)</c>: a byte that differs within the head orders the heads
/// as it orders the keys; when one key ends inside the head and the other continues with zero bytes, the counts
/// order them (so <c>ab</c> is below <c>ab\0</c>). Equal heads whose count is below 8W hold all of both keys:
/// the keys are equal. Equal heads with a count of 8W are a tie that the bytes after the head decide. Leaves use
/// one word (8 bytes a key); inner nodes, a sixteenth of the entries, use more to tie less often.
/// </para>
/// <para>
/// Heads are stored with the sign bit flipped (<see cref="Bias"/>), so that signed 64-bit comparisons, which
/// every vector instruction set has, order them as unsigned ones would.
/// </para>
/// </remarks>
internal static unsafe class KeyHead
{
    /// <summary>Flips the sign bit: signed order of biased heads is the unsigned order of heads.</summary>
    public const long Bias = long.MinValue;

    /// <summary>
    /// The lead of a head from byte <paramref name="offset"/>: its first 4 key bytes, big-endian, zero-padded, biased
    /// (the high half of its first word, whichever the head's width). Leads order as the keys for keys that share
    /// the prefix (<c>a &lt; b</c> implies <c>Lead(a) &lt;= Lead(b)</c>), but equal leads tell nothing: the key may end
    /// inside them (they hold no count) or go on.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Lead(byte* key, int length, int offset) => (int)(Word(key, length, offset, 0) >> 32);

    /// <summary>
    /// Word <paramref name="index"/> (not the last) of a head of several words from byte
    /// <paramref name="offset"/>: the 8 key bytes at <c>offset + 8 × index</c>, big-endian, zero-padded, biased.
    /// </summary>
    /// <remarks>A head of several words orders as the keys when its words are compared in turn; only its last word holds the length.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static long Word(byte* key, int length, int offset, int index) =>
        (long)BigEndianBytesAt(key, length, offset + sizeof(ulong) * index) ^ Bias;

    /// <summary>
    /// The last word of the <paramref name="words"/>-word head from byte <paramref name="offset"/> (at most
    /// <paramref name="length"/>): the 7 key bytes at <c>offset + 8 × (words - 1)</c> and the count of key bytes
    /// from the offset, at most <c>8 × words</c>; biased.
    /// </summary>
    /// <remarks>
    /// Reads the 8 bytes that end at the key's end when fewer than 8 follow a word's start: the caller guarantees
    /// that 8 bytes before the key's end are readable (a key shorter than 8 bytes is first copied to the end of an
    /// 8-byte buffer).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static long Last(byte* key, int length, int offset, int words)
    {
        ulong bytes = BigEndianBytesAt(key, length, offset + sizeof(ulong) * (words - 1));
        return (long)((bytes & ~0xFFUL) | (uint)Count(length - offset, words)) ^ Bias;
    }

    /// <summary>The count in the last word of a <paramref name="words"/>-word head of a key with <paramref name="remaining"/> bytes from the head's offset: at most <c>8 × words</c>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Count(int remaining, int words)
    {
        int limit = sizeof(ulong) * words;
        // PERF: Math.Min without a branch (the JIT makes no conditional move inside the search loop).
        return limit + ((remaining - limit) & ((remaining - limit) >> 31));
    }

    /// <summary>Whether equal heads of <paramref name="words"/> words mean equal keys (the key ends within the head), rather than a tie.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool HoldsWholeKey(long last, int words) => (last & 0xFF) < sizeof(ulong) * words;

    /// <summary>The key bytes a head of <paramref name="words"/> words holds.</summary>
    public static int BytesOf(int words) => sizeof(ulong) * words - 1;

    /// <summary>The 8 key bytes from <paramref name="at"/> big-endian, zero past the key's end (none when <paramref name="at"/> is at or past it).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong BigEndianBytesAt(byte* key, int length, int at)
    {
        // PERF: no branch on the key's length (it would mispredict on keys of mixed lengths; the JIT makes no
        // conditional move inside the search loop) and no byte loop: the 8 bytes at the offset, or, when fewer
        // follow it, the 8 bytes that end at the key's end, shifted left by the bytes missing so zeros follow.
        // The shift (0..64 bits) is done in two halves: one shift by 64 would be taken modulo 64.
        int missing = sizeof(ulong) - (length - at);
        missing &= ~(missing >> 31);
        int shift = 4 * (sizeof(ulong) + ((missing - sizeof(ulong)) & ((missing - sizeof(ulong)) >> 31)));
        return LoadBigEndian(key + at - missing) << shift << shift;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong LoadBigEndian(byte* p)
    {
        ulong word = Unsafe.ReadUnaligned<ulong>(p);
        return BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(word) : word;
    }
}
