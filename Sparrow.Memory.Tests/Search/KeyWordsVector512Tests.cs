using Sparrow.Testing;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// The key words and lead built in a 512-bit register against the scalar heads (<see cref="KeyHead.Word"/>,
/// <see cref="KeyHead.Last"/>, <see cref="KeyHead.Lead"/>) scanned as <see cref="HeadScanScalar"/> does: every key length 0..64, every offset
/// up to it, every head width, with the key's bytes ending at and starting after a guard page.
/// </summary>
public sealed unsafe class KeyWordsVector512Tests
{
    [Fact]
    public void Scan_AgreesWithTheScalarHeads_ForEveryLengthOffsetAndWidth_ReadingOnlyTheKey()
    {
        SkipReasons.SkipIf(SkipReasons.KeyWordsVector512);
        long* heads = (long*)System.Runtime.InteropServices.NativeMemory.AlignedAlloc(SortedKeyTable.MaxWords * SortedKeyTable.NodeWidth * sizeof(long), 64);
        using var memory = new GuardedMemory(KeyWordsVector512.MaxLength);
        try
        {
            var random = new Random(21);
            for (int length = 0; length <= KeyWordsVector512.MaxLength; length++)
            {
                for (int offset = 0; offset <= length; offset++)
                {
                    for (int words = 1; words <= SortedKeyTable.MaxWords; words++)
                    {
                        byte[] key = Bytes(random, length);
                        FillNode(heads, random, key, offset, words);
                        (uint below, uint tied, bool whole) = Reference(heads, key, offset, words);
                        int lead = (int)(Head(key, offset, 0, 1) >> 32);
                        foreach (byte* at in new[] { memory.EndingAtGuard(length), memory.StartingAfterGuard })
                        {
                            key.CopyTo(new Span<byte>(at, length));
                            System.Runtime.Intrinsics.Vector512<int> leads = KeyWordsVector512.Lead(at, length, offset);
                            if (leads != System.Runtime.Intrinsics.Vector512.Create(lead))
                                Assert.Fail($"key {Convert.ToHexString(key)} from {offset}: lead {leads}, expected {lead:X8} in every lane.");
                            bool actualWhole = KeyWordsVector512.Scan(heads, at, length, offset, words, out uint actualBelow, out uint actualTied);
                            if ((actualBelow, actualTied, actualWhole) != (below, tied, whole))
                                Assert.Fail($"key {Convert.ToHexString(key)} from {offset}, {words} words: ({actualBelow:X4}, {actualTied:X4}, {actualWhole}), expected ({below:X4}, {tied:X4}, {whole}).");
                        }
                    }
                }
            }
        }
        finally
        {
            System.Runtime.InteropServices.NativeMemory.AlignedFree(heads);
        }
    }

    /// <summary>A node of heads of keys near <paramref name="key"/> (equal, a byte changed, cut, extended) and unused slots.</summary>
    private static void FillNode(long* heads, Random random, byte[] key, int offset, int words)
    {
        for (int entry = 0; entry < SortedKeyTable.NodeWidth; entry++)
        {
            byte[] near = random.Next(6) switch
            {
                0 => key,
                1 when key.Length > offset => [.. key[..random.Next(offset, key.Length)]],
                2 => [.. key, .. Bytes(random, random.Next(1, 12))],
                5 => [],
                _ => Changed(random, key, offset),
            };
            for (int word = 0; word < words; word++)
                heads[word * SortedKeyTable.NodeWidth + entry] = near.Length == 0 && offset > 0 ? long.MaxValue : Head(near, offset, word, words);
        }
    }

    private static (uint Below, uint Tied, bool Whole) Reference(long* heads, byte[] key, int offset, int words)
    {
        uint below = 0, tied = (1u << SortedKeyTable.NodeWidth) - 1;
        for (int word = 0; word < words; word++)
        {
            long head = Head(key, offset, word, words);
            for (int entry = 0; entry < SortedKeyTable.NodeWidth; entry++)
            {
                long h = heads[word * SortedKeyTable.NodeWidth + entry];
                uint bit = 1u << entry;
                below |= h < head ? tied & bit : 0;
                tied &= h == head ? ~0u : ~bit;
            }
        }
        return (below, tied, KeyHead.HoldsWholeKey(Head(key, offset, words - 1, words), words));
    }

    /// <summary>A word of a key's head, read from a copy with 8 bytes before it (the scalar head reads there for a short key).</summary>
    private static long Head(byte[] key, int offset, int word, int words)
    {
        byte[] padded = [.. new byte[sizeof(ulong)], .. key];
        fixed (byte* p = padded)
        {
            byte* start = p + sizeof(ulong);
            return word < words - 1 ? KeyHead.Word(start, key.Length, offset, word) : KeyHead.Last(start, key.Length, offset, words);
        }
    }

    private static byte[] Changed(Random random, byte[] key, int offset)
    {
        if (key.Length == offset)
            return [.. key, (byte)random.Next(256)];
        byte[] changed = [.. key];
        changed[random.Next(offset, key.Length)] = (byte)random.Next(256);
        return changed;
    }

    /// <summary>Bytes over 0x00, 0x01, 0x80, 0xFF and random: the values where a wrong order or bias shows.</summary>
    private static byte[] Bytes(Random random, int length)
    {
        var bytes = new byte[length];
        for (int i = 0; i < length; i++)
            bytes[i] = random.Next(5) switch { 0 => 0x00, 1 => 0x01, 2 => 0x80, 3 => 0xFF, _ => (byte)random.Next(256) };
        return bytes;
    }
}
