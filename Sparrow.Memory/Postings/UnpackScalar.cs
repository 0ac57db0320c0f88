using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>The portable path of the block decoder: one field and one sum at a time, on any machine.</summary>
internal readonly struct UnpackScalar : IPostingUnpack
{
    public static bool IsSupported => true;

    public static void Unpack(ref byte packed, int width, ref uint deltas)
    {
        if (width == 0)
        {
            Unsafe.InitBlockUnaligned(ref Unsafe.As<uint, byte>(ref deltas), 0, PostingListFormat.BlockLength * sizeof(uint));
            return;
        }
        ulong mask = (1UL << width) - 1;
        for (int lane = 0; lane < 4; lane++)
        {
            for (int field = 0; field < 32; field++)
            {
                int bit = field * width;
                int word = bit >> 5;
                int shift = bit & 31;
                ulong value = Word(ref packed, word, lane) >> shift;
                // A field that does not end in its word continues in the lane's next word.
                if (shift + width > 32)
                    value |= (ulong)Word(ref packed, word + 1, lane) << (32 - shift);
                Unsafe.Add(ref deltas, field * 4 + lane) = (uint)(value & mask);
            }
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Word(ref byte packed, int word, int lane) =>
        Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref packed, (word * 4 + lane) * sizeof(uint)));

    public static uint Decode(ref byte packed, int width, uint start, ref uint values)
    {
        Unsafe.SkipInit(out BlockOfUInt32 deltas);
        Unpack(ref packed, width, ref deltas[0]);
        return PrefixSum(ref deltas[0], start, ref values) - start;
    }

    public static uint Decode(ref byte packed, int width, ulong start, ref ulong values)
    {
        Unsafe.SkipInit(out BlockOfUInt32 deltas);
        Unpack(ref packed, width, ref deltas[0]);
        return PrefixSum(ref deltas[0], start, ref values);
    }

    public static ulong DecodePair(ref byte packed, int width, uint start, ref uint values)
    {
        uint first = Decode(ref packed, width, start, ref values);
        return BlockPairs.Sums(first, Decode(ref Unsafe.Add(ref packed, PostingListFormat.BlockLength / 8 * width), width, start + first, ref Unsafe.Add(ref values, PostingListFormat.BlockLength)));
    }

    public static ulong DecodePair(ref byte packed, int width, ulong start, ref ulong values)
    {
        uint first = Decode(ref packed, width, start, ref values);
        return BlockPairs.Sums(first, Decode(ref Unsafe.Add(ref packed, PostingListFormat.BlockLength / 8 * width), width, start + first, ref Unsafe.Add(ref values, PostingListFormat.BlockLength)));
    }

    /// <summary>The values on top of <paramref name="start"/>; returns the last.</summary>
    private static uint PrefixSum(ref uint deltas, uint start, ref uint values)
    {
        uint sum = start;
        for (int i = 0; i < PostingListFormat.BlockLength; i++)
        {
            sum += Unsafe.Add(ref deltas, i) + 1;
            Unsafe.Add(ref values, i) = sum;
        }
        return sum;
    }

    /// <summary>The values on top of <paramref name="start"/>; returns the 32-bit sum of the deltas plus one.</summary>
    private static uint PrefixSum(ref uint deltas, ulong start, ref ulong values)
    {
        uint sum = 0;
        for (int i = 0; i < PostingListFormat.BlockLength; i++)
        {
            sum += Unsafe.Add(ref deltas, i) + 1;
            Unsafe.Add(ref values, i) = start + sum;
        }
        return sum;
    }

    // PERF: inlined into the block decoder's loop over the exceptions, a call per exception is not.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void AddRange(ref uint values, int from, int to, uint amount)
    {
        for (int i = from; i < to; i++)
            Unsafe.Add(ref values, i) += amount;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void AddRange(ref ulong values, int from, int to, ulong amount)
    {
        for (int i = from; i < to; i++)
            Unsafe.Add(ref values, i) += amount;
    }

    // PERF: inlined into the vector paths' Widen, which end here for fewer values than a vector.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Widen(ref uint relative, ulong start, ref ulong values, int count)
    {
        for (int i = 0; i < count; i++)
            Unsafe.Add(ref values, i) = start + Unsafe.Add(ref relative, i);
    }
}
