using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow;

/// <summary>The AVX-512 node scan: the 16 heads as two 512-bit loads, each compared at once.</summary>
internal readonly unsafe struct HeadScanVector512 : IHeadScan
{
    public static bool IsSupported => Vector512.IsHardwareAccelerated;

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
