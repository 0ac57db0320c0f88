namespace Sparrow.Benchmarks.Baselines;

/// <summary>The naive byte-at-a-time loop: context for how much the word and vector paths buy.</summary>
internal static unsafe class ByteLoop
{
    public static int Compare(byte* p1, byte* p2, int size)
    {
        for (int i = 0; i < size; i++)
        {
            int difference = p1[i] - p2[i];
            if (difference != 0)
                return difference;
        }

        return 0;
    }

    public static bool SequenceEqual(byte* p1, byte* p2, int size)
    {
        for (int i = 0; i < size; i++)
        {
            if (p1[i] != p2[i])
                return false;
        }

        return true;
    }
}
