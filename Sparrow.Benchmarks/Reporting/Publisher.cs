using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using Sparrow.Storage;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// <c>--publish</c>: turns a real run into the project's documents, so no figure is typed by hand. Writes
/// docs/benchmarks.md (the headline section, every verdict row, and BenchmarkDotNet's GitHub table and our chart per
/// class), copies the charts to docs/benchmarks/, and replaces README's block between the benchmark markers with the
/// headline section, word for word (tests/Sparrow.ReadMe.Tests keeps the two identical).
/// </summary>
internal static partial class Publisher
{
    /// <summary>The markers around README's results block and around the docs section it copies.</summary>
    public const string Start = "<!-- benchmarks:start (written by `dotnet run -c Release --project Sparrow.Benchmarks -- --publish`) -->";
    public const string End = "<!-- benchmarks:end -->";

    public static void Publish(IReadOnlyList<Summary> summaries, IReadOnlyList<VerdictRow> verdict, IReadOnlyList<SameCodePair> sameCode, string commandLine)
    {
        string root = FindRepositoryRoot();
        string chartDirectory = Path.Combine(root, "docs", "benchmarks");
        Directory.CreateDirectory(chartDirectory);
        foreach (string old in Directory.EnumerateFiles(chartDirectory, "*.svg"))
            File.Delete(old);

        string docPath = Path.Combine(root, "docs", "benchmarks.md");
        var headlineRows = verdict.Where(row => row.IsHeadline).ToList();
        if (File.Exists(docPath) && Reproducibility.Compare(File.ReadAllText(docPath), headlineRows) is { } comparison)
        {
            Console.WriteLine("// * This run's headline ratios beside the previously published run's *");
            Console.WriteLine(comparison);
        }

        // The machine line and every job's runtime line (the summary that ran the most jobs names them all).
        string machine = MachineBlock(summaries.MaxBy(s => s.BenchmarksCases.Select(c => c.Job.ResolvedId).Distinct().Count())!);
        string headline = HeadlineSection(machine, headlineRows, sameCode, commandLine);
        var doc = new StringBuilder();
        doc.AppendLine("# Sparrow benchmark results");
        doc.AppendLine();
        doc.AppendLine($"Produced by `{commandLine}`; regenerate with the same command. Times are per operation.");
        doc.AppendLine();
        doc.AppendLine("## Headline (README's results block)");
        doc.AppendLine();
        doc.AppendLine(Start);
        doc.Append(headline);
        doc.AppendLine(End);
        doc.AppendLine();
        doc.AppendLine("## Every ratio of the run");
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
        File.WriteAllText(docPath, doc.ToString());

        string readmePath = Path.Combine(root, "README.md");
        string readme = File.ReadAllText(readmePath);
        string block = $"{Start}\n{headline}{End}";
        File.WriteAllText(readmePath, Block().IsMatch(readme)
            ? Block().Replace(readme, block.Replace("$", "$$"))
            : readme.TrimEnd() + "\n\n" + block + "\n");
        DecodeStudyTable.Publish(readmePath, summaries, machine);
        Console.WriteLine($"Published docs/benchmarks.md, {summaries.Count} chart(s) in docs/benchmarks/, and README's results block.");
    }

    /// <summary>The machine, date and commit, the headline ratios with their intervals and target verdicts, the tally and the A/A pairs.</summary>
    private static string HeadlineSection(string machine, IReadOnlyList<VerdictRow> headline, IReadOnlyList<SameCodePair> sameCode, string commandLine)
    {
        var text = new StringBuilder();
        text.AppendLine($"Run on {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC at commit {Commit()} by `{commandLine}`:");
        text.AppendLine();
        text.Append(machine);
        text.AppendLine();
        text.AppendLine("Ratio = Sparrow's median time / the other method's, in the same case and run (below 1: Sparrow is faster; bold:");
        text.AppendLine("the whole interval is below 1). The 95% interval comes from a bootstrap over launches, then iterations within each");
        text.AppendLine("launch. A target is met when the whole interval is at or under it, missed when the whole interval is over it,");
        text.AppendLine("undecided otherwise.");
        text.AppendLine();
        text.Append(VerdictRow.ToMarkdown(headline));
        text.AppendLine();
        if (VerdictRow.TargetTally(headline) is { } tally)
            text.AppendLine(tally + ".");
        if (sameCode.Count > 0)
            text.AppendLine("A/A check (the same code measured twice): " + string.Join("; ", sameCode.Select(p => $"{p.Case}: {p.Method}/{p.SameAs} {p.Ratio}")) + ".");
        return text.ToString();
    }

    private static string MachineBlock(Summary summary)
    {
        var text = new StringBuilder("```\n");
        foreach (string line in summary.HostEnvironmentInfo.ToFormattedString())
            text.AppendLine(line);
        text.AppendLine(summary.AllRuntimes);
        return text.Append("```\n").ToString();
    }

    /// <summary>
    /// The commit measured, "-dirty" when the work tree differs from it outside what --publish itself writes (README
    /// and docs/, so a second run straight after a first is not called dirty for the first one's output); "unknown"
    /// without git.
    /// </summary>
    private static string Commit()
    {
        string? head = Git("rev-parse --short=12 HEAD");
        if (head is null)
            return "unknown";
        return string.IsNullOrWhiteSpace(Git("status --porcelain --untracked-files=no -- . :!README.md :!docs")) ? head : head + "-dirty";
    }

    private static string? Git(string arguments)
    {
        try
        {
            using var git = Process.Start(new ProcessStartInfo("git", arguments) { RedirectStandardOutput = true, UseShellExecute = false })!;
            string output = git.StandardOutput.ReadToEnd().Trim();
            git.WaitForExit();
            return git.ExitCode == 0 ? output : null;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return null;
        }
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
    private static partial Regex Block();
}
