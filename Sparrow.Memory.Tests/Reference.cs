namespace Sparrow.Tests;

/// <summary>The byte loop every path is checked against: the contract, written as plainly as possible.</summary>
internal static unsafe class Reference
{
    public static int Compare(byte* p1, byte* p2, int size)
    {
        for (int i = 0; i < size; i++)
        {
            if (p1[i] != p2[i])
                return p1[i] - p2[i];
        }

        return 0;
    }

    public static int Compare(byte* p1, int size1, byte* p2, int size2)
    {
        int result = Compare(p1, p2, Math.Min(size1, size2));
        return result != 0 ? result : size1 - size2;
    }
}
