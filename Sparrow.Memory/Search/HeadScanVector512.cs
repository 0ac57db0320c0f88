using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Storage;

/// <summary>The AVX-512 node scan: the 16 leads as one 512-bit load, a word of 16 heads as two, each compared at once.</summary>
internal readonly unsafe struct HeadScanVector512 : IHeadScan
{
    public static bool IsSupported => Vector512.IsHardwareAccelerated;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void CompareLeads(int* leads, int lead, out uint less, out uint equal) =>
        CompareLeads(leads, Vector512.Create(lead), out less, out equal);

    /// <summary>The same as <see cref="CompareLeads(int*, int, out uint, out uint)"/>, the key's lead already in every lane of <paramref name="key"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void CompareLeads(int* leads, Vector512<int> key, out uint less, out uint equal)
    {
        Vector512<int> all = Vector512.LoadAligned(leads);
        less = (uint)Vector512.LessThan(all, key).ExtractMostSignificantBits();
        equal = (uint)Vector512.Equals(all, key).ExtractMostSignificantBits();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Compare(long* heads, long head, out uint less, out uint equal) =>
        Compare(heads, Vector512.Create(head), out less, out equal);

    /// <summary>The same as <see cref="Compare(long*, long, out uint, out uint)"/>, the key's word already in every lane of <paramref name="key"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Compare(long* heads, Vector512<long> key, out uint less, out uint equal)
    {
        Vector512<long> low = Vector512.LoadAligned(heads);
        Vector512<long> high = Vector512.LoadAligned(heads + Vector512<long>.Count);
        less = (uint)( Vector512.LessThan(low, key).ExtractMostSignificantBits()
            | Vector512.LessThan(high, key).ExtractMostSignificantBits() << Vector512<long>.Count);
        equal = (uint)( Vector512.Equals(low, key).ExtractMostSignificantBits()
            | Vector512.Equals(high, key).ExtractMostSignificantBits() << Vector512<long>.Count);
    }
}
