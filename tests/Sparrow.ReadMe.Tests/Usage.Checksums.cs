using System.Buffers.Binary;
using System.Runtime.InteropServices;
using Sparrow.Storage;

namespace Sparrow.ReadMe.Tests;

public sealed partial class Usage
{
    [Fact]
    public unsafe void Page_checksum_around_its_own_field()
    {
        // A 4 KiB page in native memory whose header keeps the page's CRC-32C at bytes 8..11.
        const int PageSize = 4096, Field = 8, AfterField = Field + Crc32C.HashLengthInBytes;
        byte* page = (byte*)NativeMemory.AlignedAlloc(PageSize, 4096);
        try
        {
            Random.Shared.NextBytes(new Span<byte>(page, PageSize));

            // The checksum of every byte but the field: the two ranges around it, combined without rereading.
            uint crc = Crc32C.Combine(Crc32C.HashToUInt32(page, Field), Crc32C.HashToUInt32(page + AfterField, PageSize - AfterField), PageSize - AfterField);
            BinaryPrimitives.WriteUInt32LittleEndian(new Span<byte>(page + Field, 4), crc);

            // Verifying a page read back: the same two ranges, against the stored value.
            uint stored = BinaryPrimitives.ReadUInt32LittleEndian(new ReadOnlySpan<byte>(page + Field, 4));
            Assert.Equal(stored, Crc32C.Combine(Crc32C.HashToUInt32(page, Field), Crc32C.HashToUInt32(page + AfterField, PageSize - AfterField), PageSize - AfterField));

            // In one pass, Append over the bytes after the field gives the same value.
            Assert.Equal(crc, Crc32C.Append(Crc32C.HashToUInt32(page, Field), page + AfterField, PageSize - AfterField));

            // Streaming: Append continues a checksum; the published check value of "123456789".
            Assert.Equal(0xE3069283u, Crc32C.Append(Crc32C.HashToUInt32("1234"u8), "56789"u8));

            // The raw register, as an engine that logs it keeps it: start from all ones, invert once at the end.
            uint register = Crc32C.UpdateRegister(0xFFFFFFFF, "1234"u8);
            Assert.Equal(0xE3069283u, ~Crc32C.UpdateRegister(register, "56789"u8));
        }
        finally
        {
            NativeMemory.AlignedFree(page);
        }
    }
}
