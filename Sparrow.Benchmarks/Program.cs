using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.ConsoleArguments;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Sparrow.Benchmarks;
using Sparrow.Benchmarks.Reporting;
using Sparrow.Benchmarks.Suite;

// Sparrow.Benchmarks: `dotnet run -c Release --project Sparrow.Benchmarks [-- <BenchmarkDotNet arguments>] [--publish] [--smoke]`.
// No arguments: the headline suite (never prompts). Any BenchmarkDotNet argument passes through;
// `--filter '*'` runs the full suite. `--publish` commits the run's BenchmarkDotNet JSON to docs/results/ and writes
// docs/benchmarks.md, its charts and README's generated blocks from it (Publisher); `--publish-to <dir>` writes the same
// into a scratch copy under <dir> instead, without the gate (a dry run's numbers never reach README).
// `--anyCategories Headline` is the headline suite (the no-argument run); with a filter, its cases of what the filter
// selects (`--anyCategories Headline --filter '*Crc32C*'`). Every category is in Category.cs.
// `--smoke` keeps one case of each selected method and job (SmokeSuite): CI's `--filter '*' --job dry --smoke`.
// Exit code 1 when any benchmark failed, which BenchmarkDotNet alone reports as success; exit code 2 when
// --publish refuses the run (PublishGate), leaving README and docs as they were.

bool publish = args.Contains("--publish");
bool smoke = args.Contains("--smoke");
var bdnArgs = args.Where(a => a is not ("--publish" or "--smoke")).ToList();
int publishTo = bdnArgs.IndexOf("--publish-to");
string? scratchRoot = publishTo >= 0 && publishTo + 1 < bdnArgs.Count ? Path.GetFullPath(bdnArgs[publishTo + 1]) : null;
if (scratchRoot is not null)
    bdnArgs.RemoveRange(publishTo, 2);

// After `dotnet run`'s build, before BenchmarkDotNet starts anything: the CPU counters from which the publish gate
// tells how much other work used the machine while the run measured (this run's own process tree left out).
CpuTicks? ticksBefore = CpuTicks.Now();

var config = DefaultConfig.Instance
    .AddDiagnoser(MemoryDiagnoser.Default)
    // Mann-Whitney against each class's baseline: is a method faster or slower by more than 5%, beyond chance?
    .AddColumn(StatisticalTestColumn.Create("5%"))
    // Bytes or values a second, for the classes marked [Throughput].
    .AddColumn(ThroughputColumn.All);

bool selectsBenchmarks = bdnArgs.Any(a => a is "--filter" or "-f" or "--allCategories" or "--anyCategories" or "--attribute");
bool onlyInforms = bdnArgs.Any(a => a is "--list" or "--help" or "-h" or "--info" or "--version" or "-?");
if (smoke && !selectsBenchmarks)
    bdnArgs.AddRange(["--filter", "*"]);
else if (!selectsBenchmarks && !onlyInforms)
    bdnArgs.AddRange(["--anyCategories", Category.Headline]); // also what keeps BenchmarkDotNet from asking on stdin what to run

// The headline category selects methods; which of their cases (parameter values, jobs) are the headline's is HeadlineSuite's.
if (bdnArgs.Contains(Category.Headline))
    config = config.AddFilter(HeadlineSuite.Filter);

// Every benchmark runs under the job the command line names (the headline job when it names none); the classes
// marked [WithoutAvx512] run under its AVX-512-off twin too, so both paths are measured in the same run.
Job job = TakeJob(bdnArgs) ?? HeadlineSuite.Job;
config = config.AddJob(job, WithoutAvx512Attribute.From(job)).AddFilter(smoke ? new SmokeSuite(WithoutAvx512Attribute.Filter) : WithoutAvx512Attribute.Filter);

Summary[] summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run([.. bdnArgs], config).ToArray();
if (onlyInforms)
    return 0;

