using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using static Sparrow.Storage.PostingListFormat;

namespace Sparrow.Storage;

/// <summary>
/// Writes the format of <see cref="PostingList"/> in two passes over the values: the first checks the ascent,
/// finds the span range and each block's width (so the length is known before a byte is written), the second
/// writes the header, the records and the blocks.
/// </summary>
internal static class PostingListEncoder
{
    /// <summary>How a block is stored: its low width, and its exceptions (deltas of more than that width).</summary>
    internal struct Plan
    {
        public int Width;
        public int ExceptionCount;
        public int ExceptionWidth;
        public int Bytes;

        public readonly int Code => ExceptionCount == 0 ? Width : ExceptionCodes + Width;
    }

    public static int Encode<T>(ref T values, int count, Span<byte> destination) where T : unmanaged
    {
        CheckAscending(ref values, count);
        int length = 1 + VarInt.GetByteCount((uint)count);
        if (count == 0)
            return WriteHeader(destination, length, count, 0, default);
        ulong first = Get(ref values, 0);
        length += VarInt.GetByteCount(first);
        if (count == 1)
            return WriteHeader(destination, length, count, first, default);

        int blocks = (count - 1 + BlockLength - 1) / BlockLength;
        ulong minSpan = ulong.MaxValue, maxSpan = 0;
        for (int block = 0; block < blocks; block++)
        {
            int from = block * BlockLength;
            ulong span = Get(ref values, from + DeltasInBlock(count, block)) - Get(ref values, from);
            minSpan = Math.Min(minSpan, span);
            maxSpan = Math.Max(maxSpan, span);
        }
        int spanWidth = 64 - BitOperations.LeadingZeroCount(maxSpan - minSpan);
        var spans = (Width: spanWidth, Base: minSpan);
        length += 1 + VarInt.GetByteCount(minSpan);
        Unsafe.SkipInit(out BlockOfUInt64 deltas);
        // PERF: a destination of the bound's size always fits, so only a shorter one costs a first pass that plans
        // every block to find the exact length before a byte is written.
        if (destination.Length < PostingList.MaxEncodedLength(count))
        {
            long total = length + RecordBytes(blocks, spanWidth);
            for (int block = 0; block < blocks; block++)
            {
                int n = DeltasInBlock(count, block);
                ulong or = Deltas(ref values, block * BlockLength, n, ref deltas[0]);
                total += Choose(ref deltas[0], n, or).Bytes;
            }
            if (total > destination.Length)
                ThrowDestinationTooShort(total, destination.Length);
        }

        int offset = WriteHeader(destination, length, count, first, spans);
        int recordsLength = (int)RecordBytes(blocks, spanWidth);
        var records = new BitWriter(destination.Slice(offset, recordsLength));
        offset += recordsLength;
        for (int block = 0; block < blocks; block++)
        {
            int from = block * BlockLength;
            int n = DeltasInBlock(count, block);
            ulong span = Get(ref values, from + n) - Get(ref values, from);
            ulong or = Deltas(ref values, from, n, ref deltas[0]);
            Plan plan = Choose(ref deltas[0], n, or);
            records.Write((uint)plan.Code, CodeBits);
            records.Write(span - minSpan, spanWidth);
            offset += WriteBlock(destination.Slice(offset, plan.Bytes), ref deltas[0], n, plan);
        }
        records.Flush();
        return offset;
    }

    /// <summary>Writes the header fields before the records; <paramref name="length"/> is their size (checked against destination first).</summary>
    private static int WriteHeader(Span<byte> destination, int length, int count, ulong first, (int Width, ulong Base) spans)
    {
        if (length > destination.Length)
            ThrowDestinationTooShort(length, destination.Length);
        destination[0] = FormatVersion;
        int offset = 1 + VarInt.Write(destination[1..], (uint)count);
        if (count > 0)
            offset += VarInt.Write(destination[offset..], first);
        if (count > 1)
        {
            destination[offset++] = (byte)spans.Width;
            offset += VarInt.Write(destination[offset..], spans.Base);
        }
        return offset;
    }

