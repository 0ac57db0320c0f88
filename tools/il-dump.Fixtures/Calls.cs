using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace IlDump.Fixtures;

/// <summary>Machine-code rules: calls, inlining and bounds checks.</summary>
public static class Calls
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Inlinable(int x) => x * 3 + 1;

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int NeverInlined(int x) => x * 3 + 1;

    public static int CallsAnother(int x) => NeverInlined(x) + 1;

    /// <summary>Generic twins of the above: the inlining rule must see a call to an instantiation (<c>Calls:NeverInlinedGeneric[int]</c>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T InlinableGeneric<T>(T x) => x;

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static T NeverInlinedGeneric<T>(T x) => x;

    public static int ThrowsThroughHelper(int x)
    {
        if (x < 0)
            ThrowNegative();

        return x * 2;
    }

    public static byte IndexWithBoundsCheck(byte[] bytes, int index) => bytes[index];

    public static byte IndexWithoutBoundsCheck(byte[] bytes, int index) =>
        Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(bytes), index);

    [DoesNotReturn]
    private static void ThrowNegative() => throw new ArgumentOutOfRangeException("x");
}
