using System.Text;

namespace IlDump.Fixtures;

/// <summary>Hot-path hygiene: each broken method commits exactly one sin the IL rules name.</summary>
public static class Allocation
{
    public static object Boxed(int value) => value;

    public static Reference NewClass(int value) => new(value);

    public static DateTime NewStruct(long ticks) => new(ticks);

    public static string WithStringBuilder(ReadOnlySpan<char> text)
    {
        StringBuilder builder = new();
        builder.Append(text);
        return builder.ToString();
    }

    public static int VirtualLength(string text) => text.Length;

    public static int SpanLength(ReadOnlySpan<char> text) => text.Length;

    public static string ResultString(int value) =>
        string.Create(4, value, static (span, v) => span.Fill((char)('0' + v % 10)));

    public static string NewString(char c) => new(c, 4);

    public sealed class Reference(int value)
    {
        public int Value { get; } = value;
    }
}
