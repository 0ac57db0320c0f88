using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace IlDump.Fixtures;

/// <summary>For the clmul rule: a carry-less product of two 64-bit values (PCLMULQDQ), and an XOR that multiplies nothing.</summary>
public static class Carryless
{
    public static ulong Multiply(ulong a, ulong b) =>
        Pclmulqdq.CarrylessMultiply(Vector128.CreateScalar(a), Vector128.CreateScalar(b), 0x00).ToScalar();

    public static ulong Xor(ulong a, ulong b) => a ^ b;
}
