using System.Buffers;
using Sparrow.Testing;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// Truncated, mutated and random bytes: Decode gives InvalidData, or Done with a strictly ascending list (a
/// mutation that happens to yield another valid list), never an exception, and never touches a byte outside its
/// spans (each input is placed against a guard page, at its end and at its start); the reader throws
/// FormatException and nothing else, and when it reads to the end it gives what Decode gave.
/// </summary>
public sealed unsafe class PostingListBadInputTests
{
    private static IEnumerable<byte[]> Encodings()
    {
        var random = new Random(17);
        yield return PostingData.Encode([.. Enumerable.Range(0, 300).Select(i => (ulong)i)]);
        yield return PostingData.Encode(PostingData.Build(300, 3, uint.MaxValue, PostingData.WithOutliers(random, 5, 20, 0.05)));
        yield return PostingData.Encode(PostingData.Build(200, 3, ulong.MaxValue, PostingData.WithOutliers(random, 36, 60, 0.05)));
        yield return PostingData.Encode(PostingData.EndingAt(uint.MaxValue, 140, () => PostingData.GapBelow(random, 20)));
        // Three full blocks of one width and a short last: the decoder's pair of blocks (0 and 1), then a block alone.
        yield return PostingData.Encode(PostingData.Build(395, 3, uint.MaxValue, () => PostingData.GapOfWidth(random, 6)));
        yield return PostingData.Encode([5]);
        yield return PostingData.Encode(Array.Empty<ulong>());
    }

    /// <summary>Decodes <paramref name="input"/> on every runnable path with the bytes against each guard page, and checks the outcome.</summary>
    private static void Check(ReadOnlySpan<byte> input, GuardedMemory source, GuardedMemory destination)
    {
        const int count = 700;
        ulong[]? agreed = null;
        var statuses = new HashSet<OperationStatus>();
        foreach (PostingPath path in PostingPaths.Runnable)
        {
            foreach (bool atEnd in new[] { true, false })
            {
                byte* at = atEnd ? source.EndingAtGuard(input.Length) : source.StartingAfterGuard;
                input.CopyTo(new Span<byte>(at, input.Length));
                var encoded = new ReadOnlySpan<byte>(at, input.Length);

                var wide = new Span<ulong>(destination.EndingAtGuard(count * sizeof(ulong)), count);
                OperationStatus status = path.Decode64(encoded, wide, out int written);
                Assert.True(status is OperationStatus.Done or OperationStatus.InvalidData or OperationStatus.DestinationTooSmall, $"{path}: {status}");
                statuses.Add(status);
                if (status == OperationStatus.Done)
                {
                    PostingData.AssertStrictlyAscending<ulong>(wide[..written]);
                    agreed ??= wide[..written].ToArray();
                    Assert.True(agreed.AsSpan().SequenceEqual(wide[..written]), $"{path} decodes the bytes differently");
                }

                var narrow = new Span<uint>(destination.StartingAfterGuard, count);
                status = path.Decode32(encoded, narrow, out written);
                if (status == OperationStatus.Done)
                {
                    PostingData.AssertStrictlyAscending<uint>(narrow[..written]);
                    Assert.NotNull(agreed);
                    Assert.True(agreed.Select(v => (uint)v).SequenceEqual(narrow[..written].ToArray()));
                }
            }
        }
        Assert.True(statuses.Count == 1, $"the paths disagree: {string.Join(", ", statuses)}");
        if (statuses.Contains(OperationStatus.DestinationTooSmall))
            return;
        // The reader too, with the bytes against each guard page: its skip-record walk loads 8 bytes at a time.
        foreach (bool atEnd in new[] { true, false })
        {
            byte* at = atEnd ? source.EndingAtGuard(input.Length) : source.StartingAfterGuard;
            input.CopyTo(new Span<byte>(at, input.Length));
            CheckReader(new ReadOnlySpan<byte>(at, input.Length), agreed);
        }
    }

