using Sparrow.Testing;
using static Sparrow.Formatting.Tests.EtagTestData;

namespace Sparrow.Formatting.Tests;

/// <summary>
/// Text placed so that its last element is the last accessible byte before a PROT_NONE page (or its first
/// element the first after one): any over-read or over-write faults the process.
/// </summary>
public unsafe class EtagGuardPageTests
{
    private static readonly string[] Texts =
        [Sample, Sample.ToLowerInvariant(), Sample[..35] + "G", Sample[..35] + "\u0130", "\uFFFF" + Sample[1..], Sample[..23] + "0" + Sample[24..]];

    [Theory]
    [InlineData(EtagPath.Public)]
    [InlineData(EtagPath.Scalar)]
    [InlineData(EtagPath.Vector)]
    public void ParseReadsOnlyItsInput(EtagPath path)
    {
        using var memory = new GuardedMemory(4096);
        foreach (string text in Texts)
        {
            bool expected = Etag.TryParse(text, out Etag expectedEtag);

            foreach (nint address in new[] { (nint)memory.EndingAtGuard(Etag.FormattedLength * sizeof(char)), (nint)memory.StartingAfterGuard })
            {
                var chars = new Span<char>((void*)address, Etag.FormattedLength);
                text.CopyTo(chars);
                Assert.Equal(expected, TryParse(chars, path, out Etag parsed));
                Assert.Equal(expectedEtag, parsed);
            }

            byte[] utf8 = Utf8(text);
            if (utf8.Length != Etag.FormattedLength)
                continue;
            foreach (nint address in new[] { (nint)memory.EndingAtGuard(Etag.FormattedLength), (nint)memory.StartingAfterGuard })
            {
                var bytes = new Span<byte>((void*)address, Etag.FormattedLength);
                utf8.CopyTo(bytes);
                Assert.Equal(expected, TryParse(bytes, path, out Etag parsed));
                Assert.Equal(expectedEtag, parsed);
            }
        }
    }

    [Fact]
    public void ParseOfShortInputAtTheGuardReadsOnlyItsInput()
    {
        using var memory = new GuardedMemory(4096);
        for (int length = 0; length < Etag.FormattedLength; length++)
        {
            var chars = new Span<char>(memory.EndingAtGuard(length * sizeof(char)), length);
            Sample.AsSpan(0, length).CopyTo(chars);
            Assert.False(Etag.TryParse(chars, out _));
            var bytes = new Span<byte>(memory.EndingAtGuard(length), length);
            Utf8(Sample).AsSpan(0, length).CopyTo(bytes);
            Assert.False(Etag.TryParse(bytes, out _));
        }
    }

    [Theory]
    [InlineData(EtagPath.Public)]
    [InlineData(EtagPath.Scalar)]
    [InlineData(EtagPath.Vector)]
    [InlineData(EtagPath.Vector256)]
    public void FormatWritesOnlyItsDestination(EtagPath path)
    {
        using var memory = new GuardedMemory(4096);
        var etag = new Etag(0x0123456789ABCDEF, 0x1122334455667788);
        foreach (nint address in new[] { (nint)memory.EndingAtGuard(Etag.FormattedLength * sizeof(char)), (nint)memory.StartingAfterGuard })
        {
            var chars = new Span<char>((void*)address, Etag.FormattedLength);
            Format(etag, chars, path);
            Assert.Equal(Sample, new string(chars));
        }

        foreach (nint address in new[] { (nint)memory.EndingAtGuard(Etag.FormattedLength), (nint)memory.StartingAfterGuard })
        {
            var bytes = new Span<byte>((void*)address, Etag.FormattedLength);
            Format(etag, bytes, path);
            Assert.Equal(Utf8(Sample), bytes.ToArray());
        }
    }

    [Fact]
    public void FormatWritesOnlyItsDestination_OnTheVector512Path()
    {
        SkipReasons.SkipIf(SkipReasons.Avx512Vbmi);
        FormatWritesOnlyItsDestination(EtagPath.Vector512);
    }

    [Fact]
    public void ShortDestinationAtTheGuardIsRefused()
    {
        using var memory = new GuardedMemory(4096);
        var etag = new Etag(-1, -1);
        for (int length = 0; length < Etag.FormattedLength; length++)
        {
            Assert.False(etag.TryFormat(new Span<char>(memory.EndingAtGuard(length * sizeof(char)), length), out _));
            Assert.False(etag.TryFormat(new Span<byte>(memory.EndingAtGuard(length), length), out _));
        }
    }
}
