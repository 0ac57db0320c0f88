namespace IlDump;

internal enum Outcome { Pass, Fail, Skip }

/// <summary>What one rule found: a summary and, under a FAIL, the offending lines.</summary>
internal sealed record Verdict(Outcome Outcome, string Summary, IReadOnlyList<string> Lines)
{
    public static Verdict Pass(string summary = "") => new(Outcome.Pass, summary, []);

    public static Verdict Fail(string summary, IEnumerable<string> lines) => new(Outcome.Fail, summary, [.. lines]);

    public static Verdict Skip(string reason) => new(Outcome.Skip, reason, []);

    /// <summary>PASS when nothing offends, else FAIL with the offending lines.</summary>
    public static Verdict PassUnless(IReadOnlyCollection<string> offending, string summary) => offending.Count == 0 ? Pass() : Fail(summary, offending);

    public bool Passed => Outcome == Outcome.Pass;
}

/// <summary>The verdict of one rule on one entry of the rules file: a PASS/FAIL/SKIP row.</summary>
internal sealed record RuleResult(string Method, string Rule, Verdict Verdict)
{
    /// <summary>Prints the table row, then, under a FAIL, the offending lines (at most <paramref name="maxLines"/>).</summary>
    public void Print(TextWriter output, int methodWidth, int maxLines = 40)
    {
        output.WriteLine($"{Verdict.Outcome.ToString().ToUpperInvariant()}  {Method.PadRight(methodWidth)}  {Rule,-20}  {Verdict.Summary}".TrimEnd());
        foreach (string line in Verdict.Lines.Take(maxLines))
            output.WriteLine($"        {line}");
        if (Verdict.Lines.Count > maxLines)
            output.WriteLine($"        ... {Verdict.Lines.Count - maxLines} more");
    }

    /// <summary>The summary line: <c>N passed, N failed, N skipped</c>.</summary>
    public static string Totals(IReadOnlyCollection<RuleResult> results) =>
        $"{results.Count(r => r.Verdict.Outcome == Outcome.Pass)} passed, {results.Count(r => r.Verdict.Outcome == Outcome.Fail)} failed, {results.Count(r => r.Verdict.Outcome == Outcome.Skip)} skipped";
}
