using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>
/// One instruction set's crc32 instruction (CRC-32C, bit-reflected, the register XORed into the first 4 bytes of
/// the data) at each width, and its 64x64-bit carry-less multiply: what the crc32-chain paths are written against.
/// </summary>
internal interface ICrc32CInstructions
{
    static abstract ulong Crc32(ulong crc, ulong data);

    static abstract uint Crc32(uint crc, uint data);

    static abstract uint Crc32(uint crc, ushort data);

    static abstract uint Crc32(uint crc, byte data);

    /// <summary>The low 64 bits of the carry-less product of <paramref name="a"/> and <paramref name="b"/>.</summary>
    static abstract ulong CarrylessMultiply(ulong a, ulong b);
}

/// <summary>x64: SSE4.2 crc32 and PCLMULQDQ.</summary>
internal readonly struct X64Crc32CInstructions : ICrc32CInstructions
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Crc32(ulong crc, ulong data) => Sse42.X64.Crc32(crc, data);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Crc32(uint crc, uint data) => Sse42.Crc32(crc, data);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Crc32(uint crc, ushort data) => Sse42.Crc32(crc, data);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Crc32(uint crc, byte data) => Sse42.Crc32(crc, data);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong CarrylessMultiply(ulong a, ulong b) =>
        Pclmulqdq.CarrylessMultiply(Vector128.CreateScalarUnsafe(a), Vector128.CreateScalarUnsafe(b), 0x00).ToScalar();
}

/// <summary>ARM64: the CRC32 extension (crc32cx, crc32cw, crc32ch, crc32cb) and PMULL.</summary>
internal readonly struct Arm64Crc32CInstructions : ICrc32CInstructions
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Crc32(ulong crc, ulong data) => System.Runtime.Intrinsics.Arm.Crc32.Arm64.ComputeCrc32C((uint)crc, data);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Crc32(uint crc, uint data) => System.Runtime.Intrinsics.Arm.Crc32.ComputeCrc32C(crc, data);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Crc32(uint crc, ushort data) => System.Runtime.Intrinsics.Arm.Crc32.ComputeCrc32C(crc, data);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Crc32(uint crc, byte data) => System.Runtime.Intrinsics.Arm.Crc32.ComputeCrc32C(crc, data);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong CarrylessMultiply(ulong a, ulong b) =>
        System.Runtime.Intrinsics.Arm.Aes.PolynomialMultiplyWideningLower(Vector64.CreateScalar(a), Vector64.CreateScalar(b)).ToScalar();
}
