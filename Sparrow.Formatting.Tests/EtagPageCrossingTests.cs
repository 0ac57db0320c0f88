using System.Runtime.InteropServices;
using System.Runtime.Intrinsics.X86;
using Sparrow.Testing;
using static Sparrow.Formatting.Tests.EtagTestData;

namespace Sparrow.Formatting.Tests;

/// <summary>
/// The vector formatter writes a destination that crosses a page boundary with stores that each stay on one page.
/// Every boundary position is checked directly on both crossing paths (the AVX-512 VBMI rotation and the portable
/// word split), and every destination offset around a real page boundary through TryFormat (which finds the boundary
/// from the address) and both paths, between guard pages: the text is exact and no byte outside it changes.
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
    public void WriteAroundBoundaryAvx512_WritesTheTextAndNothingElse_AtEveryBoundary()
    {
        SkipReasons.SkipIf(SkipReasons.Avx512Vbmi);
        // The masked stores address up to 128 bytes on either side of the boundary (writing none of them outside
        // the text): the padding keeps those addresses inside this allocation, the canaries prove nothing changed.
        const int Padding = 192;
        int size = Padding + Etag.FormattedLength * sizeof(char) + Padding;
        byte* memory = (byte*)NativeMemory.Alloc((nuint)size);
        try
        {
            var all = new Span<byte>(memory, size);
            foreach (Etag etag in Etags.Take(256))
            {
                string expected = Reference(etag);
                for (int boundary = 0; boundary <= Etag.FormattedLength; boundary++)
                {
                    all.Fill(Canary);
                    Etag.WriteAroundBoundaryAvx512((ulong)etag.Restarts, (ulong)etag.Changes, ref *(char*)(memory + Padding), boundary);
                    int end = Padding + Etag.FormattedLength * sizeof(char);
                    Assert.True(all[..Padding].IndexOfAnyExcept(Canary) < 0 && all[end..].IndexOfAnyExcept(Canary) < 0, $"UTF-16, boundary {boundary}: a byte outside the text changed");
                    Assert.Equal(expected, new string(MemoryMarshal.Cast<byte, char>(all[Padding..end])));

                    all.Fill(Canary);
                    Etag.WriteAroundBoundaryAvx512((ulong)etag.Restarts, (ulong)etag.Changes, ref memory[Padding], boundary);
                    end = Padding + Etag.FormattedLength;
                    Assert.True(all[..Padding].IndexOfAnyExcept(Canary) < 0 && all[end..].IndexOfAnyExcept(Canary) < 0, $"UTF-8, boundary {boundary}: a byte outside the text changed");
                    Assert.Equal(Utf8(expected), all[Padding..end].ToArray());
                }
            }
        }
        finally
        {
            NativeMemory.Free(memory);
        }
    }

    /// <summary>
    /// Two accessible pages between guard pages: at every offset where the text crosses the middle boundary (odd
    /// UTF-16 addresses included), through TryFormat and both crossing paths, a store that strayed onto either guard
    /// page would fault the process.
    /// </summary>
    [Fact]
    public void EveryCrossingOffset_BetweenGuardPages_WritesOnlyTheText()
    {
        using var memory = new GuardedMemory(2 * PageSize);
        Span<byte> all = memory.AsSpan();
        var etag = new Etag(0x0123456789ABCDEF, 0x1122334455667788);
        foreach (int elementSize in new[] { sizeof(byte), sizeof(char) })
        {
            int length = Etag.FormattedLength * elementSize;
            for (int offset = PageSize - length + 1; offset < PageSize; offset++)
            {
                int boundary = (PageSize - offset) / elementSize;
                foreach (int path in new[] { 0, 1, 2 })
                {
                    if (path == 2 && !Avx512Vbmi.IsSupported)
                        continue;
                    all.Fill(Canary);
                    byte* destination = memory.Start + offset;
                    if (elementSize == sizeof(char))
                    {
                        ref char first = ref *(char*)destination;
                        if (path == 0)
                            Assert.True(etag.TryFormat(new Span<char>(destination, Etag.FormattedLength), out _));
                        else if (path == 1)
                            Etag.WriteAroundBoundary((ulong)etag.Restarts, (ulong)etag.Changes, ref first, boundary);
                        else
                            Etag.WriteAroundBoundaryAvx512((ulong)etag.Restarts, (ulong)etag.Changes, ref first, boundary);
                        Assert.Equal(Sample, new string(MemoryMarshal.Cast<byte, char>(all.Slice(offset, length))));
                    }
                    else
                    {
                        if (path == 0)
                            Assert.True(etag.TryFormat(new Span<byte>(destination, Etag.FormattedLength), out _));
                        else if (path == 1)
                            Etag.WriteAroundBoundary((ulong)etag.Restarts, (ulong)etag.Changes, ref *destination, boundary);
                        else
                            Etag.WriteAroundBoundaryAvx512((ulong)etag.Restarts, (ulong)etag.Changes, ref *destination, boundary);
                        Assert.Equal(Utf8(Sample), all.Slice(offset, length).ToArray());
                    }

                    Assert.True(all[..offset].IndexOfAnyExcept(Canary) < 0 && all[(offset + length)..].IndexOfAnyExcept(Canary) < 0, $"path {path}, offset {offset}, {elementSize}-byte elements: a byte outside the text changed");
                }
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
