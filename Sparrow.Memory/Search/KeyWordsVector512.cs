using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// The words of a key's head built in a 512-bit register (AVX-512 VBMI), for a key of at most
/// <see cref="MaxLength"/> bytes on the <see cref="HeadScanVector512"/> path: the key in one masked load, each
/// word after a node's prefix in one byte permute, already in every lane for the scan. The same heads as
/// <see cref="KeyHead.Word"/> and <see cref="KeyHead.Last"/>, with no arithmetic on where the key ends per word
/// and no key bytes written to memory and read back (a copy's wide store does not forward to the word loads).
/// </summary>
internal static unsafe class KeyWordsVector512
{
    /// <summary>The longest key whose words are built here.</summary>
    public const int MaxLength = 64;

    /// <summary>Whether this machine has the permutes (AVX-512 VBMI) and accelerates 512-bit vectors.</summary>
    public static bool IsSupported => Avx512Vbmi.IsSupported && Vector512.IsHardwareAccelerated;

    /// <summary>
    /// The key's lead from byte <paramref name="offset"/> (at most <paramref name="length"/>, itself at most
    /// <see cref="MaxLength"/>) in every 32-bit lane: <see cref="KeyHead.Lead"/>, for <see cref="HeadScanVector512.CompareLeads(int*, Vector512{int}, out uint, out uint)"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<int> Lead(byte* key, int length, int offset)
    {
        // PERF: as in Scan, one masked load of the key's bytes only, then one byte permute: byte j of a lane is key
        // byte offset + 3 - j (big-endian), indices from 64 select the zero table.
        Vector512<byte> bytes = MaskedVector.Load(key, MaskedVector.MaskFor512((uint)length));
        Vector512<byte> indices = ((Vector512<byte>.Indices & Vector512.Create((byte)3)) ^ Vector512.Create((byte)3)) + Vector512.Create((byte)offset);
        return Avx512Vbmi.PermuteVar64x8x2(bytes, indices, Vector512<byte>.Zero).AsInt32() ^ Vector512.Create(int.MinValue);
    }

    /// <summary>
    /// The node scan of <see cref="HeadScanVector512"/> over the <paramref name="words"/>-word heads at
    /// <paramref name="heads"/>, against the key's head from byte <paramref name="offset"/> (at most
    /// <paramref name="length"/>, itself at most <see cref="MaxLength"/>): the entries below the key in the first
    /// word where they differ (<paramref name="below"/>), those equal in every word (<paramref name="tied"/>).
    /// </summary>
    /// <returns>Whether equal heads mean equal keys (<see cref="KeyHead.HoldsWholeKey"/>).</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool Scan(long* heads, byte* key, int length, int offset, int words, out uint below, out uint tied)
    {
        // PERF: the masked load reads only the key's bytes (faults on the others are suppressed) and depends on
        // neither the node nor its prefix, so it runs ahead of the descent. A byte permute gives each word straight
        // in every lane: byte j of a lane is key byte offset + 8 × word + 7 - j (big-endian); indices from 64
        // select the zero table, the padding past the key's end.
        Vector512<byte> bytes = MaskedVector.Load(key, MaskedVector.MaskFor512((uint)length));
        Vector512<byte> indices = ((Vector512<byte>.Indices & Vector512.Create((byte)7)) ^ Vector512.Create((byte)7)) + Vector512.Create((byte)offset);
        uint less = 0, same = (1u << SortedKeyTable.NodeWidth) - 1;
        for (int word = 0; word < words - 1; word++)
        {
            Vector512<long> keyWord = Avx512Vbmi.PermuteVar64x8x2(bytes, indices, Vector512<byte>.Zero).AsInt64() ^ Vector512.Create(KeyHead.Bias);
            HeadScanVector512.Compare(heads, keyWord, out uint wordBelow, out uint wordEqual);
            less |= same & wordBelow;
            same &= wordEqual;
            indices += Vector512.Create((byte)sizeof(ulong));
            heads += SortedKeyTable.NodeWidth;
        }
        int count = KeyHead.Count(length - offset, words);
        // PERF: one XOR puts the count into the cleared low byte and flips the sign bit (the bias).
        Vector512<long> last = (Avx512Vbmi.PermuteVar64x8x2(bytes, indices, Vector512<byte>.Zero).AsInt64() & Vector512.Create(~0xFFL))
            ^ Vector512.Create((long)count ^ KeyHead.Bias);
        HeadScanVector512.Compare(heads, last, out uint lastBelow, out uint lastEqual);
        below = less | (same & lastBelow);
        tied = same & lastEqual;
        return count < sizeof(ulong) * words;
    }
}
