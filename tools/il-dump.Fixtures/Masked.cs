using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace IlDump.Fixtures;

/// <summary>
/// The first <c>size</c> (1..32) bytes as a vector, for the masked-loads and masked-stores rules and the requires:/env:
/// sections: through an AVX-512 opmask (never touching a byte past <c>size</c>), and with a plain 32-byte access.
/// </summary>
public static unsafe class Masked
{
    public static Vector256<byte> MaskedLoad(byte* p, int size) =>
        Avx512BW.VL.MaskLoad(p, FirstBytes(size), Vector256<byte>.Zero);

    public static Vector256<byte> PlainLoad(byte* p, int size) => Vector256.Load(p) & FirstBytes(size);

    public static void MaskedStore(byte* p, int size, Vector256<byte> value) =>
        Avx512BW.VL.MaskStore(p, FirstBytes(size), value);

    /// <summary>A blend then a plain store: it writes all 32 bytes, so it is not a masked store.</summary>
    public static void BlendedStore(byte* p, int size, Vector256<byte> value) =>
        Vector256.ConditionalSelect(FirstBytes(size), value, Vector256.Load(p)).Store(p);

    /// <summary>One place chooses the path: masked where the JIT has AVX-512BW/VL, the plain load elsewhere.</summary>
    public static Vector256<byte> LoadFirst(byte* p, int size) =>
        Avx512BW.VL.IsSupported ? MaskedLoad(p, size) : PlainLoad(p, size);

    private static Vector256<byte> FirstBytes(int size) => Vector256.LessThan(Vector256<byte>.Indices, Vector256.Create((byte)size));
}
