using System.Runtime.CompilerServices;

namespace IlDump.Fixtures;

/// <summary>
/// A loop written once, generic over the step it runs (as Sparrow's BlockLoop and size-class operations are): the
/// IL rules must follow <c>constrained.</c> calls through the type argument to the struct's own code, and still
/// see a class type argument's call as the virtual call it is.
/// </summary>
public static unsafe class Generic
{
    private static readonly ClassStep Shared = new();

    /// <summary>A struct step that loads at constant offsets: the loop passes load8-const-offsets and no-callvirt.</summary>
    public static ulong ThroughStruct(byte* p, int size) => Loop(new ConstantOffsetStep(), p, size);

    /// <summary>A struct step that loads at a computed address: the loop fails load8-const-offsets.</summary>
    public static ulong ThroughStructIndexed(byte* p, int size) => Loop(new IndexedStep(), p, size);

    /// <summary>A class step: the constrained call is a virtual call, so no-callvirt fails.</summary>
    public static ulong ThroughClass(byte* p, int size) => Loop(Shared, p, size);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Loop<TStep>(TStep step, byte* p, int size)
        where TStep : IStep
    {
        ulong x = 0;
        byte* end = p + size - 16;
        while (p <= end)
        {
            x ^= step.Step(p);
            p += 16;
        }

        return x;
    }

    public interface IStep
    {
        ulong Step(byte* p);
    }

    private readonly struct ConstantOffsetStep : IStep
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ulong Step(byte* p) => *(ulong*)p ^ *(ulong*)(p + 8);
    }

    private readonly struct IndexedStep : IStep
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ulong Step(byte* p) => *(ulong*)(p + (p[0] & 7));
    }

    private sealed class ClassStep : IStep
    {
        public ulong Step(byte* p) => *(ulong*)p;
    }
}
