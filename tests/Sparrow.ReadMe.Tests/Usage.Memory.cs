using System.Runtime.InteropServices;

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
            Assert.Equal('4' - '5', Memory.Compare(a, c, 10));
            // Keys of different lengths: the common prefix, then the shorter key first (size1 - size2).
            Assert.Equal(10 - 17, Memory.Compare(a, 10, b, 17));
            Assert.True(Memory.SequenceEqual(a, b, 10));
            Assert.False(Memory.SequenceEqual(a, c, 10));
            // The same key order over spans.
            Assert.True(Memory.Compare(keys[..10], keys[48..58]) < 0);
        }
        finally
        {
            NativeMemory.Free(page);
        }
    }
}
