using System.Runtime.CompilerServices;
using System.Text.RegularExpressions;
using Sparrow.Storage;

namespace Sparrow.ReadMe.Tests;

/// <summary>
/// Keeps README.md's Usage code true: each <c>```csharp</c> block that follows a <c>&lt;!-- test: Name --&gt;</c> line
/// is the body of the test <see cref="Usage"/>.Name, which compiles it and asserts its results. When a block and its
/// test drift apart this test fails; the tests are the source, and running with SPARROW_UPDATE_README=1 rewrites the
/// README's blocks from them (as nietras/Sep's ReadMeTest does).
/// </summary>
public sealed partial class ReadMeTest
{
    private const string UpdateVariable = "SPARROW_UPDATE_README";

    [Fact]
    public void Every_Usage_test_is_a_README_block_word_for_word()
    {
        string directory = Path.GetDirectoryName(SourcePath())!;
        string readmePath = Path.GetFullPath(Path.Combine(directory, "..", "..", "README.md"));
        string readme = File.ReadAllText(readmePath).ReplaceLineEndings("\n");
        string[] sources = Directory.GetFiles(directory, "Usage*.cs").SelectMany(f => File.ReadAllText(f).ReplaceLineEndings("\n").Split('\n')).ToArray();

        string[] tests = typeof(Usage).GetMethods().Where(m => m.IsDefined(typeof(FactAttribute), false)).Select(m => m.Name).Order().ToArray();
        string[] blocks = Block().Matches(readme).Select(m => m.Groups["name"].Value).Order().ToArray();
        Assert.True(tests.SequenceEqual(blocks),
            $"README.md marks blocks for [{string.Join(", ", blocks)}], Usage has tests [{string.Join(", ", tests)}]: each test needs a " +
            $"'<!-- test: Name -->' line in README.md where its block belongs (then run the tests with {UpdateVariable}=1 to write the block), " +
            "and each such line a test.");

        var drifted = new List<string>();
        string updated = Block().Replace(readme, m =>
        {
            string body = TestBody(sources, m.Groups["name"].Value);
            if (m.Groups["code"].Value != body)
                drifted.Add($"{m.Groups["name"].Value}: {FirstDifference(m.Groups["code"].Value, body, readme[..m.Index].Count(c => c == '\n') + 3)}");
            return $"{m.Groups["marker"].Value}```csharp\n{body}```\n";
        });
        if (drifted.Count == 0)
            return;
        if (Environment.GetEnvironmentVariable(UpdateVariable) == "1")
        {
            File.WriteAllText(readmePath, updated);
            return;
        }

        Assert.Fail($"README.md's Usage blocks differ from the tests in tests/Sparrow.ReadMe.Tests:\n  {string.Join("\n  ", drifted)}\n" +
            $"The tests are the source: edit the test, then run `{UpdateVariable}=1 dotnet test tests/Sparrow.ReadMe.Tests -c Release` " +
            "to rewrite README.md's blocks from the tests.");
    }

    /// <summary>The lines between a test method's braces, less the method body's indentation, each ending in a newline.</summary>
    private static string TestBody(string[] sources, string name)
    {
        int header = Array.FindIndex(sources, l => l.Contains($" void {name}()", StringComparison.Ordinal));
        string indent = sources[header][..(sources[header].Length - sources[header].TrimStart().Length)];
        int close = Array.IndexOf(sources, indent + "}", header + 2);
        return string.Concat(sources[(header + 2)..close].Select(l => (l.StartsWith(indent + "    ", StringComparison.Ordinal) ? l[(indent.Length + 4)..] : l.Trim()) + "\n"));
    }

    /// <summary>Where a block first differs from its test's body; <paramref name="line"/> is the block's first line in README.md.</summary>
    private static string FirstDifference(string block, string body, int line)
    {
        string[] a = block.Split('\n'), b = body.Split('\n');
        int i = Enumerable.Range(0, Math.Min(a.Length, b.Length)).FirstOrDefault(i => a[i] != b[i], Math.Min(a.Length, b.Length) - 1);
        return $"README.md line {line + i} is '{a[i]}', the test has '{b[i]}'";
    }

    private static string SourcePath([CallerFilePath] string path = "") => path;

    // A marker line and, unless the block is yet to be written, the csharp block after it.
    [GeneratedRegex(@"(?<marker><!-- test: (?<name>\w+) -->\n)(```csharp\n(?<code>.*?)```\n)?", RegexOptions.Singleline)]
    private static partial Regex Block();
}
