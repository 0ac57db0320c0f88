using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics.Arm;

namespace Sparrow.Storage;

/// <summary>The smallest-input path of <see cref="Crc32C"/> on ARM64: one chain of crc32c instructions (<see cref="Crc32CChains.One{TCrc}"/>).</summary>
internal static unsafe class Crc32COneChainArm64
{
    /// <summary>Whether this path can run: the ARM64 CRC32 extension.</summary>
    public static bool IsSupported
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Crc32.Arm64.IsSupported;
    }

    /// <summary>Advances the raw CRC register <paramref name="register"/> (not inverted) over <paramref name="length"/> bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Update(uint register, ref byte source, nuint length) =>
        Crc32CChains.One<Arm64Crc32CInstructions>(register, ref source, length);
}
