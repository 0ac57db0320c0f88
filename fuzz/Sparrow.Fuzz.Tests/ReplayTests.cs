using System.Reflection;

namespace Sparrow.Fuzz.Tests;

/// <summary>
/// Every committed fuzz input through its target's differential check: the seeds, and each crash AFL++ found,
/// minimized and kept as a regression input. A mismatch throws FuzzMismatchException; a read or write outside
/// the input faults on a guard page and fails the run.
/// </summary>
public class ReplayTests
{
    private const string Prefix = "fuzz-inputs/";

    /// <summary>(target, input) for every embedded input: "corpus/&lt;target&gt;/&lt;file&gt;" or "findings/&lt;target&gt;/&lt;file&gt;".</summary>
    public static TheoryData<string, string> Inputs()
    {
        var data = new TheoryData<string, string>();
        foreach (string name in Assembly.GetExecutingAssembly().GetManifestResourceNames().Where(name => name.StartsWith(Prefix, StringComparison.Ordinal)).Order(StringComparer.Ordinal))
        {
            string path = name[Prefix.Length..];
            data.Add(path.Split('/')[1], path);
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(Inputs))]
    public void Replays(string target, string input)
    {
        FuzzTarget fuzzTarget = FuzzTargets.Find(target) ?? throw new InvalidOperationException($"{input}: no fuzz target called {target}");
        using Stream stream = Assembly.GetExecutingAssembly().GetManifestResourceStream(Prefix + input)!;
        using var bytes = new MemoryStream();
        stream.CopyTo(bytes);
        fuzzTarget.Run(bytes.ToArray());
    }

    [Fact]
    public void EveryTargetHasSeeds()
    {
        HashSet<string> seeded = [.. Inputs().Select(row => row.Data.Item1)];
        Assert.All(FuzzTargets.All, target => Assert.Contains(target.Name, seeded));
        Assert.All(seeded, name => Assert.NotNull(FuzzTargets.Find(name)));
    }
}