double? otherCores = ticksBefore is { } before && CpuTicks.Now() is { } after ? after.OtherCoresSince(before) : null;
var failures = summaries.SelectMany(Failures).ToList();
if (summaries.Length == 0)
    failures.Add("no benchmark ran: the filter matched nothing");

// Everything reported from here on is read back from BenchmarkDotNet's full JSON export of this run, as --publish reads it.
var jsonFiles = summaries.SelectMany(summary => JsonExporter.Full.ExportToFiles(summary, NullLogger.Instance)).ToList();
RunResults run = RunResults.Load(jsonFiles);
IReadOnlyList<VerdictRow> verdict = VerdictRow.From(run);
if (verdict.Count > 0)
{
    Console.WriteLine();
    Console.WriteLine("// * Sparrow verdict: ratio = Sparrow's median / the other's (<1 is faster), [95% bootstrap interval over launches and iterations] *");
    Console.WriteLine(run.Machine);
    Console.WriteLine(VerdictRow.ToMarkdown(verdict));
    if (VerdictRow.TargetTally(verdict) is { } tally)
        Console.WriteLine(tally);
}

var sameCode = PublishGate.SameCodePairs(run).ToList();
foreach (SameCodePair pair in sameCode)
    Console.WriteLine($"A/A {pair.Case}: {pair.Method} / {pair.SameAs} = {pair.Ratio}");

if (otherCores is { } cores)
    Console.WriteLine(Format.Invariant($"// Other processes used {cores:0.00} cores on average while this run measured (--publish allows {PublishGate.MaxOtherCores})."));

if (failures.Count > 0)
{
    Console.Error.WriteLine($"// * {failures.Count} benchmark failure(s) *");
    failures.ForEach(f => Console.Error.WriteLine("  " + f));
    return 1;
}

if (scratchRoot is not null)
{
    Directory.CreateDirectory(Path.Combine(scratchRoot, "docs"));
    if (!File.Exists(Path.Combine(scratchRoot, "README.md")))
        File.Copy(Path.Combine(RepositoryRoot(), "README.md"), Path.Combine(scratchRoot, "README.md"));
    Publisher.Publish(scratchRoot, jsonFiles);
}
else if (publish)
{
    var headlineTargets = verdict.Where(row => row.IsHeadline).Select(row => row.Verdict).OfType<TargetVerdict>();
    IReadOnlyList<string> refusals = PublishGate.Refusals(otherCores, sameCode, headlineTargets);
    if (refusals.Count > 0)
    {
        Console.Error.WriteLine($"// * --publish refused: {refusals.Count} reason(s) this run's numbers cannot be published *");
        foreach (string refusal in refusals)
            Console.Error.WriteLine("  " + refusal);
        Console.Error.WriteLine(PublishGate.WhatToDo);
        return 2;
    }
    Publisher.Publish(RepositoryRoot(), jsonFiles);
}
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

// `--job <name>` taken out of the arguments, as the job BenchmarkDotNet's own parser makes of the name; null when
// there is none, or when BenchmarkDotNet does not know the name (the argument stays, for it to report).
static Job? TakeJob(List<string> args)
{
    int at = args.FindIndex(a => a is "--job" or "-j");
    if (at < 0 || at + 1 >= args.Count)
        return null;
    var (isKnown, parsed, _) = ConfigParser.Parse(["--job", args[at + 1]], NullLogger.Instance);
    if (!isKnown)
        return null;
    args.RemoveRange(at, 2);
    return parsed.GetJobs().SingleOrDefault() ?? Job.Default;
}

static string RepositoryRoot()
{
    for (var dir = new DirectoryInfo(Directory.GetCurrentDirectory()); dir is not null; dir = dir.Parent)
    {
        if (File.Exists(Path.Combine(dir.FullName, "Sparrow.slnx")))
            return dir.FullName;
    }
    throw new InvalidOperationException("--publish needs to run inside the Sparrow repository (no Sparrow.slnx above the current directory).");
}
