using System.Buffers.Binary;
using static Sparrow.Formatting.Tests.EtagTestData;

namespace Sparrow.Formatting.Tests;

public class EtagOrderingTests
{
    /// <summary>100,000 seeded pairs: a third share Restarts (so Changes decides), some are equal, values span the sign bit.</summary>
    private static IEnumerable<(Etag Left, Etag Right)> Pairs()
    {
        var random = new Random(1234);
        for (int i = 0; i < 100_000; i++)
        {
            long RandomValue() => random.Next(4) == 0 ? EdgeValues[random.Next(EdgeValues.Length)] : RandomLong(random);
            var left = new Etag(RandomValue(), RandomValue());
            Etag right = (i % 6) switch
            {
                0 => left,
                1 or 2 => new Etag(left.Restarts, RandomValue()),
                _ => new Etag(RandomValue(), RandomValue()),
            };
            yield return (left, right);
        }
    }

    private static UInt128 AsUnsigned(Etag etag) => new((ulong)etag.Restarts, (ulong)etag.Changes);

    [Fact]
    public void CompareToStringOrderAndByteOrderAgree()
    {
        Span<byte> leftBytes = stackalloc byte[Etag.ByteLength];
        Span<byte> rightBytes = stackalloc byte[Etag.ByteLength];
        foreach ((Etag left, Etag right) in Pairs())
        {
            int expected = AsUnsigned(left).CompareTo(AsUnsigned(right));
            left.WriteBytes(leftBytes);
            right.WriteBytes(rightBytes);
            Assert.Equal(expected, left.CompareTo(right));
            Assert.Equal(-expected, right.CompareTo(left));
            Assert.Equal(expected, Math.Sign(string.CompareOrdinal(left.ToString(), right.ToString())));
            Assert.Equal(expected, Math.Sign(leftBytes.SequenceCompareTo(rightBytes)));
            Assert.Equal(expected, left.CompareTo((object)right));

            Assert.Equal(expected < 0, left < right);
            Assert.Equal(expected <= 0, left <= right);
            Assert.Equal(expected > 0, left > right);
            Assert.Equal(expected >= 0, left >= right);
            Assert.Equal(expected == 0, left == right);
            Assert.Equal(expected != 0, left != right);
            Assert.Equal(expected == 0, left.Equals(right));
            Assert.Equal(expected == 0, left.Equals((object)right));
            if (expected == 0)
                Assert.Equal(left.GetHashCode(), right.GetHashCode());
        }
    }

    [Fact]
    public void EqualityAndHash()
    {
        var etag = new Etag(-5, 7);
        Assert.Equal(new Etag(-5, 7), etag);
        Assert.Equal(new Etag(-5, 7).GetHashCode(), etag.GetHashCode());
        Assert.NotEqual(new Etag(7, -5), etag);
        Assert.False(etag.Equals(null));
        Assert.False(etag.Equals("01234567-89AB-CDEF-1122-334455667788"));
        Assert.True(Etag.Empty == default);
        Assert.Equal(0, Etag.Empty.Restarts);
        Assert.Equal(0, Etag.Empty.Changes);
        Assert.Equal(-5, etag.Restarts);
        Assert.Equal(7, etag.Changes);

        // Distinct etags should rarely collide: a weak hash (e.g. Restarts ^ Changes) would fail this.
        var hashes = new HashSet<int>();
        for (int i = 0; i < 1000; i++)
            hashes.Add(new Etag(i, i).GetHashCode());
        Assert.True(hashes.Count > 990);
    }

    [Fact]
    public void CompareToObject()
    {
        var etag = new Etag(1, 2);
        Assert.Equal(1, etag.CompareTo(null));
        Assert.Throws<ArgumentException>(() => etag.CompareTo("not an etag"));
        Assert.Throws<ArgumentException>(() => etag.CompareTo((object)Guid.Empty));
        var sorted = new List<Etag> { new(-1, 0), new(0, -1), new(0, 1), new(long.MaxValue, 0), new(long.MinValue, 0) };
        sorted.Sort();
        Assert.Equal([new(0, 1), new(0, -1), new(long.MaxValue, 0), new(long.MinValue, 0), new(-1, 0)], sorted);
    }

    [Fact]
    public void BytesAreBigEndianAndRoundTrip()
    {
        byte[] buffer = new byte[20];
        foreach (Etag etag in Etags)
        {
            Array.Fill(buffer, (byte)0xAA);
            etag.WriteBytes(buffer);
            Assert.Equal(etag.Restarts, BinaryPrimitives.ReadInt64BigEndian(buffer));
            Assert.Equal(etag.Changes, BinaryPrimitives.ReadInt64BigEndian(buffer.AsSpan(8)));
            Assert.All(buffer[16..], b => Assert.Equal(0xAA, b));
            Assert.Equal(etag, Etag.FromBytes(buffer));
            Assert.Equal(etag, Etag.FromBytes(buffer.AsSpan(0, Etag.ByteLength)));
        }

        var sample = new Etag(0x0123456789ABCDEF, 0x1122334455667788);
        sample.WriteBytes(buffer);
        Assert.Equal(Convert.FromHexString("0123456789ABCDEF1122334455667788"), buffer[..16]);
    }

    [Fact]
    public void ShortByteBuffersThrowArgumentException()
    {
        for (int length = 0; length < Etag.ByteLength; length++)
        {
            byte[] buffer = new byte[length];
            Assert.Throws<ArgumentException>("destination", () => new Etag(1, 2).WriteBytes(buffer));
            Assert.Throws<ArgumentException>("source", () => Etag.FromBytes(buffer));
        }
    }
}
