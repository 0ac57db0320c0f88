using System.Runtime.InteropServices;
using Sparrow.Storage;

namespace Sparrow.ReadMe.Tests;

public sealed partial class Usage
{
    [Fact]
    public unsafe void Compare_keys_in_native_memory()
    {
        // Keys in native memory, as a B+tree page or a memory-mapped file holds them.
        byte* page = (byte*)NativeMemory.Alloc(64);
        try
        {
            var keys = new Span<byte>(page, 64);
            "users/1042"u8.CopyTo(keys);              // a: 10 bytes at page
            "users/1042/orders"u8.CopyTo(keys[16..]); // b: 17 bytes at page + 16
            "users/1050"u8.CopyTo(keys[48..]);        // c: 10 bytes at page + 48
            byte* a = page, b = page + 16, c = page + 48;

            // memcmp order with the exact difference: 0 when equal, else a[i] - c[i] at the first differing byte.
            Assert.Equal('4' - '5', Bytes.Compare(a, c, 10));
            // Keys of different lengths: the common prefix, then the shorter key first (size1 - size2).
            Assert.Equal(10 - 17, Bytes.Compare(a, 10, b, 17));
            Assert.True(Bytes.SequenceEqual(a, b, 10));
            Assert.False(Bytes.SequenceEqual(a, c, 10));
            // The same key order over spans.
            Assert.True(Bytes.Compare(keys[..10], keys[48..58]) < 0);
        }
        finally
        {
            NativeMemory.Free(page);
        }
    }

    [Fact]
    public unsafe void Copy_move_and_set_on_a_page()
    {
        // A page's slot array of 2-byte offsets: make room at slot 1 by shifting the tail up by one slot.
        byte* page = (byte*)NativeMemory.Alloc(64);
        try
        {
            Bytes.Set(page, 0xFF, 64);                   // a freed page, filled with a marker
            ReadOnlySpan<byte> slots = [0x10, 0x00, 0x20, 0x00, 0x30, 0x00];
            Bytes.Copy(slots, new Span<byte>(page, 64));  // three slots; the ranges must not overlap

            Bytes.Move(page + 2, page + 4, 4);            // source, then destination (as NativeMemory.Copy); they overlap: Move
            page[2] = 0x18; page[3] = 0x00;                // the new slot
            Assert.Equal(new byte[] { 0x10, 0, 0x18, 0, 0x20, 0, 0x30, 0, 0xFF }, new Span<byte>(page, 9).ToArray());

            Bytes.Set(page + 8, 0, 56);                    // zero what follows
            Assert.False(new Span<byte>(page + 8, 56).ContainsAnyExcept((byte)0));
        }
        finally
        {
            NativeMemory.Free(page);
        }
    }
}
