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

    /// <summary>Neither attribute, and over the JIT's always-inline size (16 bytes of IL): inlined when the caller's budget allows, else a call.</summary>
    public static int Plain(int x) => x < 0 ? -x * 3 + 7 : ((x ^ 0x5A5A) * 5) - 11;

    /// <summary>Neither attribute, under the always-inline size: the JIT inlines it over any budget.</summary>
    public static int Tiny(int x) => x * 3 + 1;

    public static int CallsTiny(int x) => Tiny(x) + 1;

    public static int CallsPlain(int x) => Plain(x) + Inlinable(x);

    /// <summary>The plain call inside an inlined callee: the body the JIT compiles holds it all the same.</summary>
    public static int CallsPlainThroughInlinable(int x) => WrapsPlain(x) + 1;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int WrapsPlain(int x) => Plain(x) * 2;

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
