using System.Diagnostics.CodeAnalysis;

namespace Sparrow;

public static partial class Memory
{
    // PERF: deliberately not NoInlining: the JIT then sees a body that only throws, keeps the call out of
    // line and knows it does not return, so the callers' arguments need no callee-saved registers.
    [DoesNotReturn]
    internal static void ThrowNegativeSize() =>
        throw new ArgumentOutOfRangeException("size", "The size must not be negative.");
}
