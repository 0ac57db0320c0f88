using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>Assertions for loops of millions of calls: the message is only formatted on failure.</summary>
internal static unsafe class Expect
{
    public static void Equal<T>(T expected, T actual, CodePath path, int size, Where where, int position = -1)
        where T : IEquatable<T>
    {
        if (!expected.Equals(actual))
            Assert.Fail($"{path}: size {size}, {where}, difference at {position}: expected {expected}, got {actual}.");
    }

    /// <summary>As above, for a check that is not about a code path (a decoder, a reader method).</summary>
    public static void Equal<T>(T expected, T actual, string what, int size, int position = -1)
        where T : IEquatable<T>
    {
        if (!expected.Equals(actual))
            Assert.Fail($"{what}: size {size}, at {position}: expected {expected}, got {actual}.");
    }

    public static void KeyOrder(int expected, int actual, string what, int size1, int size2)
    {
        if (expected != actual)
            Assert.Fail($"{what}: sizes {size1} and {size2}: expected {expected}, got {actual}.");
    }

    /// <summary>The bytes of <paramref name="window"/> equal <paramref name="expected"/> (a copy of the window the reference wrote).</summary>
    public static void SameBytes(Window window, byte* expected, byte* destination, int size, CodePath path, Where where) =>
        SameBytes(window.Low, expected, window.Length, destination, size, path, where);

    /// <summary>As <see cref="SameBytes(Window, byte*, byte*, int, CodePath, Where)"/>, outside the destination only.</summary>
    public static void SameBytesOutside(Window window, byte* expected, byte* destination, int size, CodePath path, Where where)
    {
        int before = (int)(destination - window.Low);
        SameBytes(window.Low, expected, before, destination, size, path, where);
        SameBytes(destination + size, expected + before + size, window.Length - before - size, destination, size, path, where);
    }

    private static void SameBytes(byte* actual, byte* expected, int length, byte* destination, int size, CodePath path, Where where)
    {
        var got = new ReadOnlySpan<byte>(actual, length);
        var wanted = new ReadOnlySpan<byte>(expected, length);
        if (got.SequenceEqual(wanted))
            return;
        int i = got.CommonPrefixLength(wanted);
        Assert.Fail($"{path}: size {size}, {where}: byte {actual + i - destination} from the destination's start " +
            $"(the destination is 0..{size - 1}): expected {wanted[i]:X2}, got {got[i]:X2}.");
    }
}
