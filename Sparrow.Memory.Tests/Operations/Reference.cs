namespace Sparrow.Tests;

/// <summary>The byte loops every path is checked against, one per operation: the contract, written as plainly as possible.</summary>
internal static unsafe class Reference
{
    public static int Compare(byte* x, byte* y, int byteCount)
    {
        for (int i = 0; i < byteCount; i++)
        {
            if (x[i] != y[i])
                return x[i] - y[i];
        }

        return 0;
    }

    /// <summary>Key order: the common prefix, then the shorter key first.</summary>
    public static int Compare(byte* x, int xByteCount, byte* y, int yByteCount)
    {
        int result = Compare(x, y, Math.Min(xByteCount, yByteCount));
        return result != 0 ? result : xByteCount - yByteCount;
    }

    public static bool Equal(byte* x, byte* y, int byteCount) => Compare(x, y, byteCount) == 0;

    public static void Copy(byte* source, byte* destination, int byteCount)
    {
        for (int i = 0; i < byteCount; i++)
            destination[i] = source[i];
    }

    /// <summary>A copy that goes from the end when the destination starts inside the source, so no byte is overwritten before it is read.</summary>
    public static void Move(byte* source, byte* destination, int byteCount)
    {
        if (destination <= source || destination >= source + byteCount)
        {
            Copy(source, destination, byteCount);
            return;
        }

        for (int i = byteCount - 1; i >= 0; i--)
            destination[i] = source[i];
    }

    public static void Set(byte* destination, byte value, int byteCount)
    {
        for (int i = 0; i < byteCount; i++)
            destination[i] = value;
    }
}
