using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>Every node scan against a loop over the heads or leads, on nodes with runs of equal ones and unused slots.</summary>
public sealed unsafe class HeadScanTests
{
    [Fact]
    public void EveryScan_CountsAsTheReference()
    {
        Assert.True(HeadScanScalar.IsSupported);
        long* node = (long*)System.Runtime.InteropServices.NativeMemory.AlignedAlloc(SortedKeyTable.NodeWidth * sizeof(long), 64);
        try
        {
            var random = new Random(8);
            for (int round = 0; round < 20_000; round++)
            {
                int used = random.Next(1, SortedKeyTable.NodeWidth + 1);
                long[] heads = [.. Enumerable.Range(0, used).Select(_ => (long)random.Next(-4, 5) * (random.Next(2) == 0 ? 1 : long.MaxValue / 8)).Order()];
                for (int i = 0; i < SortedKeyTable.NodeWidth; i++)
                    node[i] = i < used ? heads[i] : long.MaxValue;
                long key = random.Next(3) == 0 ? heads[random.Next(used)] : (long)random.Next(-5, 6) * long.MaxValue / 8;
                uint less = Mask(i => node[i] < key), equal = Mask(i => node[i] == key);
                Check<HeadScanScalar>(node, key, less, equal);
                Check<HeadScanVector128>(node, key, less, equal);
                Check<HeadScanVector256>(node, key, less, equal);
                Check<HeadScanVector512>(node, key, less, equal);
            }
        }
        finally
        {
            System.Runtime.InteropServices.NativeMemory.AlignedFree(node);
        }
    }

    [Fact]
    public void EveryLeadScan_CountsAsTheReference()
    {
        int* leads = (int*)System.Runtime.InteropServices.NativeMemory.AlignedAlloc(SortedKeyTable.NodeWidth * sizeof(int), 64);
        try
        {
            var random = new Random(9);
            for (int round = 0; round < 20_000; round++)
            {
                int used = random.Next(1, SortedKeyTable.NodeWidth + 1);
                int[] sorted = [.. Enumerable.Range(0, used).Select(_ => random.Next(-4, 5) * (random.Next(2) == 0 ? 1 : int.MaxValue / 8)).Order()];
                for (int i = 0; i < SortedKeyTable.NodeWidth; i++)
                    leads[i] = i < used ? sorted[i] : int.MaxValue;
                int key = random.Next(4) switch { 0 => sorted[random.Next(used)], 1 => random.Next(2) == 0 ? int.MaxValue : int.MinValue, _ => random.Next(-5, 6) * (int.MaxValue / 8) };
                uint less = Mask(i => leads[i] < key), equal = Mask(i => leads[i] == key);
                CheckLeads<HeadScanScalar>(leads, key, less, equal);
                CheckLeads<HeadScanVector128>(leads, key, less, equal);
                CheckLeads<HeadScanVector256>(leads, key, less, equal);
                CheckLeads<HeadScanVector512>(leads, key, less, equal);
            }
        }
        finally
        {
            System.Runtime.InteropServices.NativeMemory.AlignedFree(leads);
        }
    }

    private static void CheckLeads<TScan>(int* leads, int key, uint less, uint equal) where TScan : struct, IHeadScan
    {
        TScan.CompareLeads(leads, key, out uint actualLess, out uint actualEqual);
        Assert.Equal((less, equal), (actualLess, actualEqual));
    }

    private static void Check<TScan>(long* node, long key, uint less, uint equal) where TScan : struct, IHeadScan
    {
        // A path without hardware vectors of its width still runs (on software vectors), so it is checked everywhere.
        TScan.Compare(node, key, out uint actualLess, out uint actualEqual);
        Assert.Equal((less, equal), (actualLess, actualEqual));
    }

    private static uint Mask(Func<int, bool> holds)
    {
        uint mask = 0;
        for (int i = 0; i < SortedKeyTable.NodeWidth; i++)
            mask |= holds(i) ? 1u << i : 0;
        return mask;
    }
}
