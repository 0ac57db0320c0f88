using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Storage;

/// <summary>
/// The vector width a folding path works in: its loads and its fold, the constants that fold a vector forward
/// by one to four vectors, and the reduction of a vector to its last 128-bit lane.
/// </summary>
internal unsafe interface IFoldLanes<TVector>
    where TVector : struct
{
    /// <summary>Bytes in one vector.</summary>
    static abstract nuint Width { get; }

    /// <summary>Folds forward by four vectors (the main loop's four accumulators).</summary>
    static abstract TVector FourAhead { get; }

    /// <summary>Folds forward by three vectors.</summary>
    static abstract TVector ThreeAhead { get; }

    /// <summary>Folds forward by two vectors.</summary>
    static abstract TVector TwoAhead { get; }

    /// <summary>Folds forward by one vector.</summary>
    static abstract TVector OneAhead { get; }

    /// <summary>
    /// Folds forward by <paramref name="bytes"/> (1 to <see cref="Width"/> - 1) bytes, for the last partial vector:
    /// <see cref="FoldConstants.Lane"/> of <c>8 * bytes</c> bits in every lane.
    /// </summary>
    static abstract TVector BytesAhead(nuint bytes);

    static abstract TVector Load(byte* source);

    /// <summary>The first vector of the input with the register <paramref name="state"/> XORed into its first 4 bytes.</summary>
    static abstract TVector LoadFirst(byte* source, uint state);

    /// <summary>
    /// <paramref name="accumulator"/> moved forward by the distance <paramref name="constants"/> stands for, XORed
    /// with <paramref name="data"/>: per 128-bit lane, low half times <c>x^(d+32)</c> plus high half times <c>x^(d-32)</c>.
    /// </summary>
    static abstract TVector Fold(TVector accumulator, TVector constants, TVector data);

    /// <summary>
    /// The vector that ends at <paramref name="end"/>, its first <see cref="Width"/> - <paramref name="bytes"/>
    /// bytes zeroed (they were folded already): the last <paramref name="bytes"/> bytes of the input, as the
    /// end of a vector. At least one whole vector precedes <paramref name="end"/> - <paramref name="bytes"/>.
    /// </summary>
    static abstract TVector LoadLast(byte* end, nuint bytes);

    /// <summary>Every lane folded into the last one, which is returned.</summary>
    static abstract Vector128<ulong> ToLastLane(TVector accumulator);
}

