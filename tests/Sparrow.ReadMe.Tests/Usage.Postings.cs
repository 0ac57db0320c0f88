using System.Buffers;
using Sparrow.Storage;

namespace Sparrow.ReadMe.Tests;

public sealed partial class Usage
{
    [Fact]
    public void Posting_list_encode_decode_and_skip()
    {
        // The ids of the documents holding a term: strictly ascending.
        uint[] ids = [.. Enumerable.Range(0, 10_000).Select(i => (uint)(i * 7 + i % 3))];
        byte[] encoded = new byte[PostingList.GetMaxEncodedLength(ids.Length)];
        int length = PostingList.Encode(ids, encoded);
        ReadOnlySpan<byte> list = encoded.AsSpan(0, length);

        // The whole list back, into 32-bit or 64-bit values (one format for both).
        var decoded = new uint[PostingList.GetCount(list)];
        Assert.Equal(OperationStatus.Done, PostingList.Decode(list, decoded, out int written));
        Assert.Equal(ids, decoded);

        // Or front to back: SkipTo passes whole blocks of 128 by their skip records, then Read decodes from there.
        var reader = new PostingListReader(list);
        Assert.True(reader.SkipTo(50_000));
        Span<ulong> next = stackalloc ulong[3];
        Assert.Equal(3, reader.Read(next));
        Assert.Equal([50_001UL, 50_009, 50_017], next.ToArray());
        Assert.False(reader.SkipTo(1_000_000));

        // Bytes that are not a list give InvalidData, never an exception.
        Assert.Equal(OperationStatus.InvalidData, PostingList.Decode(list[..^1], decoded, out _));
    }
}
