using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Sparrow.Storage;

public static unsafe partial class Bytes
{
    /// <summary>
    /// The same as <see cref="Compare(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/>, inlined into its caller so a hot
    /// call site (a comparer, a search over keys held in spans) pays no call, at the price of a few hundred bytes of
    /// machine code per call site.
    /// </summary>
    /// <param name="x">The first key.</param>
    /// <param name="y">The second key.</param>
    /// <returns>
    /// <c>x[i] - y[i]</c> for the first differing index <c>i</c> of the common prefix; when the prefix is
    /// equal, <c>x.Length - y.Length</c> (0 when the spans are equal): the sign and the value of
    /// <see cref="MemoryExtensions.SequenceCompareTo{T}(ReadOnlySpan{T}, ReadOnlySpan{T})"/>.
    /// </returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int CompareInline(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y)
    {
        fixed (byte* p1 = &MemoryMarshal.GetReference(x))
        fixed (byte* p2 = &MemoryMarshal.GetReference(y))
            return CompareKeys(p1, x.Length, p2, y.Length);
    }
}
