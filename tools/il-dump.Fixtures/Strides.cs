namespace IlDump.Fixtures;

/// <summary>An 8-byte stride loop written the way il-dump wants it, and three ways of losing that shape.</summary>
public static unsafe class Strides
{
    /// <summary>Loads at constant offsets from a base that advances once per iteration.</summary>
    public static ulong ConstantOffsets(byte* p, int size)
    {
        ulong x = 0;
        byte* end = p + size - 16;
        while (p <= end)
        {
            x ^= *(ulong*)p ^ *(ulong*)(p + 8);
            p += 16;
        }

        return x;
    }

    /// <summary>A C idiom translated literally: <c>*q++</c> (dup, add, store back before the load).</summary>
    public static ulong PostIncrement(byte* p, int size)
    {
        ulong x = 0;
        ulong* q = (ulong*)p;
        ulong* end = q + size / 8;
        while (q < end)
            x ^= *q++;

        return x;
    }

    /// <summary>The stride is a local the JIT must convert and scale rather than a folded constant.</summary>
    public static ulong LocalStride(byte* p, int size)
    {
        ulong x = 0;
        int stride = 1;
        ulong* q = (ulong*)p;
        ulong* end = q + size / 8;
        while (q < end)
        {
            x ^= *q;
            q += stride;
        }

        return x;
    }

    /// <summary>Loads indexed by a loop counter instead of at constant offsets from a base.</summary>
    public static ulong IndexedLoads(byte* p, int size)
    {
        ulong x = 0;
        ulong* words = (ulong*)p;
        for (int i = 0; i < size / 8; i++)
            x ^= words[i];

        return x;
    }

    /// <summary>The loop reads single bytes: no 8-byte stride at all.</summary>
    public static ulong ByteLoop(byte* p, int size)
    {
        ulong x = 0;
        byte* end = p + size;
        while (p < end)
        {
            x += *p;
            p += 1;
        }

        return x;
    }
}
