using System.Reflection;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// The plain forms and their <c>*Inline</c> twins promise a real choice: the plain form is a call the JIT never
/// inlines, the twin is always inlined (il-dump's asm check proves the twin is inlined into a caller).
/// </summary>
public sealed class InlineTwinsTests
{
    public static TheoryData<string, string> Twins => new()
    {
        { nameof(Bytes.Compare), nameof(Bytes.CompareInline) },
        { nameof(Bytes.Copy), nameof(Bytes.CopyInline) },
    };

    [Theory]
    [MemberData(nameof(Twins))]
    public unsafe void PlainFormIsNeverInlined_AndItsTwinAlways(string plain, string inline)
    {
        Type[] parameters = [typeof(byte*), typeof(byte*), typeof(int)];
        MethodImplAttributes plainFlags = typeof(Bytes).GetMethod(plain, parameters)!.MethodImplementationFlags;
        MethodImplAttributes inlineFlags = typeof(Bytes).GetMethod(inline, parameters)!.MethodImplementationFlags;

        Assert.Equal(MethodImplAttributes.NoInlining, plainFlags & (MethodImplAttributes.NoInlining | MethodImplAttributes.AggressiveInlining));
        Assert.Equal(MethodImplAttributes.AggressiveInlining, inlineFlags & (MethodImplAttributes.NoInlining | MethodImplAttributes.AggressiveInlining));
    }
}
