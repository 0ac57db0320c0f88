using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>
/// The crc32-chain algorithms, written once against <see cref="ICrc32CInstructions"/> and compiled per instruction
/// set by the path classes (<see cref="Crc32COneChain"/>, <see cref="Crc32CThreeChains"/> and their ARM64 twins).
/// </summary>
/// <remarks>
/// Three chains: a chain over <c>n</c> bytes that starts from zero yields the register of those bytes alone; the
/// register of a whole block is <c>state * x^(8*3n) + a * x^(8*2n) + b * x^(8n) + c</c> (mod P), all chains
/// starting from zero, so no chain waits for the previous block's merge. A product <c>v * K</c> (64 bits)
/// followed by a crc32 of it from zero is <c>v * K * x^33</c>, so <c>K = x^(8n - 33)</c> multiplies by
/// <c>x^(8n)</c>: one carry-less multiply per term and one crc32 for all three.
/// </remarks>
internal static unsafe class Crc32CChains
{
    /// <summary>The 8-byte words in each chain of a whole block of <see cref="Three"/>.</summary>
    public const int BlockWords = 16;

    private const int BlockBytes = 3 * BlockWords * sizeof(ulong);

    /// <summary>The length from which <see cref="One{TCrc}"/> runs its loop of 32 bytes a turn (<see cref="Blocks{TCrc}"/>).</summary>
    public const int BlockFrom = 4 * sizeof(ulong);

    /// <summary>One chain: 32 bytes a turn, then 16 and 8, then 4, 2 and 1, so nothing past the input is read.</summary>
    // PERF: through a ref, so the span overloads read a short input in place without pinning it (no pinned local to
    // set and clear around a few-nanosecond checksum); pointer callers pass ref *source.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint One<TCrc>(uint state, ref byte source, nuint length)
        where TCrc : ICrc32CInstructions
    {
        ulong crc = state;
        nuint offset = 0;
        if (length >= BlockFrom)
        {
            offset = length & ~(nuint)(BlockFrom - 1);
            crc = Blocks<TCrc>(crc, ref source, offset);
        }

        return Rest<TCrc>(crc, ref source, offset, length);
    }

