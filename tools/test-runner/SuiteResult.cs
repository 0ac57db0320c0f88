namespace TestRunner;

/// <summary>What one test did: its display name, outcome, time and, for a failure, the message and stack trace.</summary>
internal sealed record TestOutcome(string Name, string Outcome, TimeSpan Duration, string? Message = null, string? StackTrace = null)
{
    public const string Passed = "Passed";
    public const string Failed = "Failed";
    public const string NotExecuted = "NotExecuted";
}

/// <summary>The outcomes of one suite (or of several, added up).</summary>
internal sealed class SuiteResult(string name)
{
    public string Name { get; } = name;

    public List<TestOutcome> Tests { get; } = [];

    public DateTime Started { get; } = DateTime.UtcNow;

    public TimeSpan Elapsed { get; set; }

    public int Passed { get; private set; }

    public int Failed { get; private set; }

    public int Skipped { get; private set; }

    public void Record(TestOutcome test)
    {
        lock (Tests)
        {
            Tests.Add(test);
            _ = test.Outcome switch
            {
                TestOutcome.Passed => Passed++,
                TestOutcome.Failed => Failed++,
                _ => Skipped++,
            };
        }
    }

    /// <summary>Adds the counts of <paramref name="other"/> (the totals line does not keep the tests themselves).</summary>
    public void Add(SuiteResult other)
    {
        Passed += other.Passed;
        Failed += other.Failed;
        Skipped += other.Skipped;
    }
}
