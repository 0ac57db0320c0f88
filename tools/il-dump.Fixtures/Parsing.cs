namespace IlDump.Fixtures.Parsing;

// Shapes the listing parser must tell apart: one method name in different types, overloads,
// nested types, generic methods and generic types.

public static class Alpha
{
    public static int Pick(int x) => x + 1;
    public static long Pick(long x) => x + 2;
    public static unsafe int Pick(byte* p, int size) => p[0] + size;
    public static int Pick(ReadOnlySpan<char> text, out int used) { used = text.Length; return 3; }
    public static T Pick<T>(T value) => value;

    public static class Inner
    {
        public static int Pick(int x) => x + 4;
    }
}

public static class Beta
{
    public static int Pick(int x) => x + 5;
}

public sealed class Holder<T>
{
    public static T Pick(T value, int x) => x > 0 ? value : default!;
}
