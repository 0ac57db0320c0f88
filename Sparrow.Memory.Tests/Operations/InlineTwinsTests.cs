using System.Reflection;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// The plain forms and their <c>*Inline</c> twins promise a real choice: the twin is always inlined whole; the plain
/// form is a call the JIT never inlines, or (Compare) inlines only a small body whose other sizes are a call
/// (il-dump's asm check proves what is inlined into a caller and what stays a call).
/// </summary>
public sealed class InlineTwinsTests
{
    public static TheoryData<string, string> Twins => new()
    {
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

    [Fact]
    public unsafe void Compare_InlinesItsSmallBody_WhoseOtherSizesAreCalls_AndCompareInlineItsWholeDispatch()
    {
        Type[] parameters = [typeof(byte*), typeof(byte*), typeof(int)];
        const MethodImplAttributes Inlining = MethodImplAttributes.NoInlining | MethodImplAttributes.AggressiveInlining;

        Assert.Equal(MethodImplAttributes.AggressiveInlining, typeof(Bytes).GetMethod(nameof(Bytes.Compare), parameters)!.MethodImplementationFlags & Inlining);
        Assert.Equal(MethodImplAttributes.AggressiveInlining, typeof(Bytes).GetMethod(nameof(Bytes.CompareInline), parameters)!.MethodImplementationFlags & Inlining);
        foreach (string call in new[] { nameof(CompareCall.Called), nameof(CompareCall.OutsideSmall) })
            Assert.Equal(MethodImplAttributes.NoInlining, typeof(CompareCall).GetMethod(call, parameters)!.MethodImplementationFlags & Inlining);
    }
}
