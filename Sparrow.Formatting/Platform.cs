using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Formatting;

/// <summary>
/// What the formatters and parsers assume of the machine, stated once for both <see cref="Etag"/> and
/// <see cref="DateTimeFormatter"/>, and the one gate between their scalar and vector paths.
/// </summary>
/// <remarks>
/// Byte order: text is read and written as little-endian words and vectors (character 0 in the lowest byte or
/// lane), and the lookup tables are laid out for that order. Sparrow.Formatting supports little-endian machines
/// only (every platform the .NET JIT targets); no path has a big-endian variant.
/// </remarks>
internal static class Platform
{
    /// <summary>
    /// Whether the Vector128 paths run; otherwise the portable scalar paths run. The JIT folds this to a
    /// constant, so only one path is compiled into each caller.
    /// </summary>
    internal static bool IsVectorized
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Vector128.IsHardwareAccelerated;
    }
}
