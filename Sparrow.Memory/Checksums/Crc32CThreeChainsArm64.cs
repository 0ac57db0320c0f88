using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics.Arm;

namespace Sparrow.Storage;

/// <summary>
/// The mid-size and long-input path of <see cref="Crc32C"/> on ARM64: three crc32c chains merged with PMULL
/// (<see cref="Crc32CChains.Three{TCrc}"/>).
/// </summary>
internal static unsafe class Crc32CThreeChainsArm64
{
    /// <summary>Whether this path can run: the ARM64 CRC32 extension and PMULL (the AES extension).</summary>
    public static bool IsSupported
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Crc32.Arm64.IsSupported && Aes.IsSupported;
    }

    // The table lives in this class, so initialising the path's own type initialises it (no class-init check).
    private static readonly MergeConstants[] Merges = Crc32CChains.ComputeMerges();

    // PERF: never inlined into the dispatcher, which stays small for the short inputs it keeps to itself.
    /// <summary>Advances the raw CRC register <paramref name="register"/> (not inverted) over <paramref name="length"/> bytes.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static uint Update(uint register, byte* source, nuint length) =>
        Crc32CChains.Three<Arm64Crc32CInstructions>(register, source, length, ref MemoryMarshal.GetArrayDataReference(Merges));
}