    private static void CheckReader(ReadOnlySpan<byte> input, ulong[]? decoded)
    {
        // A buffer of less than a block (decoded through the reader's own), and one of more than two (straight into it).
        foreach (int size in new[] { 50, 300 })
        {
            var read = new List<ulong>();
            try
            {
                var reader = new PostingListReader(input);
                var buffer = new ulong[size];
                int n;
                while ((n = reader.Read(buffer)) > 0)
                    read.AddRange(buffer.AsSpan(0, n));
                // Read to the end, the reader has checked all that Decode checks.
                Assert.NotNull(decoded);
                Assert.Equal(decoded, read);
            }
            catch (FormatException)
            {
                Assert.Null(decoded);
            }
        }
        CheckSkipTo(input, decoded);
    }

    /// <summary>SkipTo over the same bytes: a FormatException or nothing, and the values of the list when Decode gave one.</summary>
    private static void CheckSkipTo(ReadOnlySpan<byte> input, ulong[]? decoded)
    {
        try
        {
            var reader = new PostingListReader(input);
            var one = new ulong[1];
            ulong target = 0;
            int cursor = 0;
            for (int step = 0; step < 12; step++)
            {
                target += decoded is { Length: > 0 } ? decoded[^1] / 10 + 1 : (ulong)(step + 1) << (step * 5);
                bool found = reader.SkipTo(target);
                if (decoded is null)
                    continue;
                while (cursor < decoded.Length && decoded[cursor] < target)
                    cursor++;
                Assert.Equal(cursor < decoded.Length, found);
                if (found)
                {
                    Assert.Equal(1, reader.Read(one));
                    Assert.Equal(decoded[cursor], one[0]);
                    cursor++;
                }
            }
        }
        catch (FormatException)
        {
            Assert.Null(decoded);
        }
    }

    [Fact]
    public void TruncationsAreInvalidData()
    {
        using var source = new GuardedMemory(4096);
        using var destination = new GuardedMemory(700 * sizeof(ulong));
        foreach (byte[] encoded in Encodings())
        {
            for (int length = 0; length < encoded.Length; length++)
            {
                foreach (PostingPath path in PostingPaths.Runnable)
                    Assert.Equal(OperationStatus.InvalidData, path.Decode64(encoded.AsSpan(0, length), new ulong[700], out _));
                Check(encoded.AsSpan(0, length), source, destination);
            }
            Check(encoded, source, destination);
        }
    }

    [Fact]
    public void MutatedBytesAreInvalidDataOrAValidList()
    {
        using var source = new GuardedMemory(4096);
        using var destination = new GuardedMemory(700 * sizeof(ulong));
        var random = new Random(23);
        foreach (byte[] encoded in Encodings())
        {
            for (int i = 0; i < encoded.Length; i++)
            {
                foreach (byte flip in new byte[] { 1, 0x10, 0x80, 0xFF, (byte)random.Next(1, 256) })
                {
                    if (PostingData.Emulated && flip != 0xFF)
                        continue;
                    byte[] mutated = (byte[])encoded.Clone();
                    mutated[i] ^= flip;
                    Check(mutated, source, destination);
                }
            }
            for (int round = 0; round < (PostingData.Emulated ? 20 : 300); round++)
            {
                byte[] mutated = (byte[])encoded.Clone();
                for (int flips = random.Next(2, 6); flips > 0; flips--)
                {
                    int bit = random.Next(mutated.Length * 8);
                    mutated[bit >> 3] ^= (byte)(1 << (bit & 7));
                }
                Check(mutated, source, destination);
            }
        }
    }

    [Fact]
    public void RandomBytesAreInvalidDataOrAValidList()
    {
        using var source = new GuardedMemory(4096);
        using var destination = new GuardedMemory(700 * sizeof(ulong));
        var random = new Random(29);
        for (int round = 0; round < (PostingData.Emulated ? 100 : 2000); round++)
        {
            var bytes = new byte[random.Next(0, 300)];
            random.NextBytes(bytes);
            if (bytes.Length > 0 && random.Next(4) != 0)
                bytes[0] = 1;
            // A small count, so that some headers pass and the blocks are reached.
            if (bytes.Length > 1 && random.Next(2) == 0)
                bytes[1] = (byte)random.Next(0, 127);
            Check(bytes, source, destination);
        }
    }

    [Fact]
    public void ValidListsDecodeAgainstTheGuardPages()
    {
        using var source = new GuardedMemory(8192);
        using var destination = new GuardedMemory(700 * sizeof(ulong));
        foreach (byte[] encoded in Encodings())
            Check(encoded, source, destination);
    }
}
