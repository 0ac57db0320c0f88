using System.Globalization;
using System.Text;

namespace Sparrow.Benchmarks;

/// <summary>
/// The benchmark inputs: 1,024 seeded random timestamps between 1970 and 2100, half UTC and half Unspecified
/// (so the 'Z' branch is not predictable), with their texts as strings and as UTF-8.
/// </summary>
internal static class TimestampSamples
{
    public const int Count = 1024;

    /// <summary>The historical custom format; the trailing K writes 'Z' for UTC and nothing for Unspecified, like Sparrow.</summary>
    public const string CustomFormat = "yyyy'-'MM'-'dd'T'HH':'mm':'ss'.'fffffffK";

    public static DateTime[] Values()
    {
        var random = new Random(19700101);
        long first = new DateTime(1970, 1, 1).Ticks;
        long end = new DateTime(2101, 1, 1).Ticks;
        var values = new DateTime[Count];
        for (int i = 0; i < values.Length; i++)
            values[i] = new DateTime(random.NextInt64(first, end), random.Next(2) == 0 ? DateTimeKind.Utc : DateTimeKind.Unspecified);
        return values;
    }

    public static string[] Texts() =>
        Array.ConvertAll(Values(), v => v.ToString(CustomFormat, CultureInfo.InvariantCulture));

    public static byte[][] Utf8Texts() => Array.ConvertAll(Texts(), Encoding.ASCII.GetBytes);
}
