using System.Text;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// README's decode-study table, written by <see cref="Publisher"/> from a real run of
/// <see cref="MappedFileDecodeBenchmarks"/>: the study's figures beside this run's, row for row, under the
/// machine the run was on. Nothing in it is typed by hand but the study's three published figures.
/// </summary>
internal static class DecodeStudyTable
{
    // The published study this table repeats: decoding a file of 1 million float32 values (4 MB, in the page cache), in
    // MB/s, measured in another language on another machine. Only the ratios between rows compare across runs.
    private const double StudyStandardReader = 120;
    private const double StudyReadPlusCast = 1_370;
    private const double StudyMmapPlusCast = 3_400;

    /// <summary>Each benchmark of the class, in table order: what it is, what it stands for, the study's figure.</summary>
    private static readonly (string Method, string Variant, string StandsFor, double? Study)[] Rows =
    [
        (nameof(MappedFileDecodeBenchmarks.BinaryReaderReadSingle), "`BinaryReader.ReadSingle` loop over a `FileStream`", "the standard binary reader", StudyStandardReader),
        (nameof(MappedFileDecodeBenchmarks.JsonDeserialize), "`System.Text.Json` deserialising a `float[]`", "the JSON row", null),
        (nameof(MappedFileDecodeBenchmarks.RandomAccessReadCast), "`RandomAccess.Read` into a pooled buffer, `MemoryMarshal.Cast`", "read plus cast", StudyReadPlusCast),
        (nameof(MappedFileDecodeBenchmarks.ViewAccessorReadArray), "`MemoryMappedViewAccessor.ReadArray<float>`", "the BCL's mapped accessor", null),
        (nameof(MappedFileDecodeBenchmarks.ViewAccessorRead), "`MemoryMappedViewAccessor.Read<float>` per element", "the BCL's mapped accessor", null),
        (nameof(MappedFileDecodeBenchmarks.MappedFileCast), "Sparrow `MappedFile.Cast<float>` + `TensorPrimitives.Sum`", "mmap plus cast", StudyMmapPlusCast),
    ];

    /// <summary>The table and its footnote, as Markdown; null when <paramref name="run"/> did not measure the decode study.</summary>
    public static string? Render(RunResults run)
    {
        var medians = run.Cases.Where(m => m.Case.Type == typeof(MappedFileDecodeBenchmarks) && !m.Case.WithoutAvx512).ToDictionary(m => m.Case.Method.Name);
        if (medians.Count == 0)
            return null;
        double? Mbps(string method) => medians.TryGetValue(method, out Measured? m) ? MappedFileDecodeBenchmarks.BytesPerOperation * 1e3 / m.MedianNs : null;
        double? readerMbps = Mbps(Rows[0].Method);

        var text = new StringBuilder();
        text.AppendLine("| Variant | Stands for | Study MB/s | Study vs its reader | This run MB/s | This run vs BinaryReader | Allocated |");
        text.AppendLine("|---|---|---:|---:|---:|---:|---:|");
        foreach ((string method, string variant, string standsFor, double? study) in Rows)
        {
            string bytes = medians.TryGetValue(method, out Measured? m) && m.AllocatedBytes is { } b ? Format.Whole(b) + " B" : "-";
            text.AppendLine($"| {variant} | {standsFor} | {Format.Whole(study)} | {Format.Times(study / StudyStandardReader)} | {Format.Whole(Mbps(method))} | {Format.Times(Mbps(method) / readerMbps)} | {bytes} |");
        }
        text.AppendLine();
        text.AppendLine("Study: the figures of a published study (1 million float32 values, 4 MB, in the page cache; another language, another machine). " +
                        Format.Invariant($"This run: `MappedFileDecodeBenchmarks`, {MappedFileDecodeBenchmarks.Count:N0} values ({MappedFileDecodeBenchmarks.BytesPerOperation:N0} bytes) ") +
                        "decoded and summed per operation, medians; MB = 10^6 bytes of float32 data, for the JSON row too.");
        return text.ToString();
    }
}
