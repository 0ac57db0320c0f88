using System.Xml.Linq;

namespace TestRunner;

/// <summary>
/// A Visual Studio test results (TRX) file for one suite: the results and the counters that .ci/run adds into its
/// totals, as `dotnet test --logger trx` writes them.
/// </summary>
internal static class Trx
{
    private static readonly XNamespace Ns = "http://microsoft.com/schemas/VisualStudio/TeamTest/2010";

    public static void Write(string path, SuiteResult result)
    {
        string listId = Guid.NewGuid().ToString();
        var results = new XElement(Ns + "Results",
            result.Tests.Select(test => new XElement(Ns + "UnitTestResult",
                new XAttribute("executionId", Guid.NewGuid()),
                new XAttribute("testId", Guid.NewGuid()),
                new XAttribute("testName", test.Name),
                new XAttribute("computerName", Environment.MachineName),
                new XAttribute("duration", test.Duration.ToString("c")),
                new XAttribute("outcome", test.Outcome),
                new XAttribute("testListId", listId),
                test.Message is null
                    ? null
                    : new XElement(Ns + "Output",
                        new XElement(Ns + "ErrorInfo",
                            new XElement(Ns + "Message", test.Message),
                            new XElement(Ns + "StackTrace", test.StackTrace))))));

        var document = new XDocument(
            new XElement(Ns + "TestRun",
                new XAttribute("id", Guid.NewGuid()),
                new XAttribute("name", $"{result.Name} {result.Started:O}"),
                new XElement(Ns + "Times",
                    new XAttribute("start", result.Started.ToString("O")),
                    new XAttribute("finish", (result.Started + result.Elapsed).ToString("O"))),
                results,
                new XElement(Ns + "TestLists", new XElement(Ns + "TestList", new XAttribute("name", result.Name), new XAttribute("id", listId))),
                new XElement(Ns + "ResultSummary",
                    new XAttribute("outcome", result.Failed == 0 ? "Completed" : "Failed"),
                    new XElement(Ns + "Counters",
                        new XAttribute("total", result.Tests.Count),
                        new XAttribute("executed", result.Passed + result.Failed),
                        new XAttribute("passed", result.Passed),
                        new XAttribute("failed", result.Failed),
                        new XAttribute("notExecuted", result.Skipped)))));
        document.Save(path);
    }
}
