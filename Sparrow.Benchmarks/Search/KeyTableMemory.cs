using System.Text;
using Sparrow.Benchmarks.Reporting;
using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>
/// README's table of SortedKeyTable memory: each KeySearch benchmark's key set built into a table here, at publish
/// time, and its bytes counted (computed, never typed; the same on every machine, so the published-results test checks it always).
/// </summary>
internal static class KeyTableMemory
{
    private static readonly (string Name, Func<SortedKeyBlock> Create)[] KeySets =
    [
        ("KeySearch: 50,000 document ids", KeySearchBenchmarks.KeySet),
        ("KeySearchAbsent: 50,000 other document ids", KeySearchAbsentBenchmarks.KeySet),
        ("KeySearchPage: 256 document ids (a page)", KeySearchPageBenchmarks.KeySet),
        ("KeySearchRandomKey: 50,000 random 16-byte keys", KeySearchRandomKeyBenchmarks.KeySet),
        ("KeySearchMillion: 1,000,000 document ids", KeySearchMillionBenchmarks.KeySet),
    ];

    /// <summary>One row a key set: keys, key bytes and table bytes a key, and the table against its bound (1.5 × key bytes + 8 bytes a key).</summary>
    public static string Render()
    {
        var text = new StringBuilder("| Key set | Keys | Key bytes a key | Table bytes a key | Bound a key | Table / key bytes |\n|---|---:|---:|---:|---:|---:|\n");
        foreach ((string name, Func<SortedKeyBlock> create) in KeySets)
        {
            using SortedKeyBlock keys = create();
            SortedKeyTable table = KeyLookups.Build(keys);
            double bound = 1.5 * table.KeyBytes + 8.0 * table.Count;
            text.Append(Format.Invariant($"| {name} | {table.Count:N0} | {(double)table.KeyBytes / table.Count:F1} | {(double)table.TableBytes / table.Count:F1} | {bound / table.Count:F1} | {(double)table.TableBytes / table.KeyBytes:F2}x |\n"));
        }
        return text.ToString();
    }
}
