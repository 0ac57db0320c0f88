using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow;

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

    /// <summary>Folds a 128-bit lane forward by one lane (the last 16-byte steps).</summary>
    static abstract Vector128<ulong> LaneAhead { get; }

    static abstract TVector Load(byte* source);

    /// <summary>The first vector of the input with the register <paramref name="state"/> XORed into its first 4 bytes.</summary>
    static abstract TVector LoadFirst(byte* source, uint state);

    /// <summary>
    /// <paramref name="accumulator"/> moved forward by the distance <paramref name="constants"/> stands for, XORed
    /// with <paramref name="data"/>: per 128-bit lane, low half times <c>x^(d+32)</c> plus high half times <c>x^(d-32)</c>.
    /// </summary>
    static abstract TVector Fold(TVector accumulator, TVector constants, TVector data);

    /// <summary>Every lane folded into the last one, which is returned.</summary>
    static abstract Vector128<ulong> ToLastLane(TVector accumulator);
}

/// <summary>
/// Carry-less-multiply folding, the algorithm of the three folding paths of <see cref="Crc32C"/> (one generic
/// body, specialised per vector width): the input read a vector at a time into four accumulators, each folded
/// forward over the other three (multiplied by <c>x^d mod P</c> as two 64x33-bit carry-less products per 128-bit
/// lane) and XORed with the next vector; the accumulators folded into one, that one into a 128-bit lane, the
/// lane's 16 bytes reduced to the register by two crc32 instructions, and the last 0..15 bytes by
/// <see cref="Crc32COneChain"/>, so nothing past the input is read.
/// </summary>
/// <remarks>
/// Bit-reflected: a 128-bit lane's low 64 bits are the higher-degree half. The constants are
/// <see cref="FoldConstants"/>, derived from the polynomial when the paths' types are initialised.
/// </remarks>
internal static unsafe class Crc32CFolding
{
    /// <summary>Advances the CRC register <paramref name="state"/> over <paramref name="length"/> bytes, at least one vector.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Append<TLanes, TVector>(uint state, byte* source, nuint length)
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

        for (; length >= width; length -= width, source += width)
            x0 = TLanes.Fold(x0, TLanes.OneAhead, TLanes.Load(source));

        Vector128<ulong> lane = TLanes.ToLastLane(x0);
        Vector128<ulong> laneAhead = TLanes.LaneAhead;
        for (; length >= 16; length -= 16, source += 16)
            lane = Crc32CFold128.Lanes.Fold(lane, laneAhead, Crc32CFold128.Lanes.Load(source));

        return Crc32COneChain.Append(Crc32COneChain.OfTwoWords(lane.GetElement(0), lane.GetElement(1)), ref *source, length);
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
    public static Vector128<ulong> Lane(int bits) =>
        Vector128.Create((ulong)Crc32CPolynomial.Power(bits + 32) << 1, (ulong)Crc32CPolynomial.Power(bits - 32) << 1);
}
