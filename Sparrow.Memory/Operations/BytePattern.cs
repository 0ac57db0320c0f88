using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Storage;

/// <summary>One byte repeated across a word or a vector, the pattern <see cref="Bytes.Set(byte*, byte, int)"/> stores.</summary>
internal static class BytePattern
{
    /// <summary>
    /// <paramref name="value"/> in every byte of a <typeparamref name="TWord"/>: ushort, uint, ulong, or a
    /// 128- or 256-bit vector of bytes (the type is a JIT-time constant, so one branch survives).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static unsafe TWord Repeat<TWord>(byte value) where TWord : unmanaged
    {
        if (typeof(TWord) == typeof(Vector128<byte>))
            return Unsafe.BitCast<Vector128<byte>, TWord>(Vector128.Create(value));
        if (typeof(TWord) == typeof(Vector256<byte>))
            return Unsafe.BitCast<Vector256<byte>, TWord>(Vector256.Create(value));
        ulong pattern = value * 0x0101_0101_0101_0101UL;
        return sizeof(TWord) == sizeof(ushort) ? Unsafe.BitCast<ushort, TWord>((ushort)pattern)
            : sizeof(TWord) == sizeof(uint) ? Unsafe.BitCast<uint, TWord>((uint)pattern)
            : Unsafe.BitCast<ulong, TWord>(pattern);
    }
}
