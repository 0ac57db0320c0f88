using System.Runtime.InteropServices;
using static Sparrow.Formatting.Tests.EtagTestData;

namespace Sparrow.Formatting.Tests;

/// <summary>
/// The vector formatter writes a destination that crosses a page boundary with stores that each stay on one page.
/// Every boundary position is checked directly, and every destination offset around a real page boundary through
/// TryFormat (which finds the boundary from the address): the text is exact and no byte outside it changes.
/// </summary>
public unsafe class EtagPageCrossingTests
{
    private const int PageSize = 4096;
    private const byte Canary = 0xA5;

    [Fact]
    public void WriteAroundBoundary_WritesTheTextAndNothingElse_AtEveryBoundary()
    {
        foreach (Etag etag in Etags.Take(64))
        {
            string expected = Reference(etag);
            for (int boundary = 0; boundary <= Etag.FormattedLength; boundary++)
            {
                char[] chars = new char[Etag.FormattedLength + 16];
                Array.Fill(chars, (char)Canary);
                Etag.WriteAroundBoundary((ulong)etag.Restarts, (ulong)etag.Changes, ref chars[8], boundary);
                Assert.Equal(new string((char)Canary, 8) + expected + new string((char)Canary, 8), new string(chars));

                byte[] bytes = new byte[Etag.FormattedLength + 16];
                Array.Fill(bytes, Canary);
                Etag.WriteAroundBoundary((ulong)etag.Restarts, (ulong)etag.Changes, ref bytes[8], boundary);
                Assert.Equal([.. Enumerable.Repeat(Canary, 8), .. Utf8(expected), .. Enumerable.Repeat(Canary, 8)], bytes);
            }
        }
    }

    [Fact]
    public void TryFormat_AtEveryOffsetAcrossAPageBoundary_WritesTheTextAndNothingElse()
    {
        byte* pages = (byte*)NativeMemory.AlignedAlloc(2 * PageSize, PageSize);
        try
        {
            var all = new Span<byte>(pages, 2 * PageSize);
            foreach (Etag etag in Etags.Take(16))
            {
                string expected = Reference(etag);
                for (int offset = PageSize - 2 * Etag.FormattedLength - 2; offset <= PageSize + 1; offset++)
                {
                    all.Fill(Canary);
                    Assert.True(etag.TryFormat(new Span<byte>(pages + offset, Etag.FormattedLength), out _));
                    Assert.True(all[..offset].IndexOfAnyExcept(Canary) < 0 && all[(offset + Etag.FormattedLength)..].IndexOfAnyExcept(Canary) < 0);
                    Assert.Equal(Utf8(expected), all.Slice(offset, Etag.FormattedLength).ToArray());

                    all.Fill(Canary);
                    Assert.True(etag.TryFormat(new Span<char>(pages + offset, Etag.FormattedLength), out _));
                    int end = offset + Etag.FormattedLength * sizeof(char);
                    Assert.True(all[..offset].IndexOfAnyExcept(Canary) < 0 && all[end..].IndexOfAnyExcept(Canary) < 0);
                    Assert.Equal(expected, new string(MemoryMarshal.Cast<byte, char>(all[offset..end])));
                }
            }
        }
        finally
        {
            NativeMemory.AlignedFree(pages);
        }
    }
}