    /// <summary>The register after the whole 32-byte blocks of <paramref name="blockBytes"/> (a multiple of 32, not 0), four words a turn.</summary>
    // PERF: entered only with at least one block (the caller's length test, which Crc32C.Update shares with its
    // path choice), so the loop has no entry test: a short input that reaches it pays one branch a turn. The
    // register stays 64-bit across the loop, with no zero-extension per crc32.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Blocks<TCrc>(ulong crc, ref byte source, nuint blockBytes)
        where TCrc : ICrc32CInstructions
    {
        nuint offset = 0;
        do
        {
            crc = TCrc.Crc32(crc, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, offset)));
            crc = TCrc.Crc32(crc, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, offset + sizeof(ulong))));
            crc = TCrc.Crc32(crc, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, offset + 2 * sizeof(ulong))));
            crc = TCrc.Crc32(crc, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, offset + 3 * sizeof(ulong))));
            offset += 4 * sizeof(ulong);
        }
        while (offset < blockBytes);

        return crc;
    }

    /// <summary>The register after the bytes from <paramref name="offset"/> to <paramref name="length"/>: fewer than 32, the whole blocks before them done.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Rest<TCrc>(ulong crc, ref byte source, nuint offset, nuint length)
        where TCrc : ICrc32CInstructions
    {
        // PERF: independent checksums overlap their chains' latency, so a short one is bound by its branches, not by
        // its crc32s (two a cycle on Zen 4): one test each for 16 and 8 bytes of whole words, one for the 0..7 after.
        if ((length & (2 * sizeof(ulong))) != 0)
        {
            crc = TCrc.Crc32(crc, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, offset)));
            crc = TCrc.Crc32(crc, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, offset + sizeof(ulong))));
            offset += 2 * sizeof(ulong);
        }

        if ((length & sizeof(ulong)) != 0)
        {
            crc = TCrc.Crc32(crc, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, offset)));
            offset += sizeof(ulong);
        }

        uint state = (uint)crc;

        // PERF: the last 0..7 bytes as at most three exact-width steps; a CRC cannot take an overlapping load (a byte
        // counted twice changes it), and a byte loop would be up to seven dependent steps. A whole number of words
        // (the common record and page lengths) costs one test here; a tail of exactly 4 bytes (every length that
        // is a multiple of 4 but not of 8) one more, not the three of the 4, 2 and 1-byte steps.
        nuint tail = length & (sizeof(ulong) - 1);
        if (tail != 0)
        {
            if (tail == sizeof(uint))
                return TCrc.Crc32(state, Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref source, offset)));

            if ((tail & sizeof(uint)) != 0)
            {
                state = TCrc.Crc32(state, Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref source, offset)));
                offset += sizeof(uint);
            }

            if ((tail & sizeof(ushort)) != 0)
            {
                state = TCrc.Crc32(state, Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref source, offset)));
                offset += sizeof(ushort);
            }

            if ((tail & 1) != 0)
                state = TCrc.Crc32(state, Unsafe.Add(ref source, offset));
        }

        return state;
    }

    /// <summary>
    /// Three chains over blocks of <see cref="BlockWords"/> words a chain, the rest as one shorter block of three
    /// equal chains, the last 0..23 bytes as <see cref="Rest{TCrc}"/>. <paramref name="merges"/> is
    /// <see cref="ComputeMerges"/>'s table.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Three<TCrc>(uint state, byte* source, nuint length, ref MergeConstants merges)
        where TCrc : ICrc32CInstructions
    {
        for (; length >= BlockBytes; length -= BlockBytes, source += BlockBytes)
            state = Block<TCrc>(state, source, BlockWords, Unsafe.Add(ref merges, BlockWords));

        // PERF: the rest as one shorter block of three equal chains (its multipliers from the same table), so at
        // most 23 bytes go through a single chain.
        nuint words = length / (3 * sizeof(ulong));
        if (words != 0)
        {
            state = Block<TCrc>(state, source, words, Unsafe.Add(ref merges, (nint)words));
            source += words * (3 * sizeof(ulong));
            length -= words * (3 * sizeof(ulong));
        }

        return Rest<TCrc>(state, ref *source, 0, length);
    }

    /// <summary>Entry <c>n</c> (1..<see cref="BlockWords"/>): the multipliers that merge three chains of <c>n</c> words. Entry 0 is unused.</summary>
    public static MergeConstants[] ComputeMerges()
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

    /// <summary>The register after three chains of <paramref name="words"/> 8-byte words each.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Block<TCrc>(uint state, byte* source, nuint words, in MergeConstants merge)
        where TCrc : ICrc32CInstructions
    {
        nuint chainBytes = words * sizeof(ulong);
        byte* end = source + chainBytes;
        ulong a = 0, b = 0, c = 0;
        for (; source < end; source += sizeof(ulong))
        {
            // PERF: the second and third chains are read at source + chainBytes and + 2 * chainBytes: one base
            // register, one index register, scaled addressing.
            a = TCrc.Crc32(a, Unsafe.ReadUnaligned<ulong>(source));
            b = TCrc.Crc32(b, Unsafe.ReadUnaligned<ulong>(source + chainBytes));
            c = TCrc.Crc32(c, Unsafe.ReadUnaligned<ulong>(source + 2 * chainBytes));
        }

        ulong merged = TCrc.CarrylessMultiply(state, merge.Block) ^ TCrc.CarrylessMultiply(a, merge.TwoChains) ^ TCrc.CarrylessMultiply(b, merge.OneChain);
        return (uint)TCrc.Crc32(0, merged) ^ (uint)c;
    }
}

/// <summary><c>x^(8n - 33) mod P</c> for <c>n</c> = a block's bytes, two chains' bytes and one chain's bytes.</summary>
internal readonly record struct MergeConstants(ulong Block, ulong TwoChains, ulong OneChain);
