using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// The size targets on seeded data: uniform gaps within 2% of the ideal block bit-packing (each block of 128 deltas
/// at its largest delta's width, nothing else), gaps with 1% outliers at most 0.75x of it; the table printed beside
/// varint deltas and raw values is the one README's posting list section quotes.
/// </summary>
public sealed class PostingListSizeTests(ITestOutputHelper output)
{
    private const int Count = 65_536;

    /// <summary>Bits of the ideal packing: every block of 128 deltas (value minus the one before) at its largest delta's width.</summary>
    private static long IdealBits(ulong[] values)
    {
        long bits = 0;
        for (int from = 1; from < values.Length; from += 128)
        {
            ulong or = 0;
            for (int i = from; i < Math.Min(from + 128, values.Length); i++)
                or |= values[i] - values[i - 1];
            bits += (long)(64 - ulong.LeadingZeroCount(or)) * Math.Min(128, values.Length - from);
        }
        return bits;
    }

    private static long VarIntDeltaBytes(ulong[] values)
    {
        long bytes = VarInt.GetByteCount(values[0]);
        for (int i = 1; i < values.Length; i++)
            bytes += VarInt.GetByteCount(values[i] - values[i - 1]);
        return bytes;
    }

    public static TheoryData<string, int, double> Cases => new()
    {
        { "gaps of 8 bits", 8, 0 },
        { "gaps of 12 bits", 12, 0 },
        { "gaps of 16 bits", 16, 0 },
        { "gaps of 20 bits", 20, 0 },
        { "gaps of 24 bits", 24, 0 },
        { "gaps of 32 bits", 32, 0 },
        { "gaps below 2^8, 1% below 2^24", 8, 0.01 },
        { "gaps below 2^12, 1% below 2^28", 12, 0.01 },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void MeetsTheSizeTargets(string shape, int bits, double outliers)
    {
        var random = new Random(bits * 100 + (int)(outliers * 1000));
        ulong[] values = outliers == 0
            ? PostingData.Build(Count, 1000, ulong.MaxValue, () => PostingData.GapOfWidth(random, bits))
            : PostingData.Build(Count, 1000, ulong.MaxValue, PostingData.WithOutliers(random, bits, bits + 16, outliers));
        Assert.Equal(Count, values.Length);
        long encoded = PostingData.Encode(values).Length * 8L;
        long ideal = IdealBits(values);
        double ratio = (double)encoded / ideal;
        output.WriteLine($"| {shape} | {(double)encoded / Count:F2} | {ideal / (double)Count:F2} | {VarIntDeltaBytes(values) * 8.0 / Count:F2} | {(values[^1] > uint.MaxValue ? 64 : 32)} | {ratio:F3}x |");
        if (outliers == 0)
            Assert.True(ratio <= 1.02, $"{shape}: {ratio:F4}x the ideal packing");
        else
            Assert.True(ratio <= 0.75, $"{shape}: {ratio:F4}x the ideal packing");
    }
}
