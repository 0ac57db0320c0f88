using IlDump.Fixtures;

namespace IlDump.Tests;

/// <summary>
/// The fixtures assembly as ilspycmd lists it (run once per test run), with fixtures.rules pointed at the
/// fixtures assembly this test project was built with.
/// </summary>
public sealed class FixturesListing
{
    public FixturesListing()
    {
        Root = RulesFile.FindRoot(null);
        AssemblyPath = typeof(Dispatch).Assembly.Location;
        string rulesPath = Path.Combine(Root, "tools", "il-dump.Fixtures", "fixtures.rules");
        RulesFile parsed = RulesFile.Load(rulesPath);
        Rules = parsed with { Root = Root, Projects = [AssemblyPath] };
        Inspector = Inspector.LoadAsync(Rules, Root, build: false, TextWriter.Null).GetAwaiter().GetResult();
    }

    public string Root { get; }

    public string AssemblyPath { get; }

    internal RulesFile Rules { get; }

    internal Inspector Inspector { get; }

    internal IlListing Listing => Inspector.Context.Listings.Single();

    internal IlMethod Method(string key) => Assert.Single(Listing.FindMethods(MethodKey.Parse(key)!)).Method;

    /// <summary>The fixtures.rules entry for <paramref name="key"/> that has no env: section and is not an arm64: one.</summary>
    internal HotMethod Hot(string key) => Assert.Single(Rules.Methods, m => m.Key == MethodKey.Parse(key) && m.Env.Count == 0 && !m.Arm64);
}
