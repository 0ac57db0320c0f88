using System.Runtime.CompilerServices;

namespace Sparrow;

/// <summary>The portable node scan: the 16 heads one at a time, counted without branches.</summary>
internal readonly unsafe struct HeadScanScalar : IHeadScan
{
    public static bool IsSupported => true;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Count(long* heads, long head, out int less, out int equal)
    {
        int below = 0, same = 0;
        for (int i = 0; i < SortedKeyTable.NodeWidth; i++)
        {
            long h = heads[i];
            below += h < head ? 1 : 0;
            same += h == head ? 1 : 0;
        }
        less = below;
        equal = same;
    }
}
