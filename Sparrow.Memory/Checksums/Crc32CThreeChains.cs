using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow;

/// <summary>
/// The mid-size path of <see cref="Crc32C"/>: three independent crc32 chains over three adjacent thirds of a
/// block, merged with carry-less multiplies (PCLMULQDQ), so the instruction's latency is hidden three times over.
/// </summary>
/// <remarks>
/// A chain over <c>n</c> bytes that starts from zero yields the register of those bytes alone; the register of
/// a whole block is <c>state * x^(8*3n) + a * x^(8*2n) + b * x^(8n) + c</c> (mod P), all chains starting from
/// zero, so no chain waits for the previous block's merge. A product <c>v * K</c> (64 bits) followed by a
/// crc32 of it from zero is <c>v * K * x^33</c>, so <c>K = x^(8n - 33)</c> multiplies by <c>x^(8n)</c>: one
/// carry-less multiply per term and one crc32 for all three.
/// </remarks>
internal static unsafe class Crc32CThreeChains
{
    /// <summary>Whether this path can run: the 64-bit crc32 instruction and PCLMULQDQ.</summary>
    public static bool IsSupported => Sse42.X64.IsSupported && Pclmulqdq.IsSupported;

    /// <summary>The 8-byte words in each chain of a whole block.</summary>
    private const int BlockWords = 16;

    private const int BlockBytes = 3 * BlockWords * sizeof(ulong);

    /// <summary>
    /// Entry <c>n</c> (1..<see cref="BlockWords"/>): the multipliers that merge three chains of <c>n</c> words.
    /// Entry 0 is unused.
    /// </summary>
    private static readonly MergeConstants[] Merges = ComputeMerges();

    /// <summary>Advances the CRC register <paramref name="state"/> (not inverted) over <paramref name="length"/> bytes.</summary>
    public static uint Append(uint state, byte* source, nuint length)
    {
        ref MergeConstants merges = ref MemoryMarshal.GetArrayDataReference(Merges);
        for (; length >= BlockBytes; length -= BlockBytes, source += BlockBytes)
            state = Block(state, source, BlockWords, Unsafe.Add(ref merges, BlockWords));

        // PERF: the rest as one shorter block of three equal chains (its multipliers from the same table), so at
        // most 23 bytes go through a single chain.
        nuint words = length / (3 * sizeof(ulong));
        if (words != 0)
        {
            state = Block(state, source, words, Unsafe.Add(ref merges, (nint)words));
            source += words * (3 * sizeof(ulong));
            length -= words * (3 * sizeof(ulong));
        }

        return Crc32COneChain.Append(state, source, length);
    }

    /// <summary>The register after three chains of <paramref name="words"/> 8-byte words each.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Block(uint state, byte* source, nuint words, in MergeConstants merge)
    {
        nuint chainBytes = words * sizeof(ulong);
        byte* end = source + chainBytes;
        ulong a = 0, b = 0, c = 0;
        for (; source < end; source += sizeof(ulong))
        {
            // PERF: the second and third chains are read at source + chainBytes and + 2 * chainBytes: one base
            // register, one index register, x86 scaled addressing.
            a = Sse42.X64.Crc32(a, Unsafe.ReadUnaligned<ulong>(source));
            b = Sse42.X64.Crc32(b, Unsafe.ReadUnaligned<ulong>(source + chainBytes));
            c = Sse42.X64.Crc32(c, Unsafe.ReadUnaligned<ulong>(source + 2 * chainBytes));
        }

        ulong merged = CarrylessMultiply(state, merge.Block) ^ CarrylessMultiply(a, merge.TwoChains) ^ CarrylessMultiply(b, merge.OneChain);
        return (uint)Sse42.X64.Crc32(0, merged) ^ (uint)c;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong CarrylessMultiply(ulong a, ulong b) =>
        Pclmulqdq.CarrylessMultiply(Vector128.CreateScalarUnsafe(a), Vector128.CreateScalarUnsafe(b), 0x00).ToScalar();

    private static MergeConstants[] ComputeMerges()
    {
        var merges = new MergeConstants[BlockWords + 1];
        for (int words = 1; words <= BlockWords; words++)
        {
            long chainBits = 8L * words * sizeof(ulong);
            merges[words] = new MergeConstants(
                Crc32CPolynomial.Power(3 * chainBits - 33), Crc32CPolynomial.Power(2 * chainBits - 33), Crc32CPolynomial.Power(chainBits - 33));
        }

        return merges;
    }

    /// <summary><c>x^(8n - 33) mod P</c> for <c>n</c> = the block's bytes, two chains' bytes and one chain's bytes.</summary>
    private readonly record struct MergeConstants(ulong Block, ulong TwoChains, ulong OneChain);
}
