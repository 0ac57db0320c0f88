using Sparrow.Formatting;

namespace Sparrow.ReadMe.Tests;

public sealed partial class Usage
{
    [Fact]
    public void Etag_round_trip()
    {
        var etag = new Etag(restarts: 1, changes: 42);
        string text = etag.ToString();
        Assert.Equal("00000000-0000-0001-0000-00000000002A", text);
        Assert.Equal(etag, Etag.Parse(text));

        // No allocation: format into, and parse from, a UTF-8 buffer.
        Span<byte> utf8 = stackalloc byte[Etag.FormattedLength];
        Assert.True(etag.TryFormat(utf8, out int written));
        Assert.True(Etag.TryParse(utf8[..written], out Etag parsed));
        Assert.Equal(etag, parsed);

        // As 16 big-endian bytes (Restarts, then Changes), for a key or a header.
        Span<byte> bytes = stackalloc byte[Etag.ByteLength];
        etag.WriteBytes(bytes);
        Assert.Equal(etag, Etag.FromBytes(bytes));

        Assert.False(Etag.TryParse("00000000-0000-0001-0000-00000000002G", out _));
        Assert.Throws<FormatException>(() => Etag.Parse("00000000-0000-0001-0000-00000000002G"));
    }

    [Fact]
    public void DateTimeFormatter_round_trip()
    {
        var when = new DateTime(2026, 11, 22, 1, 41, 16, DateTimeKind.Utc).AddTicks(6616631);
        string stamp = DateTimeFormatter.Format(when);
        Assert.Equal("2026-11-22T01:41:16.6616631Z", stamp);
        Assert.Equal(when.ToString("O"), stamp);

        // No allocation: format into, and parse from, a UTF-8 buffer; the kind (Z: UTC) round-trips too.
        Span<byte> utf8 = stackalloc byte[DateTimeFormatter.MaxFormattedLength];
        Assert.True(DateTimeFormatter.TryFormat(when, utf8, out int written));
        Assert.True(DateTimeFormatter.TryParse(utf8[..written], out DateTime parsed));
        Assert.Equal(when, parsed);
        Assert.Equal(DateTimeKind.Utc, parsed.Kind);

        Assert.False(DateTimeFormatter.TryParse("2026-11-31T01:41:16.6616631Z", out _)); // no November 31st
        Assert.Throws<FormatException>(() => DateTimeFormatter.Parse("2026-11-31T01:41:16.6616631Z"));
    }
}
