namespace Sparrow.Benchmarks.Baselines;

/// <summary>
/// Reproduces the compare storage engines used before moving to 8-byte strides: 4-byte <c>uint</c> words
/// stepped with C-style pointer post-increments, then a byte loop to locate the difference in the word
/// that mismatched and to finish the 0..3 trailing bytes.
/// </summary>
internal static unsafe class UIntStrideCompare
{
    public static int Compare(byte* p1, byte* p2, int size)
    {
        int words = size / sizeof(uint);
        while (words > 0 && *(uint*)p1 == *(uint*)p2)
        {
            p1 += sizeof(uint);
            p2 += sizeof(uint);
            words--;
        }

        int remaining = words > 0 ? sizeof(uint) : size % sizeof(uint);
        while (remaining-- > 0)
        {
            int difference = *p1++ - *p2++;
            if (difference != 0)
                return difference;
        }

        return 0;
    }

    public static bool SequenceEqual(byte* p1, byte* p2, int size)
    {
        int words = size / sizeof(uint);
        while (words-- > 0)
        {
            if (*(uint*)p1 != *(uint*)p2)
                return false;
            p1 += sizeof(uint);
            p2 += sizeof(uint);
        }

        int remaining = size % sizeof(uint);
        while (remaining-- > 0)
        {
            if (*p1++ != *p2++)
                return false;
        }

        return true;
    }
}
