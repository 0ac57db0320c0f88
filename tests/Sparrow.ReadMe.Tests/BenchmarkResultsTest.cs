using System.Runtime.CompilerServices;
using System.Text.RegularExpressions;
using Sparrow.Storage;

namespace Sparrow.ReadMe.Tests;

/// <summary>
/// README's results block is the headline section of docs/benchmarks.md, word for word: both are written by the same
/// `--publish` run, and a hand edit to one (or a merge that took one file's side) shows up here.
/// </summary>
public sealed partial class BenchmarkResultsTest
{
    [Fact]
    public void README_results_block_is_the_headline_section_of_docs_benchmarks()
    {
        string root = Path.GetFullPath(Path.Combine(Path.GetDirectoryName(SourcePath())!, "..", ".."));
        string readme = Section(Path.Combine(root, "README.md"));
        string docs = Section(Path.Combine(root, "docs", "benchmarks.md"));
        Assert.Equal(docs, readme);
    }

    private static string Section(string path)
    {
        var blocks = Block().Matches(File.ReadAllText(path).ReplaceLineEndings("\n"));
        Assert.True(blocks.Count == 1, $"{path} should hold one benchmarks:start/benchmarks:end block; it holds {blocks.Count}");
        return blocks[0].Value;
    }

    private static string SourcePath([CallerFilePath] string path = "") => path;

    [GeneratedRegex(@"<!-- benchmarks:start.*?<!-- benchmarks:end -->", RegexOptions.Singleline)]
    private static partial Regex Block();
}
