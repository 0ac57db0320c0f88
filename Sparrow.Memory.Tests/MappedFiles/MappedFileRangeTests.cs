using System.Runtime.InteropServices;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// Every accessor over a grid of offsets and lengths that trip signed, unsigned and 32-bit arithmetic, against
/// the range rule computed in 128 bits: accepted exactly when offset &gt;= 0, length &gt;= 0 and
/// offset + length &lt;= Length; otherwise ArgumentOutOfRangeException naming the offset and the length.
/// </summary>
public sealed class MappedFileRangeTests
{
    private const int FileSize = 4097;

    /// <summary>A value of 4096 bytes, so a count of 2^20 + 1 is 2^32 + 4096 bytes: 4096 if it wrapped at 32 bits.</summary>
    [StructLayout(LayoutKind.Sequential, Size = 4096)]
    private struct Page;

    public static TheoryData<int> FileSizes => new(0, 1, FileSize);

    private static long[] Offsets(long length) =>
    [
        long.MinValue, long.MinValue + 1, -(1L << 32) - 1, -(1L << 32), int.MinValue, -length - 1, -length, -2, -1,
        0, 1, length / 2, length - 8, length - 1, length, length + 1, int.MaxValue, uint.MaxValue, 1L << 62,
        long.MaxValue - int.MaxValue, long.MaxValue - 1, long.MaxValue,
    ];

    private static long[] Lengths(long length) =>
    [
        int.MinValue, int.MinValue + 1, -length - 1, -2, -1, 0, 1, 2, 8, length - 1, length, length + 1, int.MaxValue,
    ];

    [Theory]
    [MemberData(nameof(FileSizes))]
    public void AsSpan_AcceptsExactlyTheRangesInsideTheFile(int size)
    {
        using var mapped = new MappedBytes(size, seed: 21);
        var (bytes, map) = mapped;

        foreach (long offset in Offsets(size))
        {
            foreach (int length in Lengths(size).Select(l => (int)l).Distinct())
            {
                Check(size, offset, length, length, "length", $"AsSpan({offset}, {length})",
                    () => map.AsSpan(offset, length).SequenceEqual(bytes.AsSpan((int)offset, length)));
            }
        }
    }

    [Theory]
    [MemberData(nameof(FileSizes))]
    public void Cast_AcceptsExactlyTheValuesInsideTheFile(int size)
    {
        using var mapped = new MappedBytes(size, seed: 22);
        var (bytes, map) = mapped;

        CheckCast<byte>(map, bytes);
        CheckCast<short>(map, bytes);
        CheckCast<int>(map, bytes);
        CheckCast<long>(map, bytes);
        CheckCast<Int128>(map, bytes);
        CheckCast<Page>(map, bytes);
    }

    private static unsafe void CheckCast<T>(MappedFile map, byte[] bytes)
        where T : unmanaged
    {
        int size = bytes.Length;
        // The counts whose byte length wraps around at 32 bits to a small number a 32-bit check would accept.
        int wrapping = (int)((1L << 32) / sizeof(T)) + 1;
        int[] counts = [.. Lengths(size).Select(l => (int)Math.Clamp(l, int.MinValue, int.MaxValue)),
                        size / sizeof(T), size / sizeof(T) + 1, wrapping > 0 ? wrapping : 1, int.MaxValue / sizeof(T) + 1];
        foreach (long offset in Offsets(size))
        {
            foreach (int count in counts.Distinct())
            {
                Check(size, offset, count, (Int128)count * sizeof(T), "count", $"Cast<{typeof(T).Name}>({offset}, {count})",
                    () => MemoryMarshal.AsBytes(map.Cast<T>(offset, count)).SequenceEqual(bytes.AsSpan((int)offset, count * sizeof(T))));
            }
        }
    }

    [Theory]
    [MemberData(nameof(FileSizes))]
    public void Read_AcceptsExactlyTheValuesInsideTheFile(int size)
    {
        using var mapped = new MappedBytes(size, seed: 23);
        var (bytes, map) = mapped;

        foreach (long offset in Offsets(size).Concat([size - 15, size - 7, size - 3, size - 2]))
        {
            // Every size with its own precomputed count (1, 2, 4, 8, 16 bytes), and one computed per read.
            CheckRead<byte>(map, bytes, offset);
            CheckRead<short>(map, bytes, offset);
            CheckRead<int>(map, bytes, offset);
            CheckRead<long>(map, bytes, offset);
            CheckRead<Int128>(map, bytes, offset);
            CheckRead<Page>(map, bytes, offset);
        }
    }

    private static unsafe void CheckRead<T>(MappedFile map, byte[] bytes, long offset)
        where T : unmanaged =>
        Check(bytes.Length, offset, sizeof(T), sizeof(T), "offset", $"Read<{typeof(T).Name}>({offset})",
            () => MemoryMarshal.AsBytes([map.Read<T>(offset)]).SequenceEqual(bytes.AsSpan((int)offset, sizeof(T))));

    [Theory]
    [MemberData(nameof(FileSizes))]
    public void WillNeed_AcceptsExactlyTheRangesInsideTheFile(int size)
    {
        using var mapped = new MappedBytes(size, seed: 24);
        MappedFile map = mapped.Map;

        long[] lengths = [.. Lengths(size), long.MinValue, 1L << 32, long.MaxValue - 1, long.MaxValue];
        foreach (long offset in Offsets(size))
        {
            foreach (long length in lengths)
            {
                Check(size, offset, length, length, "length", $"WillNeed({offset}, {length})", () =>
                {
                    map.WillNeed(offset, length);
                    return true;
                });
            }
        }
    }

    /// <summary>
    /// Calls <paramref name="call"/> and checks the outcome: for a range inside the file it returns true (the
    /// bytes are right); for any other, ArgumentOutOfRangeException whose message has the offset and the length
    /// and whose parameter is the offset when the offset alone is outside the file, else the length.
    /// </summary>
    private static void Check(long fileSize, long offset, long length, Int128 byteCount, string lengthName, string what, Func<bool> call)
    {
        bool inside = offset >= 0 && byteCount >= 0 && offset + byteCount <= fileSize;
        if (inside)
        {
            if (!call())
                Assert.Fail($"{what} on {fileSize} bytes: the bytes differ from the file's.");
            return;
        }

        ArgumentOutOfRangeException? error = null;
        try
        {
            call();
        }
        catch (ArgumentOutOfRangeException e)
        {
            error = e;
        }
        if (error is null)
            Assert.Fail($"{what} on {fileSize} bytes: accepted, expected ArgumentOutOfRangeException.");
        string expectedParameter = offset < 0 || offset > fileSize ? "offset" : lengthName;
        if (error.ParamName != expectedParameter || !error.Message.Contains($"offset {offset}") || !error.Message.Contains(length.ToString()))
            Assert.Fail($"{what} on {fileSize} bytes: expected parameter '{expectedParameter}' and the offset and length in the message, got '{error.ParamName}': {error.Message}");
    }
}
