using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.RegularExpressions;
using Sparrow.Benchmarks;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// README's table of SortedKeyTable memory is built here, from the key sets the KeySearch benchmarks search: the
/// figures are computed, never typed. A layout change that moves them fails this test until the block is rewritten
/// with SPARROW_UPDATE_README=1 (as the README's Usage blocks are).
/// </summary>
public sealed partial class KeyTableMemoryTests
{
    private const string UpdateVariable = "SPARROW_UPDATE_README";

    [Fact]
    public void README_key_table_memory_block_is_computed_from_the_benchmark_key_sets()
    {
        string readmePath = Path.GetFullPath(Path.Combine(Path.GetDirectoryName(SourcePath())!, "..", "..", "README.md"));
        string readme = File.ReadAllText(readmePath).ReplaceLineEndings("\n");
        Match block = Block().Match(readme);
        Assert.True(block.Success, "README.md should hold one key-table-memory:start/key-table-memory:end block.");

        string table = MemoryTable(
            ("KeySearch: 50,000 document ids", KeySearchBenchmarks.KeySet),
            ("KeySearchAbsent: 50,000 other document ids", KeySearchAbsentBenchmarks.KeySet),
            ("KeySearchPage: 256 document ids (a page)", KeySearchPageBenchmarks.KeySet),
            ("KeySearchRandomKey: 50,000 random 16-byte keys", KeySearchRandomKeyBenchmarks.KeySet),
            ("KeySearchMillion: 1,000,000 document ids", KeySearchMillionBenchmarks.KeySet));
        if (block.Groups["table"].Value == table)
            return;
        if (Environment.GetEnvironmentVariable(UpdateVariable) == "1")
        {
            File.WriteAllText(readmePath, readme[..block.Groups["table"].Index] + table + readme[(block.Groups["table"].Index + block.Groups["table"].Length)..]);
            return;
        }

        Assert.Fail($"README.md's key table memory differs from what the tables hold now:\n{table}\n" +
            $"Run `{UpdateVariable}=1 dotnet test tests/Sparrow.Benchmarks.Tests -c Release` to rewrite the block.");
    }

    /// <summary>One row a key set: keys, key bytes and table bytes a key, and the table against its bound (1.5 × key bytes + 8 bytes a key).</summary>
    private static string MemoryTable(params (string Name, Func<SortedKeyBlock> Create)[] keySets)
    {
        var text = new StringBuilder("| Key set | Keys | Key bytes a key | Table bytes a key | Bound a key | Table / key bytes |\n|---|---:|---:|---:|---:|---:|\n");
        foreach ((string name, Func<SortedKeyBlock> create) in keySets)
        {
            using SortedKeyBlock keys = create();
            SortedKeyTable table = KeyLookups.Build(keys);
            double bound = 1.5 * table.KeyBytes + 8.0 * table.Count;
            Assert.InRange(table.TableBytes, table.KeyBytes, bound);
            text.Append(CultureInfo.InvariantCulture, $"| {name} | {table.Count:N0} | {(double)table.KeyBytes / table.Count:F1} | ")
                .Append(CultureInfo.InvariantCulture, $"{(double)table.TableBytes / table.Count:F1} | {bound / table.Count:F1} | {(double)table.TableBytes / table.KeyBytes:F2}x |\n");
        }
        return text.ToString();
    }

    private static string SourcePath([CallerFilePath] string path = "") => path;

    [GeneratedRegex(@"<!-- key-table-memory:start[^\n]*\n(?<table>.*?)<!-- key-table-memory:end -->", RegexOptions.Singleline)]
    private static partial Regex Block();
}
