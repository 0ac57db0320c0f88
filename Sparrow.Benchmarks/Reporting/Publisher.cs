using System.Reflection;
using System.Text;
using Sparrow.Benchmarks.Suite;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// The one generator of every published figure: from a run's BenchmarkDotNet JSON (<see cref="RunResults"/>) it writes
/// docs/benchmarks.md whole, its charts in docs/benchmarks/, and README's generated blocks (the headline section, word for
/// word as in docs, the decode study and the key-table memory), each between a pair of <see cref="Start"/>/<see cref="End"/> markers.
/// <c>--publish</c> commits the run's JSON to docs/results/ first and generates from there, so the test that compares
/// README and docs with this generator's output (PublishedResultsTests) reads the same input.
/// </summary>
internal static class Publisher
{
    public const string Command = "dotnet run -c Release --project Sparrow.Benchmarks -- --publish";
    public const string HeadlineBlock = "headline", DecodeStudyBlock = "decode-study", KeyTableMemoryBlock = "key-table-memory";
    public static readonly string ResultsDirectory = Path.Combine("docs", "results");

    public static string Start(string block) => $"<!-- generated: {block} (written by `{Command}`) -->";

    public static string End(string block) => $"<!-- generated: {block} end -->";

    /// <summary>Puts <paramref name="jsonFiles"/> (one a class) in <paramref name="root"/>'s docs/results, each replacing its class's
    /// previous run, the other classes' staying (so runs outside the headline publish beside it); then writes docs and README.</summary>
    public static void Publish(string root, IReadOnlyList<string> jsonFiles)
    {
        string results = Directory.CreateDirectory(Path.Combine(root, ResultsDirectory)).FullName;
        var previous = jsonFiles.Select(file => Path.Combine(results, Path.GetFileName(file))).Where(File.Exists).ToList();
        if (Reproducibility.Compare(VerdictRow.From(RunResults.Load(previous)), VerdictRow.From(RunResults.Load(jsonFiles))) is { } comparison)
            Console.WriteLine("// * This run's headline ratios beside the previously published run's *\n" + comparison);
        foreach (string file in jsonFiles)
            File.Copy(file, Path.Combine(results, Path.GetFileName(file)), overwrite: true);
        Write(root, RunResults.Load(Directory.GetFiles(results, "*.json")));
        Console.WriteLine($"Published {jsonFiles.Count} result file(s) in {ResultsDirectory}, docs/benchmarks.md, its charts and README's generated blocks under {root}.");
    }

    /// <summary>docs/benchmarks.md, the charts and README's blocks from <paramref name="run"/>.</summary>
    public static void Write(string root, RunResults run)
    {
        string charts = Directory.CreateDirectory(Path.Combine(root, "docs", "benchmarks")).FullName;
        foreach (string old in Directory.EnumerateFiles(charts))
            File.Delete(old);
        foreach (var (name, cases) in run.Cases.GroupBy(m => m.Case.Primitive).SelectMany(Charts.Panels))
            File.WriteAllBytes(Path.Combine(charts, name + ".png"), Charts.Render(name, cases));
        File.WriteAllText(Path.Combine(root, "docs", "benchmarks.md"), Docs(run));
        string readme = Path.Combine(root, "README.md");
        File.WriteAllText(readme, ReadmeBlocks(run).Aggregate(File.ReadAllText(readme).ReplaceLineEndings("\n"), (text, block) => Replace(text, block.Block, block.Content)));
    }

    /// <summary>README's generated blocks: the headline section, the decode study (when the run measured it) and the key-table memory.</summary>
    public static IEnumerable<(string Block, string Content)> ReadmeBlocks(RunResults run)
    {
        yield return (HeadlineBlock, Headline(run));
        if (DecodeStudyTable.Render(run) is { } decodeStudy)
            yield return (DecodeStudyBlock, MachineBlock(run) + "\n" + decodeStudy);
        yield return (KeyTableMemoryBlock, KeyTableMemory.Render());
    }

