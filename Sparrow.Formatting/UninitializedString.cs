using System.Runtime.CompilerServices;

namespace Sparrow.Formatting;

/// <summary>New strings whose characters the caller writes before anything else sees them.</summary>
internal static class UninitializedString
{
    /// <summary>
    /// Whether this runtime has the allocator entry <see cref="Allocate"/> calls (every .NET 10 runtime does). It is
    /// a private runtime method, reached by name: a runtime that renames it gets <c>new string('\0', n)</c>, so the
    /// rename costs speed, never a <see cref="MissingMethodException"/>. A test fails when it is false on the
    /// runtime CI runs, so the fallback is never taken unnoticed.
    /// </summary>
    internal static readonly bool HasRuntimeAllocator = Probe();

    /// <summary>
    /// A new string of <paramref name="length"/> characters, not cleared: the caller must write every one of them
    /// before it lets the string go. PERF: the runtime's own allocator entry (what Guid.ToString and
    /// string.Create use), one call; <c>new string('\0', n)</c> goes through the string constructor first
    /// (EtagToStringBenchmarks.EtagToString, against GuidToString). The flag is a static readonly field, a
    /// constant once the class is initialized, so optimized code keeps one of the two branches.
    /// </summary>
    /// <param name="length">The number of characters, at least 1.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static string Allocate(int length) => HasRuntimeAllocator ? FastAllocateString(null, length) : new string('\0', length);

    private static bool Probe()
    {
        try
        {
            return FastAllocateString(null, 1).Length == 1;
        }
        catch (MissingMethodException)
        {
            return false;
        }
    }

    [UnsafeAccessor(UnsafeAccessorKind.StaticMethod, Name = "FastAllocateString")]
    private static extern string FastAllocateString(string? declaringType, nint length);
}
