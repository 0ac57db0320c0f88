using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Storage;

/// <summary>The AVX2 node scan: the 16 leads as two 256-bit loads, a word of 16 heads as four.</summary>
internal readonly unsafe struct HeadScanVector256 : IHeadScan
{
    public static bool IsSupported => Vector256.IsHardwareAccelerated;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void CompareLeads(int* leads, int lead, out uint less, out uint equal)
    {
        const int Lanes = 8;
        Vector256<int> key = Vector256.Create(lead);
        Vector256<int> low = Vector256.LoadAligned(leads);
        Vector256<int> high = Vector256.LoadAligned(leads + Lanes);
        less = Vector256.LessThan(low, key).ExtractMostSignificantBits() | Vector256.LessThan(high, key).ExtractMostSignificantBits() << Lanes;
        equal = Vector256.Equals(low, key).ExtractMostSignificantBits() | Vector256.Equals(high, key).ExtractMostSignificantBits() << Lanes;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Compare(long* heads, long head, out uint less, out uint equal)
    {
        const int Lanes = 4;
        Vector256<long> key = Vector256.Create(head);
        Vector256<long> h0 = Vector256.LoadAligned(heads);
        Vector256<long> h1 = Vector256.LoadAligned(heads + Lanes);
        Vector256<long> h2 = Vector256.LoadAligned(heads + 2 * Lanes);
        Vector256<long> h3 = Vector256.LoadAligned(heads + 3 * Lanes);
        less = Vector256.LessThan(h0, key).ExtractMostSignificantBits()
            | Vector256.LessThan(h1, key).ExtractMostSignificantBits() << Lanes
            | Vector256.LessThan(h2, key).ExtractMostSignificantBits() << (2 * Lanes)
            | Vector256.LessThan(h3, key).ExtractMostSignificantBits() << (3 * Lanes);
        equal = Vector256.Equals(h0, key).ExtractMostSignificantBits()
            | Vector256.Equals(h1, key).ExtractMostSignificantBits() << Lanes
            | Vector256.Equals(h2, key).ExtractMostSignificantBits() << (2 * Lanes)
            | Vector256.Equals(h3, key).ExtractMostSignificantBits() << (3 * Lanes);
    }
}
