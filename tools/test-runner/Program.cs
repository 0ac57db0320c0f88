using TestRunner;

// Runs the library test suites in this process with xunit 2's own execution engine (xunit.execution, which every
// test project already references), prints each failure and a count per suite, and writes one TRX file per suite.
//
// Why in-process: under qemu-user there is no binfmt_misc to start the VSTest host as a child of `dotnet test`,
// and the registry copy serves no xunit 2 runner package (xunit.runner.utility, xunit.runner.console 2.9); this
// project needs no package beyond the tests' own, publishes self-contained for any runtime identifier, and keeps the
// test projects exactly as `dotnet test` runs them natively.
//
// Usage: test-runner --results <directory> [--prefix <name>]   (TRX files: <directory>/<prefix>-<suite>.trx)
if (Arguments.Parse(args) is not { } arguments)
{
    Console.Error.WriteLine("usage: test-runner --results <directory> [--prefix <name>]");
    return 2;
}

Directory.CreateDirectory(arguments.Results);
var totals = new SuiteResult("all suites");
foreach (string suite in Suites.Names)
{
    SuiteResult result = SuiteRun.Run(suite, Console.Out);
    Console.WriteLine($"{suite}: {result.Passed} passed, {result.Failed} failed, {result.Skipped} skipped, {result.Elapsed.TotalSeconds:F1} s");
    Trx.Write(Path.Combine(arguments.Results, $"{arguments.Prefix}-{suite}.trx"), result);
    totals.Add(result);
}

Console.WriteLine($"{totals.Passed} passed, {totals.Failed} failed, {totals.Skipped} skipped");
return totals.Failed == 0 && totals.Passed > 0 ? 0 : 1;
