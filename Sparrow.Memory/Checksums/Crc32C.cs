using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Sparrow.Storage;

/// <summary>
/// CRC-32C (Castagnoli): the reflected polynomial 0x82F63B78, initial value and final XOR 0xFFFFFFFF, as iSCSI
/// (RFC 3720), ext4, RocksDB, LevelDB and PostgreSQL's WAL use it. <c>HashToUInt32("123456789"u8) == 0xE3069283</c>.
/// One crc32-instruction chain, 512-bit carry-less-multiply folding, interleaved crc32 chains (x64 or ARM64), or
/// slicing-by-8 tables, whichever this machine runs fastest for the length; every path gives the same value.
/// <see cref="Append(uint, ReadOnlySpan{byte})"/> continues a finished checksum, <see cref="UpdateRegister(uint, ReadOnlySpan{byte})"/>
/// the raw register an engine may keep instead.
/// </summary>
public static unsafe class Crc32C
{
    /// <summary>The size of the checksum in bytes, as <see cref="Hash(ReadOnlySpan{byte}, Span{byte})"/> writes it.</summary>
    public const int HashLengthInBytes = sizeof(uint);

    // PERF: the thresholds come from a size sweep (Crc32CSweepBenchmarks, and each path called directly at every
    // size from 16 to 65536 under AVX-512 on, AVX-512 off and AVX2 off, on Zen 4): one crc32 chain issues its
    // crc32s back to back, runs in place (no call, no vector set-up, no move between vector and general registers)
    // and overlaps the next checksum's chain, so it leads until the folding's fixed costs (the call, its final fold
    // and reduction) are repaid, from 224 bytes; without AVX-512, three chains merged by PCLMULQDQ pay from 320
    // bytes and outrun the 256 and 128-bit folds at every size.

    /// <summary>With 512-bit VPCLMULQDQ, the length from which <see cref="Crc32CFold512"/> runs instead of one chain.</summary>
    internal const int Fold512From = 224;

    /// <summary>Without it (x64), the length from which <see cref="Crc32CThreeChains"/> runs instead of one chain.</summary>
    internal const int ThreeChainsFrom = 320;

    /// <summary>On ARM64, the length from which <see cref="Crc32CThreeChainsArm64"/> runs: not measured there yet, the x64 value the three chains were first tuned to.</summary>
    internal const int ThreeChainsFromArm64 = 72;

    /// <summary>The CRC-32C of <paramref name="source"/>.</summary>
    /// <param name="source">The bytes to checksum.</param>
    /// <returns>The checksum (the value System.IO.Hashing would call the hash as a <see cref="uint"/>).</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint HashToUInt32(ReadOnlySpan<byte> source) => ~Update(~0u, ref MemoryMarshal.GetReference(source), (nuint)source.Length);

    /// <summary>The CRC-32C of <paramref name="byteCount"/> bytes at <paramref name="source"/> (a native page, a mapped file).</summary>
    /// <param name="source">The first byte; only <paramref name="byteCount"/> bytes from it are read.</param>
    /// <param name="byteCount">The number of bytes; not negative.</param>
    /// <returns>The checksum.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="byteCount"/> is negative.</exception>
    public static uint HashToUInt32(byte* source, int byteCount) => Append(0, source, byteCount);

    /// <summary>
    /// Continues a finished checksum: <c>Append(HashToUInt32(a), b) == HashToUInt32(a followed by b)</c>, and
    /// <c>Append(0, x) == HashToUInt32(x)</c>. For the raw register (no inversions), see <see cref="UpdateRegister(uint, ReadOnlySpan{byte})"/>.
    /// </summary>
    /// <param name="crc">The checksum of the bytes before <paramref name="source"/>, or 0 to start.</param>
    /// <param name="source">The bytes that follow.</param>
    /// <returns>The checksum of the bytes before and <paramref name="source"/>.</returns>
    // PERF: inlined, with the dispatcher, so a short input costs no call (see Update).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Append(uint crc, ReadOnlySpan<byte> source)
    {
        return ~Update(~crc, ref MemoryMarshal.GetReference(source), (nuint)source.Length);
    }

