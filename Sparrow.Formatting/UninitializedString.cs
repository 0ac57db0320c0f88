using System.Runtime.CompilerServices;

namespace Sparrow.Formatting;

/// <summary>New strings whose characters the caller writes before anything else sees them.</summary>
internal static class UninitializedString
{
    /// <summary>
    /// A new string of <paramref name="length"/> characters, not cleared: the caller must write every one of them
    /// before it lets the string go. PERF: the runtime's own allocator entry (what Guid.ToString and
    /// string.Create use), one call; <c>new string('\0', n)</c> goes through the string constructor first
    /// (EtagToStringBenchmarks.EtagToString, against GuidToString).
    /// </summary>
    /// <param name="length">The number of characters, at least 1.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static string Allocate(int length) => FastAllocateString(null, length);

    [UnsafeAccessor(UnsafeAccessorKind.StaticMethod, Name = "FastAllocateString")]
    private static extern string FastAllocateString(string? declaringType, nint length);
}
