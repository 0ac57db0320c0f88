using System.Globalization;
using BenchmarkDotNet.Attributes;
using Sparrow.Formatting;

namespace Sparrow.Benchmarks;

/// <summary>
/// DateTime → caller's buffer over <see cref="TimestampSamples"/>, against the BCL's "O" fast path, per
/// encoding; each method returns the total number of characters or bytes written.
/// </summary>
public class DateTimeTryFormatBenchmarks
{
    private const int Operations = TimestampSamples.Count;

    private DateTime[] _values = null!;
    private readonly char[] _chars = new char[64];
    private readonly byte[] _bytes = new byte[64];

    [Params(TextEncoding.Utf16, TextEncoding.Utf8)]
    public TextEncoding Encoding { get; set; }

    [GlobalSetup]
    public void Setup() => _values = TimestampSamples.Values();

    [Benchmark(OperationsPerInvoke = Operations), Role(Role.Sparrow)]
    public int SparrowTryFormat() => Encoding == TextEncoding.Utf16 ? SparrowTryFormatChars() : SparrowTryFormatUtf8();

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), Role(Role.Alternative)]
    public int BclTryFormatO() => Encoding == TextEncoding.Utf16 ? BclTryFormatOChars() : BclTryFormatOUtf8();

    private int SparrowTryFormatChars()
    {
        Span<char> destination = _chars;
        int total = 0;
        foreach (DateTime value in _values)
        {
            DateTimeFormatter.TryFormat(value, destination, out int written);
            total += written;
        }

        return total;
    }

    private int SparrowTryFormatUtf8()
    {
        Span<byte> destination = _bytes;
        int total = 0;
        foreach (DateTime value in _values)
        {
            DateTimeFormatter.TryFormat(value, destination, out int written);
            total += written;
        }

        return total;
    }

    private int BclTryFormatOChars()
    {
        Span<char> destination = _chars;
        int total = 0;
        foreach (DateTime value in _values)
        {
            value.TryFormat(destination, out int written, "O", CultureInfo.InvariantCulture);
            total += written;
        }

        return total;
    }

    private int BclTryFormatOUtf8()
    {
        Span<byte> destination = _bytes;
        int total = 0;
        foreach (DateTime value in _values)
        {
            value.TryFormat(destination, out int written, "O", CultureInfo.InvariantCulture);
            total += written;
        }

        return total;
    }
}
