using static Sparrow.Formatting.Tests.EtagTestData;

namespace Sparrow.Formatting.Tests;

public class EtagParseTests
{
    [Theory]
    [InlineData(EtagPath.Public)]
    [InlineData(EtagPath.Scalar)]
    [InlineData(EtagPath.Vector)]
    public void RoundTripsInBothEncodingsAndEveryCase(EtagPath path)
    {
        var random = new Random(7);
        foreach (Etag etag in Etags)
        {
            string upper = Reference(etag);
            foreach (string text in new[] { upper, upper.ToLowerInvariant(), MixCase(upper, random) })
            {
                Assert.True(TryParse(text, path, out Etag fromChars), text);
                Assert.Equal(etag, fromChars);
                Assert.True(TryParse(Utf8(text), path, out Etag fromBytes), text);
                Assert.Equal(etag, fromBytes);
            }
        }
    }

    [Fact]
    public void ParseOverloadsRoundTrip()
    {
        foreach (Etag etag in Etags.Take(10_000))
        {
            string text = etag.ToString();
            byte[] utf8 = Utf8(text);
            Assert.Equal(etag, Etag.Parse(text));
            Assert.Equal(etag, Etag.Parse(text, null));
            Assert.Equal(etag, Etag.Parse(text.AsSpan()));
            Assert.Equal(etag, Etag.Parse(text.AsSpan(), null));
            Assert.Equal(etag, Etag.Parse(utf8));
            Assert.Equal(etag, Etag.Parse(utf8, null));
            Assert.True(Etag.TryParse(text, out Etag parsed));
            Assert.Equal(etag, parsed);
            Assert.True(Etag.TryParse(text, null, out parsed));
            Assert.Equal(etag, parsed);
            Assert.True(Etag.TryParse(text.AsSpan(), null, out parsed));
            Assert.Equal(etag, parsed);
            Assert.True(Etag.TryParse(utf8, null, out parsed));
            Assert.Equal(etag, parsed);
        }
    }

    [Fact]
    public void GenericParsingThroughTheInterfaces()
    {
        var etag = new Etag(long.MinValue, -1);
        string text = etag.ToString();
        Assert.Equal(etag, ParseVia<Etag>(text));
        Assert.Equal(etag, ParseSpanVia<Etag>(text));
        Assert.Equal(etag, ParseUtf8Via<Etag>(Utf8(text)));
    }

    private static T ParseVia<T>(string text) where T : IParsable<T> =>
        T.TryParse(text, null, out T? result) ? result : T.Parse(text, null);

    private static T ParseSpanVia<T>(string text) where T : ISpanParsable<T> =>
        T.TryParse(text.AsSpan(), null, out T? result) ? result : T.Parse(text.AsSpan(), null);

    private static T ParseUtf8Via<T>(byte[] utf8) where T : IUtf8SpanParsable<T> =>
        T.TryParse(utf8, null, out T? result) ? result : T.Parse(utf8, null);

    [Fact]
    public void NullStrings()
    {
        Assert.Throws<ArgumentNullException>(() => Etag.Parse((string)null!));
        Assert.Throws<ArgumentNullException>(() => Etag.Parse((string)null!, null));
        Assert.False(Etag.TryParse((string?)null, out Etag result));
        Assert.Equal(Etag.Empty, result);
        Assert.False(Etag.TryParse((string?)null, null, out _));
    }

    private static string MixCase(string text, Random random) =>
        string.Create(text.Length, (text, random), static (span, state) =>
        {
            for (int i = 0; i < span.Length; i++)
            {
                char c = state.text[i];
                span[i] = state.random.Next(2) == 0 ? char.ToLowerInvariant(c) : char.ToUpperInvariant(c);
            }
        });
}
