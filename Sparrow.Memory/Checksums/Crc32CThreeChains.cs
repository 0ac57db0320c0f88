using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// The mid-size path of <see cref="Crc32C"/> on x64 (and every long input without AVX-512): three independent
/// crc32 chains over adjacent thirds of a block, merged with PCLMULQDQ (<see cref="Crc32CChains.Three{TCrc}"/>),
/// so the instruction's latency is hidden three times over.
/// </summary>
internal static unsafe class Crc32CThreeChains
{
    /// <summary>Whether this path can run: the 64-bit crc32 instruction and PCLMULQDQ.</summary>
    public static bool IsSupported
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Sse42.X64.IsSupported && Pclmulqdq.IsSupported;
    }

    // The table lives in this class, so initialising the path's own type initialises it (no class-init check).
    private static readonly MergeConstants[] Merges = Crc32CChains.ComputeMerges();

    /// <summary>Advances the raw CRC register <paramref name="register"/> (not inverted) over <paramref name="length"/> bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Update(uint register, byte* source, nuint length) =>
        Crc32CChains.Three<X64Crc32CInstructions>(register, source, length, ref MemoryMarshal.GetArrayDataReference(Merges));

    /// <summary><see cref="Update(uint, byte*, nuint)"/> of the bytes at <paramref name="source"/>, pinned here: <see cref="Crc32C"/>'s entry.</summary>
    // PERF: the dispatcher's one call, as Crc32CFold512's: the pin and the path in one method.
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static uint Update(uint register, ref byte source, nuint length)
    {
        fixed (byte* p = &source)
            return Update(register, p, length);
    }
}
