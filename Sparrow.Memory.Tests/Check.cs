namespace Sparrow.Tests;

/// <summary>Assertions for loops of millions of calls: the message is only formatted on failure.</summary>
internal static class Check
{
    public static void Equal<T>(T expected, T actual, string path, int size, int position = -1, int offset1 = 0, int offset2 = 0)
        where T : IEquatable<T>
    {
        if (!expected.Equals(actual))
            Assert.Fail($"{path}: size {size}, difference at {position}, offsets {offset1}/{offset2}: expected {expected}, got {actual}.");
    }

    public static void KeyOrder(int expected, int actual, string path, int size1, int size2)
    {
        if (expected != actual)
            Assert.Fail($"{path}: sizes {size1} and {size2}: expected {expected}, got {actual}.");
    }
}