    /// <summary>Continues a checksum over <paramref name="byteCount"/> bytes at <paramref name="source"/>, as <see cref="Append(uint, ReadOnlySpan{byte})"/>.</summary>
    /// <param name="crc">The checksum of the bytes before <paramref name="source"/>, or 0 to start.</param>
    /// <param name="source">The first byte; only <paramref name="byteCount"/> bytes from it are read.</param>
    /// <param name="byteCount">The number of bytes; not negative.</param>
    /// <returns>The checksum of the bytes before and these.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="byteCount"/> is negative.</exception>
    public static uint Append(uint crc, byte* source, int byteCount)
    {
        if (byteCount < 0)
            ThrowNegativeLength();
        return ~Update(~crc, ref *source, (nuint)byteCount);
    }

    /// <summary>
    /// Advances the raw CRC-32C register over <paramref name="source"/>: no initial or final inversion, as an engine
    /// that keeps the register itself (in its log records, between calls) needs it. Start from <c>0xFFFFFFFF</c>
    /// and invert at the end for the checksum: <c>~UpdateRegister(0xFFFFFFFF, x) == HashToUInt32(x)</c>, and
    /// <c>UpdateRegister(~crc, x) == ~Append(crc, x)</c>.
    /// </summary>
    /// <param name="register">The register after the bytes before <paramref name="source"/> (0xFFFFFFFF before any).</param>
    /// <param name="source">The bytes that follow.</param>
    /// <returns>The register after <paramref name="source"/>, not inverted.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint UpdateRegister(uint register, ReadOnlySpan<byte> source) =>
        Update(register, ref MemoryMarshal.GetReference(source), (nuint)source.Length);

    /// <summary>Advances the raw CRC-32C register over <paramref name="byteCount"/> bytes at <paramref name="source"/>, as <see cref="UpdateRegister(uint, ReadOnlySpan{byte})"/>.</summary>
    /// <param name="register">The register after the bytes before <paramref name="source"/> (0xFFFFFFFF before any).</param>
    /// <param name="source">The first byte; only <paramref name="byteCount"/> bytes from it are read.</param>
    /// <param name="byteCount">The number of bytes; not negative.</param>
    /// <returns>The register after these bytes, not inverted.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="byteCount"/> is negative.</exception>
    public static uint UpdateRegister(uint register, byte* source, int byteCount)
    {
        if (byteCount < 0)
            ThrowNegativeLength();
        return Update(register, ref *source, (nuint)byteCount);
    }

    /// <summary>Writes the CRC-32C of <paramref name="source"/> to <paramref name="destination"/>, 4 bytes little-endian (as System.IO.Hashing's <c>Crc32.Hash</c>).</summary>
    /// <param name="source">The bytes to checksum.</param>
    /// <param name="destination">At least <see cref="HashLengthInBytes"/> bytes.</param>
    /// <returns><see cref="HashLengthInBytes"/>.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="HashLengthInBytes"/>.</exception>
    public static int Hash(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (!TryHash(source, destination, out int written))
            ThrowDestinationTooShort();
        return written;
    }

    /// <summary>Writes the CRC-32C of <paramref name="source"/> to <paramref name="destination"/>, 4 bytes little-endian, when it fits.</summary>
    /// <param name="source">The bytes to checksum.</param>
    /// <param name="destination">Where the checksum goes.</param>
    /// <param name="bytesWritten"><see cref="HashLengthInBytes"/>, or 0 when <paramref name="destination"/> is too short.</param>
    /// <returns>false, writing nothing, when <paramref name="destination"/> is shorter than <see cref="HashLengthInBytes"/>.</returns>
    public static bool TryHash(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten)
    {
        if (destination.Length < HashLengthInBytes)
        {
            bytesWritten = 0;
            return false;
        }

        BinaryPrimitives.WriteUInt32LittleEndian(destination, HashToUInt32(source));
        bytesWritten = HashLengthInBytes;
        return true;
    }