/// <summary>
/// Carry-less-multiply folding, the algorithm of the three folding paths of <see cref="Crc32C"/> (one generic
/// body, specialised per vector width): the input read a vector at a time into four accumulators, each folded
/// forward over the other three (multiplied by <c>x^d mod P</c> as two 64x33-bit carry-less products per 128-bit
/// lane) and XORed with the next vector; the accumulators folded into one, the last 0..3 whole vectors folded in
/// at once, the last partial vector (the vector that ends with the input, the bytes already folded zeroed) folded
/// in by its length, then every lane into the last 128-bit lane, whose 16 bytes two crc32 instructions reduce to
/// the register. Every load lies inside the input.
/// </summary>
/// <remarks>
/// Bit-reflected: a 128-bit lane's low 64 bits are the higher-degree half. The constants are
/// <see cref="FoldConstants"/>, derived from the polynomial when the paths' types are initialised.
/// </remarks>
internal static unsafe class Crc32CFolding
{
    /// <summary>Advances the CRC register <paramref name="state"/> over <paramref name="length"/> bytes, at least one vector.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Update<TLanes, TVector>(uint state, byte* source, nuint length)
        where TLanes : IFoldLanes<TVector>
        where TVector : struct
    {
        nuint width = TLanes.Width;
        TVector x0 = TLanes.LoadFirst(source, state);
        if (length >= 4 * width)
        {
            TVector x1 = TLanes.Load(source + width);
            TVector x2 = TLanes.Load(source + 2 * width);
            TVector x3 = TLanes.Load(source + 3 * width);
            source += 4 * width;
            length -= 4 * width;
            TVector four = TLanes.FourAhead;
            for (; length >= 4 * width; length -= 4 * width, source += 4 * width)
            {
                x0 = TLanes.Fold(x0, four, TLanes.Load(source));
                x1 = TLanes.Fold(x1, four, TLanes.Load(source + width));
                x2 = TLanes.Fold(x2, four, TLanes.Load(source + 2 * width));
                x3 = TLanes.Fold(x3, four, TLanes.Load(source + 3 * width));
            }

            x0 = TLanes.Fold(x0, TLanes.ThreeAhead, TLanes.Fold(x1, TLanes.TwoAhead, TLanes.Fold(x2, TLanes.OneAhead, x3)));
        }
        else
        {
            source += width;
            length -= width;
        }

        // PERF: the last 0..3 whole vectors folded in together: the products of x0 and of each vector by its
        // distance to the last are independent, only the XORs wait (a loop would wait a multiply per vector).
        if (length >= 2 * width)
        {
            if (length >= 3 * width)
            {
                x0 = TLanes.Fold(x0, TLanes.ThreeAhead, TLanes.Fold(TLanes.Load(source), TLanes.TwoAhead, TLanes.Fold(TLanes.Load(source + width), TLanes.OneAhead, TLanes.Load(source + 2 * width))));
                source += 3 * width;
                length -= 3 * width;
            }
            else
            {
                x0 = TLanes.Fold(x0, TLanes.TwoAhead, TLanes.Fold(TLanes.Load(source), TLanes.OneAhead, TLanes.Load(source + width)));
                source += 2 * width;
                length -= 2 * width;
            }
        }
        else if (length >= width)
        {
            x0 = TLanes.Fold(x0, TLanes.OneAhead, TLanes.Load(source));
            source += width;
            length -= width;
        }

        // PERF: the last 1..width-1 bytes as the vector that ends with the input (in bounds: a whole vector came
        // before), its bytes already folded zeroed, and x0 folded forward by their count: no 16-byte steps and no
        // crc32 tail, whatever the length.
        if (length != 0)
            x0 = TLanes.Fold(x0, TLanes.BytesAhead(length), TLanes.LoadLast(source + length, length));

        Vector128<ulong> lane = TLanes.ToLastLane(x0);
        return Crc32COneChain.OfTwoWords(lane.GetElement(0), lane.GetElement(1));
    }
}

/// <summary>The folding constants, derived from the polynomial.</summary>
internal static class FoldConstants
{
    /// <summary>
    /// The 128-bit lane that folds a lane <paramref name="bits"/> forward: <c>x^(bits+32) mod P</c> for its low half and
    /// <c>x^(bits-32) mod P</c> for its high half, each bit-reflected into 33 bits (a 64-bit half times it is then
    /// the product, already aligned to the 128-bit lane it is XORed into).
    /// </summary>
    /// <remarks>Below 32 bits, <c>x^(bits-32)</c> is a negative power: the inverse of <c>x^(32-bits)</c>, which exists (P's constant term is 1).</remarks>
    public static Vector128<ulong> Lane(int bits) =>
        Vector128.Create((ulong)Crc32CPolynomial.Power(bits + 32) << 1, (ulong)Crc32CPolynomial.Power(bits - 32) << 1);

    /// <summary>
    /// Entry <c>r</c> (1 to <paramref name="width"/> - 1): <see cref="Lane"/> of <c>8r</c> bits, a fold <c>r</c>
    /// bytes forward; entry 0 is unused. Pinned (the path keeps the array), so the path reads an entry at a fixed
    /// address: a broadcast from memory, where a broadcast of a loaded Vector128 went through the stack.
    /// </summary>
    public static Vector128<ulong>[] BytesAhead(int width)
    {
        var lanes = GC.AllocateArray<Vector128<ulong>>(width, pinned: true);
        for (int bytes = 1; bytes < width; bytes++)
            lanes[bytes] = Lane(8 * bytes);
        return lanes;
    }

    /// <summary>
    /// 64 zero bytes, then 64 bytes of ones: the <c>w</c> bytes at <c>64 - w + r</c> keep the last <c>r</c> bytes
    /// of a <c>w</c>-byte vector (a vector's tail, as <see cref="IFoldLanes{TVector}.LoadLast"/> reads it).
    /// </summary>
    public static ReadOnlySpan<byte> TailMasks =>
    [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    ];

    /// <summary>The mask <see cref="TailMasks"/> gives a <paramref name="width"/>-byte vector to keep its last <paramref name="bytes"/> bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ref byte TailMask(nuint width, nuint bytes) =>
        ref Unsafe.Add(ref MemoryMarshal.GetReference(TailMasks), 64 - width + bytes);
}
