using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// <see cref="ByteKeyComparer"/> against <see cref="MemoryExtensions.SequenceCompareTo{T}(ReadOnlySpan{T}, ReadOnlySpan{T})"/>
/// and <see cref="MemoryExtensions.SequenceEqual{T}(ReadOnlySpan{T}, ReadOnlySpan{T})"/>, alone and inside the
/// collections and sorts an engine hands it to.
/// </summary>
public sealed class ByteKeyComparerTests
{
    private static readonly ByteKeyComparer Comparer = ByteKeyComparer.Instance;

    [Fact]
    public void Compare_is_the_exact_value_of_SequenceCompareTo_for_arrays_and_memories()
    {
        byte[][] keys = Keys(new Random(1), 400);
        foreach (byte[] x in keys)
        {
            foreach (byte[] y in keys.Take(60))
            {
                int expected = x.AsSpan().SequenceCompareTo(y);
                Assert.Equal(expected, Comparer.Compare(x, y));
                Assert.Equal(expected, Comparer.Compare((ReadOnlyMemory<byte>)x, y));
                Assert.Equal(expected == 0, Comparer.Equals(x, y));
                Assert.Equal(expected == 0, Comparer.Equals((ReadOnlyMemory<byte>)x, y));
            }
        }
    }

    [Fact]
    public void Memories_are_compared_over_their_own_bytes_only()
    {
        byte[] buffer = "..users/1..users/10.."u8.ToArray();
        ReadOnlyMemory<byte> a = buffer.AsMemory(2, 7), b = buffer.AsMemory(11, 8);
        Assert.Equal(-1, Comparer.Compare(a, b));
        Assert.Equal(1, Comparer.Compare(b, a));
        Assert.Equal(0, Comparer.Compare(a, buffer.AsMemory(11, 7)));
        Assert.True(Comparer.Equals(a, buffer.AsMemory(11, 7)));
        Assert.Equal(Comparer.GetHashCode(a), Comparer.GetHashCode(buffer.AsMemory(11, 7)));
        Assert.Equal(0, Comparer.Compare(ReadOnlyMemory<byte>.Empty, default));
    }

    [Fact]
    public void Null_sorts_first_equals_only_null_and_has_no_hash()
    {
        Assert.Equal(0, Comparer.Compare(null, null));
        Assert.True(Comparer.Compare(null, []) < 0);
        Assert.True(Comparer.Compare([], null) > 0);
        Assert.True(Comparer.Compare(null, [0]) < 0);
        Assert.True(Comparer.Compare([0], null) > 0);
        Assert.True(Comparer.Equals(null, null));
        Assert.False(Comparer.Equals(null, []));
        Assert.False(Comparer.Equals([], null));
        Assert.Equal("obj", Assert.Throws<ArgumentNullException>(() => Comparer.GetHashCode((byte[])null!)).ParamName);

        // As the BCL's own comparers order null: Comparer<string>.Default puts it first too.
        byte[]?[] keys = [[2], null, [], [1, 0], null];
        Array.Sort(keys, Comparer);
        Assert.Equal([null, null, [], [1, 0], [2]], keys);
    }

    [Fact]
    public void Equal_keys_hash_alike_whatever_holds_them_and_distinct_keys_rarely_collide()
    {
        byte[][] keys = Keys(new Random(2), 3000).DistinctBy(Convert.ToHexString).ToArray();
        var hashes = new HashSet<int>();
        foreach (byte[] key in keys)
        {
            int hash = Comparer.GetHashCode(key);
            Assert.Equal(hash, Comparer.GetHashCode((byte[])key.Clone()));
            Assert.Equal(hash, Comparer.GetHashCode((ReadOnlyMemory<byte>)key));
            hashes.Add(hash);
        }

        // 32-bit hashes of a few thousand distinct keys: a collision is a one-in-a-thousand event, several a broken hash.
        Assert.True(keys.Length - hashes.Count <= 2, $"{keys.Length - hashes.Count} collisions among {keys.Length} distinct keys");

        // Runs of zeros of every length 0..64, and a byte followed by zeros: keys a hash of bytes alone would confuse.
        int[] zeros = Enumerable.Range(0, 65).Select(n => Comparer.GetHashCode(new byte[n])).ToArray();
        Assert.Equal(zeros.Length, zeros.Distinct().Count());
        Assert.NotEqual(Comparer.GetHashCode([1]), Comparer.GetHashCode([1, 0, 0, 0]));
    }

