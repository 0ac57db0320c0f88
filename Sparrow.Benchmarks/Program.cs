using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Sparrow.Benchmarks.Reporting;

// Sparrow.Benchmarks: `dotnet run -c Release --project Sparrow.Benchmarks [-- <BenchmarkDotNet arguments>] [--publish]`.
// No arguments: the headline suite (never prompts). Any BenchmarkDotNet argument passes through;
// `--filter '*'` runs the full suite. `--publish` writes docs/benchmarks.md and README's results block.
// Exit code 1 when any benchmark failed, which BenchmarkDotNet alone reports as success.

bool publish = args.Contains("--publish");
var bdnArgs = args.Where(a => a != "--publish").ToList();

var config = DefaultConfig.Instance
    .AddDiagnoser(MemoryDiagnoser.Default)
    .AddExporter(SvgChartExporter.Default)
    .AddValidator(RoleValidator.Instance);

bool selectsBenchmarks = bdnArgs.Any(a => a is "--filter" or "-f" or "--allCategories" or "--anyCategories" or "--attribute");
bool onlyInforms = bdnArgs.Any(a => a is "--list" or "--help" or "-h" or "--info" or "--version" or "-?");
if (!selectsBenchmarks && !onlyInforms)
{
    // The headline suite: every class, headline sizes, no naive references. Passing a filter to
    // BenchmarkDotNet is also what keeps it from asking on stdin which benchmark to run.
    bdnArgs.AddRange(["--filter", "*"]);
    config = config.AddFilter(HeadlineSuite.Filter);
}
if (!bdnArgs.Any(a => a is "--job" or "-j"))
    config = config.AddJob(HeadlineSuite.Job.AsDefault());

Summary[] summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run([.. bdnArgs], config).ToArray();
if (onlyInforms)
    return 0;

var failures = summaries.SelectMany(Failures).ToList();
if (summaries.Length == 0)
    failures.Add("no benchmark ran: the filter matched nothing");

IReadOnlyList<VerdictRow> verdict = VerdictRow.From(summaries);
if (verdict.Count > 0)
{
    Console.WriteLine();
    Console.WriteLine("// * Sparrow verdict: median per operation; speed-up = alternative's median / Sparrow's (>1 is faster) *");
    Console.WriteLine(summaries[0].HostEnvironmentInfo.ToFormattedString().FirstOrDefault());
    Console.WriteLine(VerdictRow.ToMarkdown(verdict));
}

if (failures.Count > 0)
{
    Console.Error.WriteLine($"// * {failures.Count} benchmark failure(s) *");
    failures.ForEach(f => Console.Error.WriteLine("  " + f));
    return 1;
}

if (publish)
    Publisher.Publish(summaries, verdict, "dotnet run -c Release --project Sparrow.Benchmarks -- " + string.Join(' ', args.Select(ShellQuoted)));
return 0;

static IEnumerable<string> Failures(Summary summary)
{
    foreach (var error in summary.ValidationErrors.Where(e => e.IsCritical))
        yield return $"validation: {error.Message}";
    foreach (BenchmarkCase benchmarkCase in summary.BenchmarksCases)
    {
        BenchmarkReport? report = summary[benchmarkCase];
        if (report is null || !report.Success || report.ResultStatistics is null)
            yield return $"{benchmarkCase.DisplayInfo}: failed (see its log above)";
    }
}

// The command as a user would retype it: a glob such as '*' quoted so the shell passes it through.
static string ShellQuoted(string arg) => arg.IndexOfAny(['*', '?', '[', ' ', '\'', '"', '$']) >= 0 ? $"'{arg}'" : arg;