    private static void CheckAscending<T>(ref T values, int count) where T : unmanaged
    {
        int i = 1;
        // PERF: whole vectors compared with the vector one value before them; the scalar loop after names the index.
        if (Vector256.IsHardwareAccelerated)
        {
            if (typeof(T) == typeof(uint))
            {
                ref uint value = ref Unsafe.As<T, uint>(ref values);
                for (; i + Vector256<uint>.Count <= count; i += Vector256<uint>.Count)
                {
                    if (!Vector256.GreaterThanAll(Vector256.LoadUnsafe(ref value, (nuint)i), Vector256.LoadUnsafe(ref value, (nuint)i - 1)))
                        break;
                }
            }
            else
            {
                ref ulong value = ref Unsafe.As<T, ulong>(ref values);
                for (; i + Vector256<ulong>.Count <= count; i += Vector256<ulong>.Count)
                {
                    if (!Vector256.GreaterThanAll(Vector256.LoadUnsafe(ref value, (nuint)i), Vector256.LoadUnsafe(ref value, (nuint)i - 1)))
                        break;
                }
            }
        }
        for (; i < count; i++)
        {
            if (Get(ref values, i) <= Get(ref values, i - 1))
                throw new ArgumentException($"values[{i}] ({Get(ref values, i)}) is not above values[{i - 1}] ({Get(ref values, i - 1)}): a posting list is strictly ascending.", "values");
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Get<T>(ref T values, int index) where T : unmanaged =>
        typeof(T) == typeof(uint) ? Unsafe.As<T, uint>(ref Unsafe.Add(ref values, index)) : Unsafe.As<T, ulong>(ref Unsafe.Add(ref values, index));

    /// <summary>The <paramref name="n"/> deltas (value - previous - 1) after values[<paramref name="from"/>]; returns their OR.</summary>
    private static ulong Deltas<T>(ref T values, int from, int n, ref ulong deltas) where T : unmanaged
    {
        ref T start = ref Unsafe.Add(ref values, from);
        int i = 0;
        ulong or = 0;
        if (Vector512.IsHardwareAccelerated)
        {
            // PERF: as the 256-bit loop below, sixteen or eight values a step.
            Vector512<ulong> ors = Vector512<ulong>.Zero;
            if (typeof(T) == typeof(uint))
            {
                ref uint value = ref Unsafe.As<T, uint>(ref start);
                for (; i + Vector512<uint>.Count <= n; i += Vector512<uint>.Count)
                {
                    Vector512<uint> delta = Vector512.LoadUnsafe(ref value, (nuint)i + 1) - Vector512.LoadUnsafe(ref value, (nuint)i) - Vector512<uint>.One;
                    (Vector512<ulong> low, Vector512<ulong> high) = Vector512.Widen(delta);
                    low.StoreUnsafe(ref deltas, (nuint)i);
                    high.StoreUnsafe(ref deltas, (nuint)(i + Vector512<ulong>.Count));
                    ors |= low | high;
                }
            }
            else
            {
                ref ulong value = ref Unsafe.As<T, ulong>(ref start);
                for (; i + Vector512<ulong>.Count <= n; i += Vector512<ulong>.Count)
                {
                    Vector512<ulong> delta = Vector512.LoadUnsafe(ref value, (nuint)i + 1) - Vector512.LoadUnsafe(ref value, (nuint)i) - Vector512<ulong>.One;
                    delta.StoreUnsafe(ref deltas, (nuint)i);
                    ors |= delta;
                }
            }
            or = OrAcross(ors);
        }
        else if (Vector256.IsHardwareAccelerated)
        {
            // PERF: each vector of values minus the vector one value before it; 32-bit deltas widened as they are stored.
            Vector256<ulong> ors = Vector256<ulong>.Zero;
            if (typeof(T) == typeof(uint))
            {
                ref uint value = ref Unsafe.As<T, uint>(ref start);
                for (; i + Vector256<uint>.Count <= n; i += Vector256<uint>.Count)
                {
                    Vector256<uint> delta = Vector256.LoadUnsafe(ref value, (nuint)i + 1) - Vector256.LoadUnsafe(ref value, (nuint)i) - Vector256<uint>.One;
                    (Vector256<ulong> low, Vector256<ulong> high) = Vector256.Widen(delta);
                    low.StoreUnsafe(ref deltas, (nuint)i);
                    high.StoreUnsafe(ref deltas, (nuint)(i + Vector256<ulong>.Count));
                    ors |= low | high;
                }
            }
            else
            {
                ref ulong value = ref Unsafe.As<T, ulong>(ref start);
                for (; i + Vector256<ulong>.Count <= n; i += Vector256<ulong>.Count)
                {
                    Vector256<ulong> delta = Vector256.LoadUnsafe(ref value, (nuint)i + 1) - Vector256.LoadUnsafe(ref value, (nuint)i) - Vector256<ulong>.One;
                    delta.StoreUnsafe(ref deltas, (nuint)i);
                    ors |= delta;
                }
            }
            or = ors[0] | ors[1] | ors[2] | ors[3];
        }
        for (; i < n; i++)
        {
            ulong delta = Get(ref start, i + 1) - Get(ref start, i) - 1;
            Unsafe.Add(ref deltas, i) = delta;
            or |= delta;
        }
        return or;
    }

    /// <summary>The cheapest width for the block: every width from the widest delta's down, each with the deltas above it as exceptions.</summary>
    internal static Plan Choose(ref ulong deltas, int n, ulong or)
    {
        int widest = 64 - BitOperations.LeadingZeroCount(or);
        var best = new Plan { Width = widest, Bytes = PackedBytes(n, widest) };
        if (widest == 0)
            return best;
        // PERF: most blocks (uniform gaps) cannot gain from exceptions; two counts tell, without the histogram. A lower
        // bound of the exceptions' bytes at width widest - k, against an upper bound of the bytes k fewer bits save,
        // both times 8: at k = 1 the exceptions are the deltas of the widest width, at k >= 2 at least those of the two
        // widest (the difference is linear in k, so k = 2 and k = widest bound every k between).
        (int top, int twoTop, int runEnd) = widest >= 2 ? CountTopWidths(ref deltas, n, widest) : (Split(ref deltas, n, 0).Wider, n, 0);
        if (!CanGain(1, top, n) && (widest < 2 || (!CanGain(2, twoTop, n) && !CanGain(widest, twoTop, n))))
            return best;
        // The exceptions at width w are the deltas of at least 2^w, a count that only grows as w falls: the widths come in
        // runs that share their exceptions, where only the packed bits change. PERF: a run ends at the widest delta below
        // it, and one vector pass gives both the count at a run's end and where the next run ends (the first run's end
        // comes with the top counts), not a histogram of every delta's width; the widths of a run cost arithmetic.
        int high = widest - 1, exceptions = top;
        while (true)
        {
            // Every width at or below high has at least these exceptions, each at least widest - high bits wide: when
            // they alone cost as much as the best, no narrower width can win.
            if (2 + exceptions + PackedBytes(exceptions, widest - high) >= best.Bytes)
                break;
            // Width 63 with exceptions has no code (the codes fit 7 bits): the widest block with exceptions is 62 bits.
            if (n == BlockLength && exceptions <= MaxExceptionsFalling && runEnd <= 62)
            {
                // PERF: in a full block, a bit less of width saves 16 bytes and costs at most ceil(exceptions / 8) more
                // of high parts: up to 120 exceptions the bytes fall with every width, so the run's narrowest is its
                // cheapest, and no loop of a varying length (a mispredicted exit) is run.
                int bytes = 2 + PackedBytes(n, runEnd) + exceptions + PackedBytes(exceptions, widest - runEnd);
                if (bytes < best.Bytes)
                    best = new Plan { Width = runEnd, ExceptionCount = exceptions, ExceptionWidth = widest - runEnd, Bytes = bytes };
            }
            else
            {
                for (int width = Math.Min(high, 62); width >= runEnd; width--)
                {
                    int bytes = 2 + PackedBytes(n, width) + exceptions + PackedBytes(exceptions, widest - width);
                    if (bytes < best.Bytes)
                        best = new Plan { Width = width, ExceptionCount = exceptions, ExceptionWidth = widest - width, Bytes = bytes };
                }
            }
            if (runEnd == 0)
                break;
            high = runEnd - 1;
            (exceptions, runEnd) = Split(ref deltas, n, high);
        }
        return best;
    }

    /// <summary>The most exceptions whose high parts grow by fewer than 16 bytes a bit (a full block's low parts shrink by 16).</summary>
    private const int MaxExceptionsFalling = 120;

    /// <summary>Whether <paramref name="exceptions"/> exceptions k bits wide could cost fewer bytes than k bits of <paramref name="n"/> deltas.</summary>
    private static bool CanGain(int k, int exceptions, int n) => 8 * (2 + exceptions) + exceptions * k < n * k + 8;

    /// <summary>
    /// How many of the <paramref name="n"/> deltas, each below 2^<paramref name="widest"/> (at least 2), are at least
    /// 2^(widest - 1), how many at least 2^(widest - 2), and the width of the widest below 2^(widest - 1).
    /// </summary>
    internal static (int Top, int TwoTop, int WidestBelowTop) CountTopWidths(ref ulong deltas, int n, int widest)
    {
        int i = 0, top = 0, twoTop = 0;
        ulong belowTop = 0;
        if (Vector512.IsHardwareAccelerated)
        {
            // PERF: two vectors, sixteen deltas, a step (the loop's own index, compare and branch were five of a one-vector
            // step's dozen instructions), all three from each load: each count two compares' masks joined and counted, and
            // the deltas below the top width the others zeroed by the first mask.
            Vector512<ulong> topLimit = Vector512.Create(1UL << (widest - 1)), twoTopLimit = Vector512.Create(1UL << (widest - 2));
            Vector512<ulong> belowTops = Vector512<ulong>.Zero;
            for (; i + 2 * Vector512<ulong>.Count <= n; i += 2 * Vector512<ulong>.Count)
            {
                Vector512<ulong> delta = Vector512.LoadUnsafe(ref deltas, (nuint)i);
                Vector512<ulong> isTop = Vector512.GreaterThanOrEqual(delta, topLimit);
                Vector512<ulong> delta2 = Vector512.LoadUnsafe(ref deltas, (nuint)(i + Vector512<ulong>.Count));
                Vector512<ulong> isTop2 = Vector512.GreaterThanOrEqual(delta2, topLimit);
                top += BitOperations.PopCount(isTop.ExtractMostSignificantBits() | isTop2.ExtractMostSignificantBits() << 8);
                twoTop += BitOperations.PopCount(Vector512.GreaterThanOrEqual(delta, twoTopLimit).ExtractMostSignificantBits()
                    | Vector512.GreaterThanOrEqual(delta2, twoTopLimit).ExtractMostSignificantBits() << 8);
                belowTops |= Vector512.AndNot(delta, isTop) | Vector512.AndNot(delta2, isTop2);
            }
            belowTop = OrAcross(belowTops);
        }
        else if (Vector256.IsHardwareAccelerated)
        {
            // PERF: two vectors a step, as above, all three from each load; a delta shifted right by widest - 1 is already 0
            // or 1, and that minus one is the mask that keeps the deltas below the top width. The deltas below the two top
            // widths are counted by an equality with zero (a lane of all ones subtracted counts one): AVX2 has no 64-bit
            // minimum to cap a shift at 1.
            Vector256<ulong> tops = Vector256<ulong>.Zero, belowTwoTops = Vector256<ulong>.Zero, belowTops = Vector256<ulong>.Zero;
            for (; i + 2 * Vector256<ulong>.Count <= n; i += 2 * Vector256<ulong>.Count)
            {
                Vector256<ulong> delta = Vector256.LoadUnsafe(ref deltas, (nuint)i);
                Vector256<ulong> isTop = delta >>> (widest - 1);
                Vector256<ulong> delta2 = Vector256.LoadUnsafe(ref deltas, (nuint)(i + Vector256<ulong>.Count));
                Vector256<ulong> isTop2 = delta2 >>> (widest - 1);
                tops += isTop + isTop2;
                belowTwoTops -= Vector256.Equals(delta >>> (widest - 2), Vector256<ulong>.Zero) + Vector256.Equals(delta2 >>> (widest - 2), Vector256<ulong>.Zero);
                belowTops |= (delta & (isTop - Vector256<ulong>.One)) | (delta2 & (isTop2 - Vector256<ulong>.One));
            }
            top = (int)Vector256.Sum(tops);
            twoTop = i - (int)Vector256.Sum(belowTwoTops);
            belowTop = belowTops[0] | belowTops[1] | belowTops[2] | belowTops[3];
        }
        for (; i < n; i++)
        {
            ulong delta = Unsafe.Add(ref deltas, i);
            ulong isTop = delta >> (widest - 1);
            top += (int)isTop;
            twoTop += delta >> (widest - 2) != 0 ? 1 : 0;
            belowTop |= delta & (isTop - 1);
        }
        return (top, twoTop, 64 - BitOperations.LeadingZeroCount(belowTop));
    }

    /// <summary>
    /// How many of the <paramref name="n"/> deltas are at least 2^<paramref name="bit"/> (at most 63), and the width of
    /// the widest below it (0 when there is none).
    /// </summary>
    internal static (int Wider, int WidestBelow) Split(ref ulong deltas, int n, int bit)
    {
        int i = 0, wider = 0;
        ulong below = 0;
        if (Vector512.IsHardwareAccelerated)
        {
            // PERF: two vectors, sixteen deltas, a step, as in CountTopWidths: a compare per vector gives the count (the two
            // masks joined and counted) and the deltas below (the others zeroed).
            Vector512<ulong> belows = Vector512<ulong>.Zero, limit = Vector512.Create(1UL << bit);
            for (; i + 2 * Vector512<ulong>.Count <= n; i += 2 * Vector512<ulong>.Count)
            {
                Vector512<ulong> delta = Vector512.LoadUnsafe(ref deltas, (nuint)i);
                Vector512<ulong> isWider = Vector512.GreaterThanOrEqual(delta, limit);
                Vector512<ulong> delta2 = Vector512.LoadUnsafe(ref deltas, (nuint)(i + Vector512<ulong>.Count));
                Vector512<ulong> isWider2 = Vector512.GreaterThanOrEqual(delta2, limit);
                wider += BitOperations.PopCount(isWider.ExtractMostSignificantBits() | isWider2.ExtractMostSignificantBits() << 8);
                belows |= Vector512.AndNot(delta, isWider) | Vector512.AndNot(delta2, isWider2);
            }
            below = OrAcross(belows);
        }
        else if (Vector256.IsHardwareAccelerated)
        {
            // PERF: two vectors a step, both from each load: a delta shifted right by bit is zero exactly when it is below,
            // and that equality is the mask that keeps it and, subtracted (all ones), its count (AVX2 has no 64-bit minimum
            // to cap a shift at 1).
            Vector256<ulong> belowCounts = Vector256<ulong>.Zero, belows = Vector256<ulong>.Zero;
            for (; i + 2 * Vector256<ulong>.Count <= n; i += 2 * Vector256<ulong>.Count)
            {
                Vector256<ulong> delta = Vector256.LoadUnsafe(ref deltas, (nuint)i);
                Vector256<ulong> isBelow = Vector256.Equals(delta >>> bit, Vector256<ulong>.Zero);
                Vector256<ulong> delta2 = Vector256.LoadUnsafe(ref deltas, (nuint)(i + Vector256<ulong>.Count));
                Vector256<ulong> isBelow2 = Vector256.Equals(delta2 >>> bit, Vector256<ulong>.Zero);
                belowCounts -= isBelow + isBelow2;
                belows |= (delta & isBelow) | (delta2 & isBelow2);
            }
            wider = i - (int)Vector256.Sum(belowCounts);
            below = belows[0] | belows[1] | belows[2] | belows[3];
        }
        for (; i < n; i++)
        {
            ulong delta = Unsafe.Add(ref deltas, i);
            if (delta >> bit != 0)
                wider++;
            else
                below |= delta;
        }
        return (wider, 64 - BitOperations.LeadingZeroCount(below));
    }

    /// <summary>The OR of the eight lanes.</summary>
    private static ulong OrAcross(Vector512<ulong> value)
    {
        Vector256<ulong> half = value.GetLower() | value.GetUpper();
        Vector128<ulong> quarter = half.GetLower() | half.GetUpper();
        return quarter.GetElement(0) | quarter.GetElement(1);
    }

    private static int WriteBlock(Span<byte> destination, ref ulong deltas, int n, Plan plan)
    {
        int offset = 0;
        if (plan.ExceptionCount != 0)
        {
            destination[0] = (byte)plan.ExceptionCount;
            destination[1] = (byte)plan.ExceptionWidth;
            offset = 2;
        }
        int packedBytes = PackedBytes(n, plan.Width);
        Span<byte> packed = destination.Slice(offset, packedBytes);
        if (IsVertical(n, plan.Width))
            PackVertical(packed, ref deltas, plan.Width);
        else
        {
            var writer = new BitWriter(packed);
            ulong mask = plan.Width == 64 ? ulong.MaxValue : (1UL << plan.Width) - 1;
            for (int i = 0; i < n; i++)
                writer.Write(Unsafe.Add(ref deltas, i) & mask, plan.Width);
            writer.Flush();
        }
        offset += packedBytes;
        if (plan.ExceptionCount != 0)
        {
            Span<byte> positions = destination.Slice(offset, plan.ExceptionCount);
            FindExceptions(ref deltas, n, plan.Width, positions);
            var highs = new BitWriter(destination.Slice(offset + plan.ExceptionCount, PackedBytes(plan.ExceptionCount, plan.ExceptionWidth)));
            foreach (byte position in positions)
                highs.Write(Unsafe.Add(ref deltas, position) >> plan.Width, plan.ExceptionWidth);
            highs.Flush();
            offset += plan.ExceptionCount + PackedBytes(plan.ExceptionCount, plan.ExceptionWidth);
        }
        return offset;
    }

    /// <summary>Writes the position of every delta wider than <paramref name="width"/> (at most 62) to <paramref name="positions"/>, which holds exactly them.</summary>
    internal static void FindExceptions(ref ulong deltas, int n, int width, Span<byte> positions)
    {
        ulong low = (1UL << width) - 1;
        int found = 0, i = 0;
        if (Vector512.IsHardwareAccelerated)
        {
            // PERF: the few exceptions are found eight deltas at a time by one vector compare; only their bits are visited.
            Vector512<ulong> lows = Vector512.Create(low);
            for (; i + Vector512<ulong>.Count <= n; i += Vector512<ulong>.Count)
            {
                for (ulong wider = Vector512.GreaterThan(Vector512.LoadUnsafe(ref deltas, (nuint)i), lows).ExtractMostSignificantBits(); wider != 0; wider &= wider - 1)
                    positions[found++] = (byte)(i + BitOperations.TrailingZeroCount(wider));
            }
        }
        else if (Vector256.IsHardwareAccelerated)
        {
            // PERF: the few exceptions are found eight deltas at a time by two vector compares; only their bits are visited.
            Vector256<ulong> lows = Vector256.Create(low);
            for (; i + 2 * Vector256<ulong>.Count <= n; i += 2 * Vector256<ulong>.Count)
            {
                uint wider = Vector256.GreaterThan(Vector256.LoadUnsafe(ref deltas, (nuint)i), lows).ExtractMostSignificantBits()
                    | Vector256.GreaterThan(Vector256.LoadUnsafe(ref deltas, (nuint)(i + Vector256<ulong>.Count)), lows).ExtractMostSignificantBits() << 4;
                for (; wider != 0; wider &= wider - 1)
                    positions[found++] = (byte)(i + BitOperations.TrailingZeroCount(wider));
            }
        }
        for (; i < n; i++)
        {
            if (Unsafe.Add(ref deltas, i) > low)
                positions[found++] = (byte)i;
        }
    }

    /// <summary>
    /// Packs 128 low parts of <paramref name="width"/> (1..32) bits in four 32-bit lanes: each step takes the four
    /// consecutive deltas that are one field of each lane, so it is one vector of 4 and shifts of whole vectors.
    /// </summary>
    private static void PackVertical(Span<byte> destination, ref ulong deltas, int width)
    {
        if (width == 0)
            return;
        ref byte row = ref MemoryMarshal.GetReference(destination);
        Vector128<uint> mask = Vector128.Create(width == 32 ? uint.MaxValue : (1u << width) - 1);
        Vector128<uint> word = Vector128<uint>.Zero;
        int shift = 0;
        for (int field = 0; field < 32; field++)
        {
            ref ulong four = ref Unsafe.Add(ref deltas, field * 4);
            Vector128<uint> low = Vector128.Narrow(Vector128.LoadUnsafe(ref four), Vector128.LoadUnsafe(ref four, 2)) & mask;
            word |= low << shift;
            shift += width;
            if (shift >= 32)
            {
                word.AsByte().StoreUnsafe(ref row);
                row = ref Unsafe.Add(ref row, Vector128<byte>.Count);
                shift -= 32;
                // The field's bits that did not fit start the next word (none when it ended exactly).
                word = shift == 0 ? Vector128<uint>.Zero : low >>> (width - shift);
            }
        }
    }

    private static void ThrowDestinationTooShort(long needed, int length) =>
        throw new ArgumentException($"The encoding needs {needed} bytes; the destination has {length}.", "destination");

    /// <summary>Writes fields least significant bit first into a span it fills exactly (the skip records, the packed fields).</summary>
    internal ref struct BitWriter(Span<byte> destination)
    {
        private readonly Span<byte> _destination = destination;
        private ulong _pending;
        private int _pendingBits;
        private int _offset;

        public void Write(ulong value, int width)
        {
            // Two halves keep the pending bits below 64 + 32.
            if (width > 32)
            {
                Write((uint)value, 32);
                Write(value >> 32, width - 32);
                return;
            }
            _pending |= value << _pendingBits;
            _pendingBits += width;
            while (_pendingBits >= 8)
            {
                _destination[_offset++] = (byte)_pending;
                _pending >>= 8;
                _pendingBits -= 8;
            }
        }

        public void Flush()
        {
            if (_pendingBits > 0)
                _destination[_offset++] = (byte)_pending;
            _pending = 0;
            _pendingBits = 0;
        }
    }
}
