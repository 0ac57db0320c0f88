using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// Heads and leads against key order: for keys that share a prefix, a smaller key never has a larger head or lead,
/// and equal heads mean equal keys unless both keys go on past the head. Exhaustive over short keys of the bytes that matter
/// (0x00, 0x01, 0xFF), seeded random beyond.
/// </summary>
public sealed unsafe class KeyHeadTests
{
    [Fact]
    public void ShortKeysOverTheEdgeBytes_OrderAsTheKeys()
    {
        byte[] alphabet = [0x00, 0x01, 0xFF];
        var keys = new List<byte[]> { Array.Empty<byte>() };
        for (int length = 1; length <= 10; length++)
            keys.AddRange(AllKeys(alphabet, length));
        var random = new Random(5);
        for (int i = 0; i < 200_000; i++)
            AssertHeadsOrderAsKeys(keys[random.Next(keys.Count)], keys[random.Next(keys.Count)], offset: 0);
    }

    [Fact]
    public void RandomKeysAfterASharedPrefix_OrderAsTheKeys()
    {
        var random = new Random(6);
        for (int i = 0; i < 100_000; i++)
        {
            byte[] prefix = Bytes(random, random.Next(0, 12));
            byte[] a = [.. prefix, .. Bytes(random, random.Next(0, 40))];
            byte[] b = random.Next(3) == 0 ? [.. a[..random.Next(prefix.Length, a.Length + 1)], .. Bytes(random, random.Next(0, 3))] : [.. prefix, .. Bytes(random, random.Next(0, 40))];
            AssertHeadsOrderAsKeys(a, b, prefix.Length);
        }
    }

    private static void AssertHeadsOrderAsKeys(byte[] a, byte[] b, int offset)
    {
        if (Math.Min(a.Length, b.Length) < offset)
            return;
        int order = Math.Sign(a.AsSpan().SequenceCompareTo(b));
        foreach (int words in new[] { 1, 2, 3, SortedKeyTable.MaxWords })
        {
            long[] headA = Head(a, offset, words), headB = Head(b, offset, words);
            string what = $"{Convert.ToHexString(a)} vs {Convert.ToHexString(b)} from {offset}, {words} word(s)";
            int headOrder = Math.Sign(headA.AsSpan().SequenceCompareTo(headB));
            if (headOrder != 0)
                Assert.True(headOrder == order, what);
            else if (KeyHead.HoldsWholeKey(headA[^1], words))
                Assert.True(order == 0, what);
            else
                Assert.True(a.Length - offset > KeyHead.BytesOf(words) && b.Length - offset > KeyHead.BytesOf(words), what);
            // The lead is the high half of the first word, whatever the width: it orders as the heads, never tells more.
            Assert.Equal((int)(headA[0] >> 32), Lead(a, offset));
        }
        int leadOrder = Lead(a, offset).CompareTo(Lead(b, offset));
        if (leadOrder != 0)
            Assert.True(Math.Sign(leadOrder) == order, $"leads of {Convert.ToHexString(a)} vs {Convert.ToHexString(b)} from {offset}");
    }

    /// <summary>The lead of a key placed after 8 bytes of padding, as the table stores keys.</summary>
    private static int Lead(byte[] key, int offset)
    {
        byte[] padded = [0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, .. key];
        fixed (byte* p = padded)
            return KeyHead.Lead(p + 8, key.Length, offset);
    }

    /// <summary>The head of a key placed after 8 bytes of padding, as the table stores keys.</summary>
    private static long[] Head(byte[] key, int offset, int words)
    {
        byte[] padded = [0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, .. key];
        fixed (byte* p = padded)
        {
            var head = new long[words];
            for (int word = 0; word < words - 1; word++)
                head[word] = KeyHead.Word(p + 8, key.Length, offset, word);
            head[^1] = KeyHead.Last(p + 8, key.Length, offset, words);
            return head;
        }
    }

    private static IEnumerable<byte[]> AllKeys(byte[] alphabet, int length) =>
        length == 0 ? [[]] : AllKeys(alphabet, length - 1).SelectMany(k => alphabet.Select(c => (byte[])[.. k, c]));

    private static byte[] Bytes(Random random, int length)
    {
        var bytes = new byte[length];
        for (int i = 0; i < length; i++)
            bytes[i] = random.Next(3) switch { 0 => 0x00, 1 => 0xFF, _ => (byte)random.Next(256) };
        return bytes;
    }
}
