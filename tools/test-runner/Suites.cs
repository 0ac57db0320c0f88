namespace TestRunner;

/// <summary>The test assemblies this runner runs: the projects test-runner.csproj references, in that order.</summary>
internal static class Suites
{
    public static readonly string[] Names = ["Sparrow.Memory.Tests", "Sparrow.Formatting.Tests", "Sparrow.ReadMe.Tests", "Sparrow.Fuzz.Tests"];
}