    [Fact]
    public void SortedDictionary_of_arrays_enumerates_in_SequenceCompareTo_order_and_finds_copies()
    {
        byte[][] keys = Keys(new Random(3), 2000);
        var dictionary = new SortedDictionary<byte[], int>(Comparer);
        var byContent = new Dictionary<string, int>();
        for (int i = 0; i < keys.Length; i++)
        {
            dictionary[keys[i]] = i;
            byContent[Convert.ToHexString(keys[i])] = i;
        }

        string[] expectedOrder = byContent.Keys.Select(Convert.FromHexString).Order(ByContent).Select(Convert.ToHexString).ToArray();
        Assert.Equal(expectedOrder, dictionary.Keys.Select(Convert.ToHexString));
        foreach (byte[] key in keys)
            Assert.Equal(byContent[Convert.ToHexString(key)], dictionary[(byte[])key.Clone()]);
    }

    [Fact]
    public void Array_Sort_and_SortedSet_order_as_SequenceCompareTo()
    {
        byte[][] keys = Keys(new Random(4), 3000);
        byte[][] sorted = (byte[][])keys.Clone();
        Array.Sort(sorted, Comparer);
        byte[][] expected = keys.Order(ByContent).ToArray();
        Assert.Equal(expected.Select(Convert.ToHexString), sorted.Select(Convert.ToHexString));

        var set = new SortedSet<ReadOnlyMemory<byte>>(keys.Select(k => (ReadOnlyMemory<byte>)k), Comparer);
        Assert.Equal(expected.Select(Convert.ToHexString).Distinct(), set.Select(m => Convert.ToHexString(m.Span)));
    }

    [Fact]
    public void Dictionary_and_HashSet_find_keys_by_content()
    {
        byte[][] keys = Keys(new Random(5), 2000);
        var dictionary = new Dictionary<byte[], int>(Comparer);
        var memories = new Dictionary<ReadOnlyMemory<byte>, int>(Comparer);
        foreach (byte[] key in keys)
        {
            dictionary[key] = key.Length;
            memories[key] = key.Length;
        }

        int distinct = keys.Select(Convert.ToHexString).Distinct().Count();
        Assert.Equal(distinct, dictionary.Count);
        Assert.Equal(distinct, memories.Count);
        foreach (byte[] key in keys)
        {
            byte[] copy = (byte[])key.Clone();
            Assert.Equal(key.Length, dictionary[copy]);
            Assert.Equal(key.Length, memories[copy]);
        }

        Assert.Equal(distinct, new HashSet<byte[]>(keys, Comparer).Count);
        Assert.False(dictionary.ContainsKey([.. keys.MaxBy(k => k.Length)!, 0]));
    }

    [Fact]
    public void Instance_is_one_comparer()
    {
        Assert.Same(ByteKeyComparer.Instance, ByteKeyComparer.Instance);
        Assert.Empty(typeof(ByteKeyComparer).GetConstructors());
    }

    /// <summary>The reference order: SequenceCompareTo.</summary>
    private static readonly Comparer<byte[]> ByContent = Comparer<byte[]>.Create((x, y) => x.AsSpan().SequenceCompareTo(y));

    /// <summary>
    /// Keys a B+tree holds: a few shared prefixes, lengths 0..300 (across every size class of Compare), keys that are
    /// prefixes of others, and repeats of the same bytes in distinct arrays.
    /// </summary>
    private static byte[][] Keys(Random random, int count)
    {
        byte[][] prefixes = [[], "users/"u8.ToArray(), "orders/2026/"u8.ToArray(), [0, 0, 0], [255, 255]];
        var keys = new byte[count][];
        for (int i = 0; i < count; i++)
        {
            if (i > 10 && random.Next(8) == 0)
            {
                byte[] earlier = keys[random.Next(i)];
                keys[i] = random.Next(2) == 0 ? (byte[])earlier.Clone() : earlier[..random.Next(earlier.Length + 1)];
                continue;
            }

            byte[] prefix = prefixes[random.Next(prefixes.Length)];
            byte[] key = new byte[prefix.Length + (random.Next(4) == 0 ? random.Next(300) : random.Next(20))];
            prefix.CopyTo(key, 0);
            for (int j = prefix.Length; j < key.Length; j++)
                key[j] = (byte)(random.Next(3) == 0 ? random.Next(256) : '0' + random.Next(4));
            keys[i] = key;
        }

        return keys;
    }
}
