using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow;

/// <summary>The 128-bit node scan (SSE4.2, AdvSimd): the 16 heads as eight 128-bit loads.</summary>
internal readonly unsafe struct HeadScanVector128 : IHeadScan
{
    public static bool IsSupported => Vector128.IsHardwareAccelerated;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Count(long* heads, long head, out int less, out int equal)
    {
        const int Lanes = 2;
        Vector128<long> key = Vector128.Create(head);
        Vector128<long> below = Vector128<long>.Zero;
        Vector128<long> same = Vector128<long>.Zero;
        // PERF: a compare gives -1 per lane where it holds; subtracting the eight results lane-wise counts them,
        // and one horizontal add at the end gives the count (no mask extraction per load). The loop has a constant
        // trip count over constant offsets.
        for (int i = 0; i < SortedKeyTable.NodeWidth; i += Lanes)
        {
            Vector128<long> heads2 = Vector128.LoadAligned(heads + i);
            below -= Vector128.LessThan(heads2, key);
            same -= Vector128.Equals(heads2, key);
        }
        less = (int)Vector128.Sum(below);
        equal = (int)Vector128.Sum(same);
    }
}
