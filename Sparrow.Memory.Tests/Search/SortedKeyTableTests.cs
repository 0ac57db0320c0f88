using Sparrow.Testing;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>Building a table: the keys kept as given, strict validation, the memory it takes.</summary>
public sealed unsafe class SortedKeyTableTests
{
    [Fact]
    public void Keys_AreKeptInOrder_FromBothBuilders()
    {
        for (int family = 0; family < KeySets.Families.Length; family++)
        {
            byte[][] keys = KeySets.Make(family, 70, seed: family);
            byte[] bytes = [.. keys.SelectMany(k => k)];
            int[] lengths = [.. keys.Select(k => k.Length)];
            foreach (SortedKeyTable table in new[] { SortedKeyTable.Create(keys), SortedKeyTable.Create(bytes, lengths) })
            {
                Assert.Equal(keys.Length, table.Count);
                Assert.Equal(bytes.Length, table.KeyBytes);
                for (int i = 0; i < keys.Length; i++)
                    Assert.True(table[i].SequenceEqual(keys[i]), $"{KeySets.Families[family]}: slot {i}");
            }
        }
    }

    [Fact]
    public void NativeMemoryBuilder_ReadsOnlyTheGivenBytes()
    {
        byte[][] keys = KeySets.Make(2, 50, seed: 3);
        byte[] bytes = [.. keys.SelectMany(k => k)];
        using var memory = new GuardedMemory(bytes.Length);
        bytes.CopyTo(new Span<byte>(memory.EndingAtGuard(bytes.Length), bytes.Length));
        SortedKeyTable table = SortedKeyTable.Create(new ReadOnlySpan<byte>(memory.EndingAtGuard(bytes.Length), bytes.Length), [.. keys.Select(k => k.Length)]);
        Assert.Equal(keys.Length - 1, table.Search(keys[^1]));
    }

    [Fact]
    public void EmptyTable_FindsNothing()
    {
        SortedKeyTable table = SortedKeyTable.Create([]);
        Assert.Equal(0, table.Count);
        Assert.Equal(~0, table.Search([]));
        Assert.Equal(~0, table.Search([1, 2, 3]));
        Assert.Throws<ArgumentOutOfRangeException>("index", () => table[0].Length);
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(3)]
    [InlineData(int.MinValue)]
    public void IndexOutsideTheTable_Throws(int index)
    {
        SortedKeyTable table = SortedKeyTable.Create([[], [1], [2]]);
        Assert.Throws<ArgumentOutOfRangeException>("index", () => table[index].Length);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(5)]
    public void KeyOutOfOrder_IsNamedByIndex(int bad)
    {
        byte[][] keys = [[1], [2], [3], [4], [5], [6]];
        keys[bad] = [0];
        var error = Assert.Throws<ArgumentException>("sortedKeys", () => SortedKeyTable.Create(keys));
        Assert.Contains($"Key {bad} ", error.Message);
        var fromBytes = Assert.Throws<ArgumentException>("keyBytes", () => SortedKeyTable.Create([.. keys.SelectMany(k => k)], [.. keys.Select(k => k.Length)]));
        Assert.Contains($"Key {bad} ", fromBytes.Message);
    }

    [Theory]
    [InlineData(new byte[] { 1 }, new byte[] { 1 })]
    [InlineData(new byte[] { 1, 0 }, new byte[] { 1 })]
    [InlineData(new byte[] { 2 }, new byte[] { 1, 5 })]
    [InlineData(new byte[] { 0 }, new byte[] { })]
    public void RepeatedOrDescendingKey_IsRejected(byte[] first, byte[] second)
    {
        var error = Assert.Throws<ArgumentException>("sortedKeys", () => SortedKeyTable.Create([[], first, second]));
        Assert.Contains("Key 2 is not greater than key 1", error.Message);
    }

    [Fact]
    public void NullKeys_AreRejected()
    {
        Assert.Throws<ArgumentNullException>("sortedKeys", () => SortedKeyTable.Create(null!));
        var error = Assert.Throws<ArgumentNullException>("sortedKeys", () => SortedKeyTable.Create([[1], null!, [3]]));
        Assert.Contains("Key 1 ", error.Message);
    }

    [Fact]
    public void LengthsThatDoNotFitTheBytes_AreRejected()
    {
        Assert.Throws<ArgumentException>("keyLengths", () => SortedKeyTable.Create([1, 2, 3], [1, 1]));
        Assert.Throws<ArgumentException>("keyLengths", () => SortedKeyTable.Create([1, 2, 3], [1, 1, 1, 1]));
        Assert.Throws<ArgumentException>("keyLengths", () => SortedKeyTable.Create([1, 2, 3], [4, -1]));
    }

    [Theory]
    [InlineData(0, 50_000)]
    [InlineData(4, 50_000)]
    [InlineData(0, 256)]
    [InlineData(6, 256)]
    [InlineData(6, 10_000)]
    public void Table_TakesAtMostOneAndAHalfTimesTheKeyBytesPlus8BytesAKey(int family, int count)
    {
        // The memory goal, for document ids and 16-byte binary keys (keys of a few bytes exceed it: offsets and heads alone take 12 bytes a key).
        SortedKeyTable table = SortedKeyTable.Create(KeySets.Make(family, count, seed: 1));
        Assert.InRange(table.TableBytes, table.KeyBytes, 1.5 * table.KeyBytes + 8L * count);
    }
}
