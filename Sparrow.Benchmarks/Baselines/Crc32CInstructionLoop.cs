using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Sparrow.Benchmarks.Baselines;

/// <summary>
/// CRC-32C as a .NET user writes it today: <see cref="BitOperations.Crc32C(uint, ulong)"/> (one crc32
/// instruction where the hardware has it) in a loop, 8 bytes a step, then a byte at a time: one dependent chain.
/// </summary>
internal static class Crc32CInstructionLoop
{
    public static uint Hash(ReadOnlySpan<byte> source)
    {
        uint crc = ~0u;
        ref byte start = ref MemoryMarshal.GetReference(source);
        int i = 0;
        for (; i <= source.Length - sizeof(ulong); i += sizeof(ulong))
            crc = BitOperations.Crc32C(crc, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, i)));
        for (; i < source.Length; i++)
            crc = BitOperations.Crc32C(crc, source[i]);
        return ~crc;
    }
}
