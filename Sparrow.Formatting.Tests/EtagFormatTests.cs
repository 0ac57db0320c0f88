using static Sparrow.Formatting.Tests.EtagTestData;

namespace Sparrow.Formatting.Tests;

public class EtagFormatTests
{
    [Fact]
    public void IssueExample()
    {
        var etag = new Etag(0x0123456789ABCDEF, 0x1122334455667788);
        Assert.Equal("01234567-89AB-CDEF-1122-334455667788", etag.ToString());
        Assert.Equal("01000000-0000-0001-0000-00000000002A", new Etag(0x0100000000000001, 42).ToString());
        Assert.Equal("00000000-0000-0000-0000-000000000000", Etag.Empty.ToString());
    }

    [Theory]
    [InlineData(EtagPath.Public)]
    [InlineData(EtagPath.Scalar)]
    [InlineData(EtagPath.Vector)]
    [InlineData(EtagPath.Vector256)]
    public void Utf16AndUtf8MatchTheReference(EtagPath path)
    {
        foreach (Etag etag in Etags)
        {
            string expected = Reference(etag);
            Assert.Equal(expected, FormatChars(etag, path));
            Assert.Equal(Utf8(expected), FormatUtf8(etag, path));
        }
    }

    [Fact]
    public void Utf16AndUtf8MatchTheReference_OnTheVector512Path()
    {
        SkipReasons.SkipIf(SkipReasons.Avx512Vbmi);
        Utf16AndUtf8MatchTheReference(EtagPath.Vector512);
    }

    [Fact]
    public void ToStringMatchesTheReference()
    {
        foreach (Etag etag in Etags)
        {
            Assert.Equal(Reference(etag), etag.ToString());
            Assert.Equal(Reference(etag), etag.ToString(null, null));
            Assert.Equal(Reference(etag), etag.ToString("anything", System.Globalization.CultureInfo.InvariantCulture));
        }
    }

    [Fact]
    public void InterpolationAndGenericFormattingUseTheSameForm()
    {
        var etag = new Etag(-2, long.MinValue);
        Assert.Equal($"<{Reference(etag)}>", $"<{etag}>");
        Assert.Equal(Reference(etag), FormatViaInterface(etag));
        Assert.Equal(Utf8(Reference(etag)), FormatUtf8ViaInterface(etag));
    }

    private static string FormatViaInterface<T>(T value) where T : ISpanFormattable
    {
        Span<char> buffer = stackalloc char[64];
        Assert.True(value.TryFormat(buffer, out int written, default, null));
        return new string(buffer[..written]);
    }

    private static byte[] FormatUtf8ViaInterface<T>(T value) where T : IUtf8SpanFormattable
    {
        Span<byte> buffer = stackalloc byte[64];
        Assert.True(value.TryFormat(buffer, out int written, default, null));
        return buffer[..written].ToArray();
    }

    [Fact]
    public void ShortDestinationsWriteNothing()
    {
        var etag = new Etag(-1, -1);
        for (int length = 0; length < Etag.FormattedLength; length++)
        {
            char[] chars = new char[length];
            Array.Fill(chars, '*');
            Assert.False(etag.TryFormat(chars, out int charsWritten));
            Assert.Equal(0, charsWritten);
            Assert.All(chars, c => Assert.Equal('*', c));

            byte[] bytes = new byte[length];
            Array.Fill(bytes, (byte)'*');
            Assert.False(etag.TryFormat(bytes, out int bytesWritten));
            Assert.Equal(0, bytesWritten);
            Assert.All(bytes, b => Assert.Equal((byte)'*', b));
        }
    }

    [Fact]
    public void LongerDestinationsGetExactly36()
    {
        var etag = new Etag(0x0123456789ABCDEF, 0x1122334455667788);
        char[] chars = new char[50];
        Array.Fill(chars, '*');
        Assert.True(etag.TryFormat(chars.AsSpan(3), out int charsWritten));
        Assert.Equal(Etag.FormattedLength, charsWritten);
        Assert.Equal("***" + Sample + new string('*', 11), new string(chars));

        byte[] bytes = new byte[50];
        Array.Fill(bytes, (byte)'*');
        Assert.True(etag.TryFormat(bytes.AsSpan(3), out int bytesWritten));
        Assert.Equal(Etag.FormattedLength, bytesWritten);
        Assert.Equal(Utf8("***" + Sample + new string('*', 11)), bytes);
    }
}
