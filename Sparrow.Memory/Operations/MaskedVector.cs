using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// The AVX-512 path for 1..32 bytes (1..64 for SequenceEqual with 512-bit vectors): AVX-512BW/VL masked loads
/// and stores touch only the bytes whose mask bit is set, and the CPU suppresses faults on the others, so a
/// 32-byte access of a 5-byte key at the end of a page never reads the next page.
/// </summary>
internal static unsafe class MaskedVector
{
    /// <summary>The largest size one masked access covers.</summary>
    public const int MaxSize = 32;

    /// <summary>Whether the CPU has AVX-512BW with 256-bit (VL) forms; a JIT-time constant.</summary>
    public static bool IsSupported
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Avx512BW.VL.IsSupported;
    }

    /// <summary>The largest size one 512-bit masked equality test (<see cref="Differences"/>) covers.</summary>
    public const int MaxEqualSize = 64;

    /// <summary>The mask of the first <paramref name="size"/> (1..64) bytes of a 512-bit vector: lane i all ones when i &lt; size.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> MaskFor512(uint size) =>
        Vector512.LessThan(Vector512<byte>.Indices, Vector512.Create((byte)size));

    /// <summary>The XOR of the bytes of <paramref name="x"/> and <paramref name="y"/> in <paramref name="mask"/>, zero elsewhere; nothing outside the mask is read.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> Differences(byte* x, byte* y, Vector512<byte> mask) =>
        Load(x, mask) ^ Load(y, mask);

    /// <summary>The mask of the first <paramref name="size"/> (1..32) bytes: lane i all ones when i &lt; size.</summary>
    /// <remarks>PERF: a broadcast and one unsigned compare against the lane indices; the JIT keeps the result in an opmask register that the masked accesses use directly.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<byte> MaskFor(uint size) =>
        Vector256.LessThan(Vector256<byte>.Indices, Vector256.Create((byte)size));

    /// <summary>Bit i set when byte i of <paramref name="x"/> and <paramref name="y"/> differ, for the bytes in <paramref name="mask"/>.</summary>
    /// <remarks>PERF: a not-equal compare straight into an opmask register and one move to a general register: no separate NOT, no byte-mask extraction.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint DifferingBytes(byte* x, byte* y, Vector256<byte> mask) =>
        Avx512BW.VL.CompareNotEqual(Load(x, mask), Load(y, mask)).ExtractMostSignificantBits();

    /// <summary>Bit i set when byte i of the 32 bytes at <paramref name="x"/> and <paramref name="y"/> differ (plain loads: all 32 must be in bounds).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint DifferingBytes32(byte* x, byte* y) =>
        Avx512BW.VL.CompareNotEqual(Vector256.Load(x), Vector256.Load(y)).ExtractMostSignificantBits();

    /// <summary>The bytes of <paramref name="p"/> where <paramref name="mask"/> is set, zero elsewhere; nothing else is read.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<byte> Load(byte* p, Vector256<byte> mask) => Avx512BW.VL.MaskLoad(p, mask, Vector256<byte>.Zero);

    /// <inheritdoc cref="Load(byte*, Vector256{byte})"/>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<byte> Load(byte* p, Vector512<byte> mask) => Avx512BW.MaskLoad(p, mask, Vector512<byte>.Zero);

    /// <summary>Stores the bytes of <paramref name="value"/> where <paramref name="mask"/> is set; nothing else is written.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store(byte* p, Vector256<byte> mask, Vector256<byte> value) => Avx512BW.VL.MaskStore(p, mask, value);
}
