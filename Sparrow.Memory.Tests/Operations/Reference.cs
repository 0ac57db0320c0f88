namespace Sparrow.Tests;

/// <summary>The byte loops every path is checked against, one per operation: the contract, written as plainly as possible.</summary>
internal static unsafe class Reference
{
    public static int Compare(byte* x, byte* y, int size)
    {
        for (int i = 0; i < size; i++)
        {
            if (x[i] != y[i])
                return x[i] - y[i];
        }

        return 0;
    }

    /// <summary>Key order: the common prefix, then the shorter key first.</summary>
    public static int Compare(byte* x, int size1, byte* y, int size2)
    {
        int result = Compare(x, y, Math.Min(size1, size2));
        return result != 0 ? result : size1 - size2;
    }

    public static bool Equal(byte* x, byte* y, int size) => Compare(x, y, size) == 0;

    public static void Copy(byte* destination, byte* source, int size)
    {
        for (int i = 0; i < size; i++)
            destination[i] = source[i];
    }

    /// <summary>A copy that goes from the end when the destination starts inside the source, so no byte is overwritten before it is read.</summary>
    public static void Move(byte* destination, byte* source, int size)
    {
        if (destination <= source || destination >= source + size)
        {
            Copy(destination, source, size);
            return;
        }

        for (int i = size - 1; i >= 0; i--)
            destination[i] = source[i];
    }

    public static void Set(byte* destination, byte value, int size)
    {
        for (int i = 0; i < size; i++)
            destination[i] = value;
    }
}
