using Xunit.Abstractions;
using Xunit.Sdk;

namespace Sparrow.Tests;

/// <summary>
/// A theory over rows of <see cref="Paths"/> or <see cref="SearchPaths"/> (the first argument a path's name). A row whose path cannot run on
/// this machine (<see cref="CodePath.SkipReason"/>) is reported skipped with the reason instead of run: xunit 2 has
/// no skip decided at run time, so it is decided per row when the theory's rows are discovered.
/// </summary>
[XunitTestCaseDiscoverer("Sparrow.Tests.PathTheoryDiscoverer", "Sparrow.Memory.Tests")]
[AttributeUsage(AttributeTargets.Method)]
public sealed class PathTheoryAttribute : TheoryAttribute;

/// <summary>Discovers a <see cref="PathTheoryAttribute"/> theory: one test case per row, skipped where its path cannot run.</summary>
public sealed class PathTheoryDiscoverer(IMessageSink diagnosticMessageSink) : TheoryDiscoverer(diagnosticMessageSink)
{
    protected override IEnumerable<IXunitTestCase> CreateTestCasesForDataRow(
        ITestFrameworkDiscoveryOptions discoveryOptions, ITestMethod testMethod, IAttributeInfo theoryAttribute, object[] dataRow) =>
        dataRow is [string name, ..] && SkipReason(name) is { } reason
            ? CreateTestCasesForSkippedDataRow(discoveryOptions, testMethod, theoryAttribute, dataRow, reason)
            : base.CreateTestCasesForDataRow(discoveryOptions, testMethod, theoryAttribute, dataRow);

    /// <summary>Why the path named <paramref name="name"/> (a row of <see cref="Paths"/> or of <see cref="SearchPaths"/>) cannot run here; null when it can.</summary>
    private static string? SkipReason(string name) =>
        SearchPaths.All.FirstOrDefault(p => p.Name == name) is { } search ? search.SkipReason : Paths.Named(name).SkipReason;
}
