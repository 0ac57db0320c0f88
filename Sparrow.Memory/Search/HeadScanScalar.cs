using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>The portable node scan: the 16 leads or heads one at a time, as bits, without branches.</summary>
internal readonly unsafe struct HeadScanScalar : IHeadScan
{
    public static bool IsSupported => true;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void CompareLeads(int* leads, int lead, out uint less, out uint equal)
    {
        uint below = 0, same = 0;
        for (int i = 0; i < SortedKeyTable.NodeWidth; i++)
        {
            int l = leads[i];
            below |= (l < lead ? 1u : 0u) << i;
            same |= (l == lead ? 1u : 0u) << i;
        }
        less = below;
        equal = same;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Compare(long* heads, long head, out uint less, out uint equal)
    {
        uint below = 0, same = 0;
        for (int i = 0; i < SortedKeyTable.NodeWidth; i++)
        {
            long h = heads[i];
            below |= (h < head ? 1u : 0u) << i;
            same |= (h == head ? 1u : 0u) << i;
        }
        less = below;
        equal = same;
    }
}
