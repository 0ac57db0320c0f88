using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Storage;

/// <summary>The 128-bit node scan (SSE4.2, AdvSimd): the 16 leads as four 128-bit loads, a word of 16 heads as eight.</summary>
internal readonly unsafe struct HeadScanVector128 : IHeadScan
{
    public static bool IsSupported => Vector128.IsHardwareAccelerated;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void CompareLeads(int* leads, int lead, out uint less, out uint equal)
    {
        const int Lanes = 4;
        Vector128<int> key = Vector128.Create(lead);
        uint below = 0, same = 0;
        for (int i = 0; i < SortedKeyTable.NodeWidth; i += Lanes)
        {
            Vector128<int> four = Vector128.LoadAligned(leads + i);
            below |= Vector128.LessThan(four, key).ExtractMostSignificantBits() << i;
            same |= Vector128.Equals(four, key).ExtractMostSignificantBits() << i;
        }
        less = below;
        equal = same;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Compare(long* heads, long head, out uint less, out uint equal)
    {
        const int Lanes = 2;
        Vector128<long> key = Vector128.Create(head);
        uint below = 0, same = 0;
        for (int i = 0; i < SortedKeyTable.NodeWidth; i += Lanes)
        {
            Vector128<long> pair = Vector128.LoadAligned(heads + i);
            below |= Vector128.LessThan(pair, key).ExtractMostSignificantBits() << i;
            same |= Vector128.Equals(pair, key).ExtractMostSignificantBits() << i;
        }
        less = below;
        equal = same;
    }
}