    /// <summary>
    /// The checksum of two adjacent ranges from the checksum of each, without reading them again (zlib's
    /// <c>crc32_combine</c>): <c>Combine(HashToUInt32(a), HashToUInt32(b), b.Length) == HashToUInt32(a followed by b)</c>.
    /// O(log <paramref name="secondByteCount"/>) polynomial multiplications, a bit at a time: for ranges checksummed
    /// separately (in parallel, or kept from an earlier write). A page checksummed around its own checksum field in
    /// one pass needs none: <c>Append(HashToUInt32(before), after)</c> is the same value.
    /// </summary>
    /// <param name="first">The checksum of the first range.</param>
    /// <param name="second">The checksum of the range that follows it.</param>
    /// <param name="secondByteCount">The length of the second range in bytes; not negative.</param>
    /// <returns>The checksum of both ranges, in order.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="secondByteCount"/> is negative.</exception>
    public static uint Combine(uint first, uint second, long secondByteCount)
    {
        if (secondByteCount < 0)
            ThrowNegativeLength();
        // The first range's register moved past the second's bytes; the initial values and final XORs cancel.
        return Crc32CPolynomial.ShiftBytes(first, secondByteCount) ^ second;
    }

    /// <summary>
    /// The one place a path is chosen, by length and by what this machine has (every IsSupported folds to a
    /// constant when this method is compiled). Advances the raw register (not inverted).
    /// </summary>
    /// <remarks>
    /// <see cref="Crc32CFold256"/> and <see cref="Crc32CFold128"/> are complete, tested paths that are not chosen:
    /// on Zen 4 each carry-less multiply costs as much at every width, so without 512-bit vectors three crc32
    /// chains outrun both. Where the crc32 instruction issues less often (some Intel cores) folding may win; that
    /// needs a measurement there first.
    /// </remarks>
    // PERF: inlined into the public methods (and so into their callers): a short input runs its single crc32 chain
    // in place, with no call at all, as a hand-written loop does; a longer input is one call, to its path's entry,
    // which pins the input (a `fixed` here made the JIT store and clear a pinned stack slot around every short
    // checksum too: two stores per call in a caller's loop).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static uint Update(uint register, ref byte source, nuint length)
    {
        if (Crc32COneChain.IsSupported)
        {
            // PERF: the one chain (Crc32CChains.One) written out around the choice, so each length pays as few tests
            // as can be: 32 bytes up to the long paths' threshold (a loop of whole 32-byte blocks, then the rest) in
            // one unsigned range test, shorter and longer inputs in two. Two tests before the loop (a first block,
            // then the threshold) cost 36 B 0.52x the BCL's time, not 0.47x (Crc32CSweepBenchmarks); a short input's
            // second test costs it less, as it has fewer branches to bind it.
            nuint longFrom = !Crc32CThreeChains.IsSupported ? nuint.MaxValue : (nuint)(Crc32CFold512.IsSupported ? Fold512From : ThreeChainsFrom);
            if (length - Crc32CChains.BlockFrom < longFrom - Crc32CChains.BlockFrom)
            {
                nuint blocks = length & ~(nuint)(Crc32CChains.BlockFrom - 1);
                return Crc32CChains.Rest<X64Crc32CInstructions>(Crc32CChains.Blocks<X64Crc32CInstructions>(register, ref source, blocks), ref source, blocks, length);
            }

            if (length < Crc32CChains.BlockFrom)
                return Crc32CChains.Rest<X64Crc32CInstructions>(register, ref source, 0, length);

            return Crc32CFold512.IsSupported
                ? Crc32CFold512.Update(register, ref source, length)
                : Crc32CThreeChains.Update(register, ref source, length);
        }

        if (Crc32COneChainArm64.IsSupported)
        {
            if (length >= ThreeChainsFromArm64 && Crc32CThreeChainsArm64.IsSupported)
                return UpdateLongArm64(register, ref source, length);
            return Crc32COneChainArm64.Update(register, ref source, length);
        }

        return UpdateByTable(register, ref source, length);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static uint UpdateLongArm64(uint register, ref byte source, nuint length)
    {
        fixed (byte* p = &source)
            return Crc32CThreeChainsArm64.Update(register, p, length);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static uint UpdateByTable(uint register, ref byte source, nuint length)
    {
        fixed (byte* p = &source)
            return Crc32CTable.Update(register, p, length);
    }

    // PERF: not inlined into the callers' bodies: the JIT sees a method that only throws and keeps it out of line.
    [DoesNotReturn]
    private static void ThrowNegativeLength() =>
        throw new ArgumentOutOfRangeException("byteCount", "The length must not be negative.");

    [DoesNotReturn]
    private static void ThrowDestinationTooShort() =>
        throw new ArgumentException($"The destination must hold at least {HashLengthInBytes} bytes.", "destination");
}
