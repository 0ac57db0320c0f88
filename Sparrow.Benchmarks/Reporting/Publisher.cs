using System.Text;
using System.Text.RegularExpressions;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// <c>--publish</c>: turns a real run into the project's documents, so no figure is typed by hand.
/// Writes docs/benchmarks.md (machine, verdict, every class's full table and chart), copies the
/// charts to docs/benchmarks/, and replaces the README's block between the benchmark markers with
/// the machine line, the verdict and one chart.
/// </summary>
internal static partial class Publisher
{
    private const string ReadmeStart = "<!-- benchmarks:start (written by `dotnet run -c Release --project Sparrow.Benchmarks -- --publish`) -->";
    private const string ReadmeEnd = "<!-- benchmarks:end -->";
    private const string HeadlineChart = "KeySearch";

    public static void Publish(IReadOnlyList<Summary> summaries, IReadOnlyList<VerdictRow> verdict, string commandLine)
    {
        string root = FindRepositoryRoot();
        string chartDirectory = Path.Combine(root, "docs", "benchmarks");
        Directory.CreateDirectory(chartDirectory);
        foreach (string old in Directory.EnumerateFiles(chartDirectory, "*.svg"))
            File.Delete(old);

        string machine = MachineBlock(summaries[0]);
        var doc = new StringBuilder();
        doc.AppendLine("# Sparrow benchmark results");
        doc.AppendLine();
        doc.AppendLine($"Produced by `{commandLine}` on the machine below; regenerate with the same command.");
        doc.AppendLine("Ratios and speed-ups compare medians measured in the same run. Times are per operation.");
        doc.AppendLine();
        doc.AppendLine(machine);
        doc.AppendLine("## Verdict");
        doc.AppendLine();
        doc.AppendLine(VerdictRow.ToMarkdown(verdict));

        foreach (Summary summary in summaries)
        {
            string primitive = string.Join(", ", summary.BenchmarksCases.Select(c => BenchmarkRoles.PrimitiveName(c.Descriptor.Type)).Distinct());
            string chartFile = $"{primitive}.svg";
            File.WriteAllText(Path.Combine(chartDirectory, chartFile), SvgChartExporter.Render(summary));

            doc.AppendLine($"## {primitive}");
            doc.AppendLine();
            doc.AppendLine(TableOnly(summary));
            doc.AppendLine($"![{primitive}](benchmarks/{chartFile})");
            doc.AppendLine();
        }
        File.WriteAllText(Path.Combine(root, "docs", "benchmarks.md"), doc.ToString());

        string readmePath = Path.Combine(root, "README.md");
        string readme = File.ReadAllText(readmePath);
        string chart = File.Exists(Path.Combine(chartDirectory, HeadlineChart + ".svg"))
            ? $"![{HeadlineChart}](docs/benchmarks/{HeadlineChart}.svg)\n\n"
            : "";
        // The README shows the headline cases; docs/benchmarks.md has every case of the run.
        var headline = verdict.Where(row => row.IsHeadline).ToList();
        string block = $"{ReadmeStart}\n{machine}\n{VerdictRow.ToMarkdown(headline.Count > 0 ? headline : verdict)}\n{chart}" +
                       "Every table and chart of that run: [docs/benchmarks.md](docs/benchmarks.md).\n" + ReadmeEnd;
        File.WriteAllText(readmePath, ReadmeBlock().IsMatch(readme)
            ? ReadmeBlock().Replace(readme, block.Replace("$", "$$"))
            : readme.TrimEnd() + "\n\n" + block + "\n");
        DecodeStudyTable.Publish(readmePath, summaries, machine);
        Console.WriteLine($"Published docs/benchmarks.md, {summaries.Count} chart(s) in docs/benchmarks/, and README's results block.");
    }

    private static string MachineBlock(Summary summary)
    {
        var text = new StringBuilder("```\n");
        foreach (string line in summary.HostEnvironmentInfo.ToFormattedString())
            text.AppendLine(line);
        text.AppendLine(summary.AllRuntimes);
        return text.Append("```\n").ToString();
    }

    /// <summary>BenchmarkDotNet's GitHub table for one summary, without its repeated environment block.</summary>
    private static string TableOnly(Summary summary)
    {
        var logger = new AccumulationLogger();
        MarkdownExporter.GitHub.ExportToLog(summary, logger);
        string markdown = logger.GetLog();
        int fenceEnd = markdown.IndexOf("```", markdown.IndexOf("```", StringComparison.Ordinal) + 3, StringComparison.Ordinal);
        return fenceEnd < 0 ? markdown : markdown[(fenceEnd + 3)..].Trim() + "\n";
    }

    private static string FindRepositoryRoot()
    {
        foreach (string start in new[] { Directory.GetCurrentDirectory(), AppContext.BaseDirectory })
        {
            for (var dir = new DirectoryInfo(start); dir is not null; dir = dir.Parent)
            {
                if (File.Exists(Path.Combine(dir.FullName, "Sparrow.slnx")))
                    return dir.FullName;
            }
        }
        throw new InvalidOperationException("--publish needs to run inside the Sparrow repository (no Sparrow.slnx found above the current directory).");
    }

    [GeneratedRegex(@"<!-- benchmarks:start.*?<!-- benchmarks:end -->", RegexOptions.Singleline)]
    private static partial Regex ReadmeBlock();
}
