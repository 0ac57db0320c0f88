using Xunit.Abstractions;
using Xunit.Sdk;

namespace Sparrow.Tests;

/// <summary>
/// A theory over rows of <see cref="Paths"/> (the first argument a path's name). A row whose path cannot run on
/// this machine (<see cref="CodePath.SkipReason"/>) is reported skipped with the reason instead of run: xunit 2 has
/// no skip decided at run time, so it is decided per row when the theory's rows are discovered. An area with paths
/// of its own derives from it and says why each of them cannot run.
/// </summary>
[XunitTestCaseDiscoverer("Sparrow.Tests.PathTheoryDiscoverer", "Sparrow.Memory.Tests")]
[AttributeUsage(AttributeTargets.Method)]
public class PathTheoryAttribute : TheoryAttribute
{
    /// <summary>Why the path named <paramref name="name"/> cannot run on this machine; null when it can.</summary>
    public virtual string? SkipReasonOf(string name) => Paths.Named(name).SkipReason;
}

/// <summary>Discovers a <see cref="PathTheoryAttribute"/> theory: one test case per row, skipped where its path cannot run.</summary>
public sealed class PathTheoryDiscoverer(IMessageSink diagnosticMessageSink) : TheoryDiscoverer(diagnosticMessageSink)
{
    protected override IEnumerable<IXunitTestCase> CreateTestCasesForDataRow(
        ITestFrameworkDiscoveryOptions discoveryOptions, ITestMethod testMethod, IAttributeInfo theoryAttribute, object[] dataRow) =>
        dataRow is [string name, ..] && theoryAttribute is IReflectionAttributeInfo { Attribute: PathTheoryAttribute theory }
            && theory.SkipReasonOf(name) is { } reason
            ? CreateTestCasesForSkippedDataRow(discoveryOptions, testMethod, theoryAttribute, dataRow, reason)
            : base.CreateTestCasesForDataRow(discoveryOptions, testMethod, theoryAttribute, dataRow);
}
