namespace IlDump;

internal enum Outcome { Pass, Fail, Skip }

// What one rule found on one entry: PASS, FAIL or SKIP, a summary and, under a FAIL, the offending lines.
internal sealed record Verdict(Outcome Outcome, string Summary, IReadOnlyList<string> Lines)
{
    public static Verdict Pass(string summary = "") => new(Outcome.Pass, summary, []);
    public static Verdict Fail(string summary, IEnumerable<string> lines) => new(Outcome.Fail, summary, [.. lines]);
    public static Verdict Skip(string reason) => new(Outcome.Skip, reason, []);
    public static Verdict PassUnless(IReadOnlyCollection<string> offending, string summary) => offending.Count == 0 ? Pass() : Fail(summary, offending);
    public bool Passed => Outcome == Outcome.Pass;

    // Prints the results table: a row per (entry, rule), under a FAIL its offending lines (at most 40), then the totals.
    public static void Print(TextWriter output, IReadOnlyCollection<(string Entry, RuleRef Rule, Verdict Verdict)> results)
    {
        int width = results.Select(r => r.Entry.Length).DefaultIfEmpty(0).Max();
        foreach ((string entry, RuleRef rule, Verdict verdict) in results)
        {
            output.WriteLine($"{verdict.Outcome.ToString().ToUpperInvariant()}  {entry.PadRight(width)}  {rule,-20}  {verdict.Summary}".TrimEnd());
            foreach (string line in verdict.Lines.Take(40).Concat(verdict.Lines.Count > 40 ? [$"... {verdict.Lines.Count - 40} more"] : []))
                output.WriteLine($"        {line}");
        }

        output.WriteLine(string.Join(", ", new[] { (Outcome.Pass, "passed"), (Outcome.Fail, "failed"), (Outcome.Skip, "skipped") }
            .Select(o => $"{results.Count(r => r.Verdict.Outcome == o.Item1)} {o.Item2}")));
    }
}
