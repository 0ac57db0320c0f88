using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using Sparrow.Formatting;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// Etag → caller's buffer, against Guid.TryFormat "D" on the same 16 bytes, per encoding (the case parameter keeps
/// each Sparrow encoding compared with the same encoding of the alternative), into two destinations: one at the
/// start of a page, and one that crosses a 4 KiB page boundary in the middle of the text, where a vector store
/// split across the two pages costs far more than an aligned one.
/// </summary>
[HeadlineParams(nameof(Encoding), TextEncoding.Utf8, TextEncoding.Utf16)]
public unsafe class EtagTryFormatBenchmarks
{
    private const int PageSize = 4096;

    private EtagBenchmarkData _data = null!;
    private byte* _pages;

    [Params(TextEncoding.Utf16, TextEncoding.Utf8)]
    public TextEncoding Encoding { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _data = new EtagBenchmarkData();
        _pages = (byte*)NativeMemory.AlignedAlloc(2 * PageSize, PageSize);
    }

    [GlobalCleanup]
    public void Cleanup() => NativeMemory.AlignedFree(_pages);

    [Benchmark(OperationsPerInvoke = EtagBenchmarkData.Count), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(0.9, nameof(GuidTryFormat))]
    public int EtagTryFormat() => FormatAll(_data.Etags, _pages);

    [Benchmark(OperationsPerInvoke = EtagBenchmarkData.Count), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(1.5, nameof(EtagTryFormat))]
    public int EtagTryFormatPageCrossing() => FormatAll(_data.Etags, PageCrossing);

    [Benchmark(Baseline = true, OperationsPerInvoke = EtagBenchmarkData.Count), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public int GuidTryFormat() => FormatAll(_data.Guids, _pages);

    [Benchmark(OperationsPerInvoke = EtagBenchmarkData.Count), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public int GuidTryFormatPageCrossing() => FormatAll(_data.Guids, PageCrossing);

    /// <summary>The destination whose first half ends the first page and whose second half starts the second.</summary>
    private byte* PageCrossing => _pages + PageSize - TextBytes / 2;

    private int TextBytes => Encoding == TextEncoding.Utf16 ? Etag.FormattedLength * sizeof(char) : Etag.FormattedLength;

    /// <summary>Formats every value ("D" for a Guid; an etag has one form) into the same 36-element destination.</summary>
    private int FormatAll<T>(T[] values, byte* destination)
        where T : ISpanFormattable, IUtf8SpanFormattable =>
        (Encoding == TextEncoding.Utf16 ? FormatAllUtf16(values, destination) : FormatAllUtf8(values, destination)) + destination[TextBytes - 1];

    // PERF: one loop per encoding, each compiled on its own. With both encodings' formatting inlined into one loop
    // (a branch on the case's encoding per value), the benchmark method's tier-1 code ran out of inlining budget and
    // called Etag's vector store and Guid's UTF-8 core per UTF-8 value; a caller's loop over one encoding inlines both.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int FormatAllUtf16<T>(T[] values, byte* destination)
        where T : ISpanFormattable
    {
        var chars = new Span<char>(destination, Etag.FormattedLength);
        int total = 0;
        foreach (T value in values)
        {
            value.TryFormat(chars, out int written, "D", null);
            total += written;
        }

        return total;
    }

    /// <inheritdoc cref="FormatAllUtf16"/>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int FormatAllUtf8<T>(T[] values, byte* destination)
        where T : IUtf8SpanFormattable
    {
        var bytes = new Span<byte>(destination, Etag.FormattedLength);
        int total = 0;
        foreach (T value in values)
        {
            value.TryFormat(bytes, out int written, "D", null);
            total += written;
        }

        return total;
    }
}
