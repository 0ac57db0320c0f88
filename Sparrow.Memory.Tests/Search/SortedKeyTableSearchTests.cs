using Sparrow.Testing;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// Every search path against <see cref="Array.BinarySearch{T}(T[], T, IComparer{T})"/> with SequenceCompareTo order
/// over the same keys: every key present, the keys around each one (so every gap between neighbours, before the
/// first and after the last), on tables of every size 0..300 of every key family, and once on 100,000 keys.
/// </summary>
public sealed unsafe class SortedKeyTableSearchTests
{
    public static TheoryData<string> Paths => SearchPaths.Names;

    [Theory]
    [MemberData(nameof(Paths))]
    public void EveryTableSize0To300_EveryFamily_AgreesWithBinarySearch(string name)
    {
        SearchPath path = SearchPaths.Named(name);
        for (int count = 0; count <= 300; count++)
        {
            // Each size with one family (all families at every residue), and every family at the sizes around node and level edges.
            bool edge = count % SortedKeyTable.NodeWidth is 0 or 1 or SortedKeyTable.NodeWidth - 1;
            for (int family = 0; family < KeySets.Families.Length; family++)
            {
                if (edge || family == count % KeySets.Families.Length)
                    AssertAgrees(path, KeySets.Make(family, count, seed: count), KeySets.Families[family]);
            }
        }
    }

