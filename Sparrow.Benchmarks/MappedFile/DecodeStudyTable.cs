using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;
using BenchmarkDotNet.Reports;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// The README's decode-study table, written by <c>--publish</c> from a real run of
/// <see cref="MappedFileDecodeBenchmarks"/>: the study's figures beside this run's, row for row, under the
/// machine the run was on. Nothing in it is typed by hand but the study's three published figures.
/// </summary>
internal static partial class DecodeStudyTable
{
    private const string ReadmeStart = "<!-- mapped-file:start (written by `dotnet run -c Release --project Sparrow.Benchmarks -- --publish`) -->";
    private const string ReadmeEnd = "<!-- mapped-file:end -->";

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

    /// <summary>Replaces the README's mapped-file block when <paramref name="summaries"/> include the decode study.</summary>
    public static void Publish(string readmePath, IReadOnlyList<Summary> summaries, string machine)
    {
        Summary? summary = summaries.FirstOrDefault(s => s.BenchmarksCases.Any(c => c.Descriptor.Type == typeof(MappedFileDecodeBenchmarks)));
        string readme = File.ReadAllText(readmePath);
        if (summary is null || !ReadmeBlock().IsMatch(readme))
        {
            Console.WriteLine("README's mapped-file block left as it was: this run has no MappedFileDecode results, or README no block.");
            return;
        }
        string block = $"{ReadmeStart}\n{machine}\n{Render(summary)}{ReadmeEnd}";
        File.WriteAllText(readmePath, ReadmeBlock().Replace(readme, block.Replace("$", "$$")));
        Console.WriteLine("Published README's mapped-file block (the decode study).");
    }

    /// <summary>The table and its footnote, as Markdown.</summary>
    public static string Render(Summary summary)
    {
        BenchmarkReport? Report(string method) => summary.Reports.FirstOrDefault(r =>
            r.BenchmarkCase.Descriptor.Type == typeof(MappedFileDecodeBenchmarks) && r.BenchmarkCase.Descriptor.WorkloadMethod.Name == method);
        MegabytesPerSecondColumn throughput = MappedFileDecodeBenchmarks.Throughput;
        double? readerMbps = throughput.Of(Report(Rows[0].Method));

        var text = new StringBuilder();
        text.AppendLine("| Variant | Stands for | Study MB/s | Study vs its reader | This run MB/s | This run vs BinaryReader | Allocated |");
        text.AppendLine("|---|---|---:|---:|---:|---:|---:|");
        foreach ((string method, string variant, string standsFor, double? study) in Rows)
        {
            BenchmarkReport? report = Report(method);
            double? mbps = throughput.Of(report);
            long? allocated = report?.GcStats.GetBytesAllocatedPerOperation(report.BenchmarkCase);
            string bytes = allocated is { } b ? Invariant($"{b:N0} B") : "-";
            text.AppendLine($"| {variant} | {standsFor} | {Number(study)} | {Ratio(study / StudyStandardReader)} | {Number(mbps)} | {Ratio(mbps / readerMbps)} | {bytes} |");
        }
        text.AppendLine();
        text.AppendLine("Study: the figures of a published study (1 million float32 values, 4 MB, in the page cache; another language, another machine). " +
                        Invariant($"This run: `MappedFileDecodeBenchmarks`, {MappedFileDecodeBenchmarks.Count:N0} values ({MappedFileDecodeBenchmarks.BytesPerOperation:N0} bytes) ") +
                        "decoded and summed per operation, medians; MB = 10^6 bytes of float32 data, for the JSON row too.");
        return text.ToString();
    }

    private static string Number(double? value) => value is { } v ? v.ToString("N0", CultureInfo.InvariantCulture) : "-";

    private static string Ratio(double? ratio) => ratio switch
    {
        null => "-",
        >= 10 => ratio.Value.ToString("0", CultureInfo.InvariantCulture) + "x",
        _ => ratio.Value.ToString("0.0#", CultureInfo.InvariantCulture) + "x",
    };

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);

    [GeneratedRegex(@"<!-- mapped-file:start.*?<!-- mapped-file:end -->", RegexOptions.Singleline)]
    private static partial Regex ReadmeBlock();
}
