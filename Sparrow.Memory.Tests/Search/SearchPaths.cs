using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>A way into <see cref="SortedKeyTable"/>'s search: a public overload, or the search with one node scan called directly.</summary>
internal sealed unsafe record SearchPath(string Name, Func<SortedKeyTable, ReadOnlySpan<byte>, int> Search, string? SkipReason = null)
{
    public override string ToString() => Name;
}

/// <summary>
/// Every entry into the search. Each node scan is called directly, so the scalar and narrower vector paths are
/// proven on an AVX-512 machine too, where the public method never reaches them; the public rows prove the
/// dispatch (CI runs the tests again with AVX-512 and with AVX2 disabled).
/// </summary>
internal static unsafe class SearchPaths
{
    public static readonly SearchPath[] All =
    [
        new("Search(ReadOnlySpan<byte>)", (table, key) => table.Search(key)),
        new("Search(byte*, int)", (table, key) => { fixed (byte* p = key) return table.Search(p, key.Length); }),
        new("Search<HeadScanScalar>", With<HeadScanScalar>),
        new("Search<HeadScanVector128>", With<HeadScanVector128>, SkipReasons.Lacking(HeadScanVector128.IsSupported, "accelerated 128-bit vectors")),
        new("Search<HeadScanVector256>", With<HeadScanVector256>, SkipReasons.Lacking(HeadScanVector256.IsSupported, "accelerated 256-bit vectors (AVX2)")),
        new("Search<HeadScanVector512>", With<HeadScanVector512>, SkipReasons.Lacking(HeadScanVector512.IsSupported, "accelerated 512-bit vectors (AVX-512)")),
    ];

    public static TheoryData<string> Names => new(All.Select(p => new TheoryDataRow<string>(p.Name) { Skip = p.SkipReason }));

    public static SearchPath Named(string name) => All.Single(p => p.Name == name);

    private static int With<TScan>(SortedKeyTable table, ReadOnlySpan<byte> key) where TScan : struct, IHeadScan
    {
        fixed (byte* p = key)
            return table.Search<TScan>(p, key.Length);
    }
}