    [Fact]
    public void HundredThousandDocumentIds_AgreeWithBinarySearch()
    {
        byte[][] keys = KeySets.Make(0, 100_000, seed: 20);
        AssertAgrees(SearchPaths.All[0], keys, KeySets.Families[0]);
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void KeysEndingAtAndStartingAfterAGuardPage_AreReadInBounds(string name)
    {
        SearchPath path = SearchPaths.Named(name);
        // 600 keys: 38 leaves, a level with leads (read from the key as the heads are).
        byte[][] keys = KeySets.Make(3, 600, seed: 7);
        SortedKeyTable table = SortedKeyTable.Create(keys);
        Assert.True(table.Levels[0].ComparesLeads);
        using var memory = new GuardedMemory(64);
        foreach (byte[] probe in KeySets.Probes(keys).Where(k => k.Length <= 64))
        {
            int expected = Array.BinarySearch(keys, probe, KeySets.Order.Instance);
            probe.CopyTo(new Span<byte>(memory.EndingAtGuard(probe.Length), probe.Length));
            Assert.Equal(expected, path.Search(table, new ReadOnlySpan<byte>(memory.EndingAtGuard(probe.Length), probe.Length)));
            probe.CopyTo(new Span<byte>(memory.StartingAfterGuard, probe.Length));
            Assert.Equal(expected, path.Search(table, new ReadOnlySpan<byte>(memory.StartingAfterGuard, probe.Length)));
        }
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void KeysAroundAndPast64Bytes_AgreeWithBinarySearch_ReadingOnlyTheKey(string name)
    {
        // The 512-bit key words (KeyWordsVector512) take keys of at most 64 bytes; a longer key's words are read
        // where it is. Stems of 40 to 70 bytes and tails of up to 40 put node prefixes on both sides of byte 64 and
        // keys ending on both sides of it; each probe lies at both ends of guarded memory.
        SearchPath path = SearchPaths.Named(name);
        var random = new Random(64);
        var set = new SortedSet<byte[]>(KeySets.Order.Instance);
        while (set.Count < 600)
            set.Add(LongKey(random));
        byte[][] keys = [.. set];
        SortedKeyTable table = SortedKeyTable.Create(keys);
        using var memory = new GuardedMemory(256);
        foreach (byte[] probe in KeySets.Probes(keys))
        {
            int expected = Array.BinarySearch(keys, probe, KeySets.Order.Instance);
            probe.CopyTo(new Span<byte>(memory.EndingAtGuard(probe.Length), probe.Length));
            int atEnd = path.Search(table, new ReadOnlySpan<byte>(memory.EndingAtGuard(probe.Length), probe.Length));
            probe.CopyTo(new Span<byte>(memory.StartingAfterGuard, probe.Length));
            int atStart = path.Search(table, new ReadOnlySpan<byte>(memory.StartingAfterGuard, probe.Length));
            if ((atEnd, atStart) != (expected, expected))
                Assert.Fail($"{path.Name}: key {Convert.ToHexString(probe)} gave {atEnd} and {atStart}, expected {expected}.");
        }
    }

    [Fact]
    public void HeadsThatTie_AreBrokenByTheBytesAfterThem()
    {
        // Keys sharing 7 bytes past every node prefix and more: heads tie in runs, the rest of the bytes decide.
        byte[][] keys = [.. Enumerable.Range(0, 90).Select(i => (byte[])[.. "0123456789abcdef"u8, (byte)(i / 9), 0, 0, (byte)(i % 9)])];
        AssertAgrees(SearchPaths.All[0], keys, "ties");
        byte[][] shortAndLong = [[1], [1, 0], [1, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0, 1]];
        AssertAgrees(SearchPaths.All[0], shortAndLong, "zero-extended");
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void NodesWithAPrefixToCheckOrWideHeads_AgreeWithBinarySearch_ForKeysDifferingAtEveryByte(string name)
    {
        // Nodes whose heads start after their entries' own prefix (the key's bytes before it checked first) and
        // nodes with heads of several words: keys that differ from each node's first and last entry at every byte
        // (one lower, one higher, cut short there) fall inside, below and above those prefixes.
        SearchPath path = SearchPaths.Named(name);
        foreach (int count in new[] { 40, 256, 300 })
        {
            for (int family = 0; family < KeySets.Families.Length; family++)
            {
                byte[][] keys = KeySets.Make(family, count, seed: count + family);
                SortedKeyTable table = SortedKeyTable.Create(keys);
                foreach (byte[] probe in ProbesAtEveryByte(keys))
                {
                    int expected = Array.BinarySearch(keys, probe, KeySets.Order.Instance);
                    int actual = path.Search(table, probe);
                    if (actual != expected)
                        Assert.Fail($"{path.Name}, {count} {KeySets.Families[family]}: key {Convert.ToHexString(probe)} gave {actual}, expected {expected}.");
                }
            }
        }
    }

    [Theory]
    [InlineData(0, 256)]
    [InlineData(0, 1000)]
    [InlineData(5, 1000)]
    public void MixedRunsOfLongAndShortPrefixes_GetNodesWithAPrefixToCheckAndWideHeads(int family, int count)
    {
        // The layout rules the test above proves are taken where they pay: else it would prove nothing new.
        SortedKeyTable table = SortedKeyTable.Create(KeySets.Make(family, count, seed: count + family));
        ReadOnlySpan<NodeHeader> headers = table.NodeHeaders;
        int checkedNodes = 0, wideNodes = 0;
        foreach (NodeHeader header in headers)
        {
            checkedNodes += header.CheckedFrom < header.PrefixLength ? 1 : 0;
            wideNodes += header.Words > 1 ? 1 : 0;
        }
        Assert.True(checkedNodes >= 2 && wideNodes >= 2, $"{checkedNodes} nodes with a prefix to check, {wideNodes} with wide heads, of {headers.Length}.");
    }

    [Theory]
    [InlineData(0, 4000)]
    [InlineData(6, 4000)]
    public void ASmallLevel_GivesEveryNodeTheWidestHeadOneOfThemWants(int family, int count)
    {
        // 4000 keys: 250 leaves under 16 nodes under the root. Those 16 want heads of different widths; each gets
        // the widest (the bound allows it), so a search runs the same word loop at every node of the level.
        SortedKeyTable table = SortedKeyTable.Create(KeySets.Make(family, count, seed: count + family));
        ReadOnlySpan<NodeHeader> level = table.NodeHeaders[1..(1 + SortedKeyTable.NodeWidth)];
        foreach (NodeHeader header in level)
            Assert.Equal(level[0].Words, header.Words);
        Assert.True(level[0].Words > 1, $"{level[0].Words} word.");
        Assert.Equal(1 + SortedKeyTable.NodeWidth + count / SortedKeyTable.NodeWidth, table.NodeHeaders.Length);
    }

    [Theory]
    [InlineData(0, 5000)]
    [InlineData(6, 5000)]
    public void ALargeLevel_HasLeads_AndTheSameHeadsInEveryNode_FoundFromItsNumber(int family, int count)
    {
        // 5000 keys: 313 leaves and 20 nodes above them (both with leads), then 2 nodes and the root (without).
        SortedKeyTable table = SortedKeyTable.Create(KeySets.Make(family, count, seed: count + family));
        ReadOnlySpan<NodeHeader> headers = table.NodeHeaders;
        ReadOnlySpan<NodeLevel> levels = table.Levels;
        Assert.Equal([true, true, false, false], levels.ToArray().Select(l => l.ComparesLeads));
        for (int level = 0; level < 2; level++)
        {
            int end = level == 0 ? headers.Length : levels[level - 1].FirstNode;
            for (int node = 0; node < end - levels[level].FirstNode; node++)
            {
                NodeHeader header = headers[levels[level].FirstNode + node];
                Assert.Equal(levels[level].Words, header.Words);
                Assert.Equal(levels[level].HeadsAt + (long)node * levels[level].Words * SortedKeyTable.NodeWidth, (long)header.HeadsAt * SortedKeyTable.NodeWidth);
            }
        }
        Assert.True(levels[1].Words > 1 && levels[1].Words >= levels[0].Words, $"{levels[0].Words} and {levels[1].Words} words.");
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void LeavesWithoutHeads_BreakTiesOfLeadsWithTheKeyBytes_AndAgreeWithBinarySearch(string name)
    {
        // 16-byte keys (16 key bytes and 4 of start a key): the bound leaves no room for a word of heads in the
        // leaves, which have leads alone. Keys that share their first bytes make leads tie.
        SearchPath path = SearchPaths.Named(name);
        var random = new Random(16);
        var set = new SortedSet<byte[]>(KeySets.Order.Instance);
        while (set.Count < 3000)
        {
            var key = new byte[16];
            random.NextBytes(key);
            key.AsSpan(0, random.Next(0, 12)).Fill((byte)random.Next(3));
            set.Add(key);
        }
        byte[][] keys = [.. set];
        SortedKeyTable table = SortedKeyTable.Create(keys);
        Assert.True(table.Levels[0].ComparesLeads && table.Levels[0].Words == 0, $"{table.Levels[0].Words} words in the leaves.");
        foreach (byte[] probe in KeySets.Probes(keys))
        {
            int expected = Array.BinarySearch(keys, probe, KeySets.Order.Instance);
            int actual = path.Search(table, probe);
            if (actual != expected)
                Assert.Fail($"{path.Name}: key {Convert.ToHexString(probe)} gave {actual}, expected {expected}.");
        }
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void KeysOf65535And65536Bytes_StoreTwoAndFourByteStarts_AndAgreeWithBinarySearch(string name)
    {
        // The two widths of the key starts, each searched on every path, on either side of the bound between them.
        SearchPath path = SearchPaths.Named(name);
        foreach ((int keyBytes, int startBytes) in new[] { (ushort.MaxValue, sizeof(ushort)), (ushort.MaxValue + 1, sizeof(int)) })
        {
            byte[][] keys = DocumentIdsOfExactly(keyBytes);
            SortedKeyTable table = SortedKeyTable.Create(keys);
            Assert.Equal(keyBytes, table.KeyBytes);
            Assert.Equal(startBytes, table.StartBytes);
            foreach (byte[] probe in KeySets.Probes(keys))
            {
                int expected = Array.BinarySearch(keys, probe, KeySets.Order.Instance);
                int actual = path.Search(table, probe);
                if (actual != expected)
                    Assert.Fail($"{path.Name}, {keyBytes} key bytes: key {Convert.ToHexString(probe)} gave {actual}, expected {expected}.");
            }
        }
    }

    [Fact]
    public void NegativeLength_Throws()
    {
        SortedKeyTable table = SortedKeyTable.Create([[1]]);
        Assert.Throws<ArgumentOutOfRangeException>("byteCount", () =>
        {
            fixed (byte* key = "\u0001"u8)
                return table.Search(key, -1);
        });
    }

    /// <summary>Document ids holding <paramref name="keyBytes"/> bytes together: as many as fit, then one key of 0xFF bytes (above them all) for the rest.</summary>
    private static byte[][] DocumentIdsOfExactly(int keyBytes)
    {
        byte[][] ids = KeySets.Make(0, keyBytes / 8, seed: keyBytes);
        var keys = new List<byte[]>();
        int total = 0;
        foreach (byte[] id in ids)
        {
            if (total + id.Length >= keyBytes)
                break;
            keys.Add(id);
            total += id.Length;
        }
        keys.Add(Enumerable.Repeat((byte)0xFF, keyBytes - total).ToArray());
        return [.. keys];
    }

    /// <summary>One of four stems of 40, 58, 64 or 70 equal bytes, then up to 39 bytes of 0x00, 0x01, 'x' or 0xFF.</summary>
    private static byte[] LongKey(Random random)
    {
        int stem = random.Next(4);
        int stemLength = stem switch { 0 => 40, 1 => 58, 2 => 64, _ => 70 };
        var key = new byte[stemLength + random.Next(0, 40)];
        key.AsSpan(0, stemLength).Fill((byte)('a' + stem));
        for (int i = stemLength; i < key.Length; i++)
            key[i] = random.Next(4) switch { 0 => 0x00, 1 => 0x01, 2 => (byte)'x', _ => 0xFF };
        return key;
    }

    /// <summary>For the first and last key of every 16 (each node's bounds): the key with each byte lowered, raised, and cut before it.</summary>
    private static IEnumerable<byte[]> ProbesAtEveryByte(byte[][] keys)
    {
        for (int slot = 0; slot < keys.Length; slot++)
        {
            if (slot % SortedKeyTable.NodeWidth is not (0 or SortedKeyTable.NodeWidth - 1) && slot != keys.Length - 1)
                continue;
            byte[] key = keys[slot];
            for (int at = 0; at < key.Length; at++)
            {
                yield return key[..at];
                if (key[at] > 0)
                    yield return [.. key[..at], (byte)(key[at] - 1), .. key[(at + 1)..]];
                if (key[at] < 0xFF)
                    yield return [.. key[..at], (byte)(key[at] + 1), .. key[(at + 1)..]];
            }
        }
    }

    private static void AssertAgrees(SearchPath path, byte[][] keys, string family)
    {
        SortedKeyTable table = SortedKeyTable.Create(keys);
        foreach (byte[] probe in KeySets.Probes(keys))
        {
            int expected = Array.BinarySearch(keys, probe, KeySets.Order.Instance);
            int actual = path.Search(table, probe);
            if (actual != expected)
                Assert.Fail($"{path.Name}, {keys.Length} {family}: key {Convert.ToHexString(probe)} gave {actual}, expected {expected}.");
        }
    }
}
