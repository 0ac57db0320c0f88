using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace IlDump.Fixtures;

/// <summary>
/// The lanes of a vector above a limit packed to the front of <c>p</c>, for the no-memory-compress rule: compressed
/// into a register and stored (what a partition on Zen 4 must do), and compressed straight to memory (microcoded there).
/// </summary>
public static unsafe class Compress
{
    public static void ToRegisterThenStore(uint* p, Vector512<uint> value, uint limit) =>
        Avx512F.Compress(Vector512<uint>.Zero, Vector512.GreaterThan(value, Vector512.Create(limit)), value).Store(p);

    public static void ToMemory(uint* p, Vector512<uint> value, uint limit) =>
        Avx512F.CompressStore(p, Vector512.GreaterThan(value, Vector512.Create(limit)), value);
}