    /// <summary>docs/benchmarks.md: the headline section (README's, word for word), every ratio of the run, and each class's medians and chart.</summary>
    public static string Docs(RunResults run)
    {
        var doc = new StringBuilder($"# Sparrow benchmark results\n\nProduced by `{Command}` from the run's JSON in `docs/results/`; regenerate with the same command. Times are per operation; a class whose operation handles a known amount adds its throughput (MB/s, GB/s or billion values/s) over the median.\n\n");
        doc.Append($"## Headline (README's results block)\n\n{Start(HeadlineBlock)}\n{Headline(run)}{End(HeadlineBlock)}\n\n");
        doc.Append($"## Every ratio of the run\n\n{VerdictRow.ToMarkdown(VerdictRow.From(run))}\n");
        foreach (var primitive in run.Cases.GroupBy(m => m.Case.Primitive))
        {
            // A class marked [Throughput] gets its column, as in BenchmarkDotNet's table.
            ThroughputAttribute? throughput = primitive.First().Case.Type.GetCustomAttribute<ThroughputAttribute>(inherit: true);
            string throughputHeader = throughput is null ? "" : $" {ThroughputAttribute.ColumnName(throughput.Unit)} |";
            doc.Append($"## {primitive.Key}\n\n| Method | Role | Case | Median |{throughputHeader} Allocated |\n|---|---|---|---:|{(throughput is null ? "" : "---:|")}---:|\n");
            doc.AppendJoin("", primitive.OrderBy(m => m.Case.Role).ThenBy(m => m.Case.Method.Name, StringComparer.Ordinal).Select(m =>
                $"| {m.Case.Method.Name} | {m.Case.Role} | {m.Case.Name} | {Format.Time(m.MedianNs)} |{(throughput is null ? "" : $" {throughput.Value(m.Case, m.MedianNs)} |")} {(m.AllocatedBytes is { } b ? Format.Whole(b) + " B" : "-")} |\n"));
            doc.Append('\n').AppendJoin("", Charts.Panels(primitive).Select(chart => $"![{chart.Name}](benchmarks/{chart.Name}.png)\n")).Append('\n');
        }
        return doc.ToString();
    }

    /// <summary>The machine and date, the headline ratios with their intervals and target verdicts, the tally and the A/A pairs.</summary>
    public static string Headline(RunResults run)
    {
        var headline = VerdictRow.From(run).Where(row => row.IsHeadline).ToList();
        var sameCode = PublishGate.SameCodePairs(run).ToList();
        // The headline's date: its classes' latest run (docs/results may hold later runs of other classes), else the latest.
        DateTime? date = run.Cases.MaxBy(m => (HeadlineSuite.IsHeadline(m.Case), m.Started))?.Started;
        var text = new StringBuilder(Format.Invariant($"Run on {date:yyyy-MM-dd HH:mm} by `{Command}`:\n\n"));
        text.Append(MachineBlock(run)).Append('\n');
        text.Append("""
            Ratio = Sparrow's median time / the other method's, in the same case and run (below 1: Sparrow is faster; bold:
            the whole interval is below 1). The 95% interval comes from a bootstrap over launches, then iterations within each
            launch. A target is met when the whole interval is at or under it, missed when the whole interval is over it,
            undecided otherwise.


            """);
        text.Append(VerdictRow.ToMarkdown(headline)).Append('\n');
        if (VerdictRow.TargetTally(headline) is { } tally)
            text.Append(tally).Append(".\n");
        if (sameCode.Count > 0)
            text.Append("A/A check (the same code measured twice): " + string.Join("; ", sameCode.Select(p => $"{p.Case}: {p.Method}/{p.SameAs} {p.Ratio}")) + ".\n");
        return text.ToString();
    }

    private static string MachineBlock(RunResults run) => $"```\n{run.Machine}\n```\n";

    /// <summary>The content of <paramref name="text"/>'s generated <paramref name="block"/>, or null when it has none.</summary>
    public static string? Block(string text, string block)
    {
        int start = text.IndexOf(Start(block), StringComparison.Ordinal), end = text.IndexOf(End(block), StringComparison.Ordinal);
        return start < 0 || end < start ? null : text[(start + Start(block).Length + 1)..end];
    }

    private static string Replace(string text, string block, string content) => Block(text, block) is { } old
        ? text.Replace($"{Start(block)}\n{old}{End(block)}", $"{Start(block)}\n{content}{End(block)}", StringComparison.Ordinal)
        : throw new InvalidOperationException($"README.md has no {Start(block)} ... {End(block)} block to write.");
}
