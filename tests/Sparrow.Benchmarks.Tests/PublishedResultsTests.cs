using System.Runtime.CompilerServices;
using Sparrow.Benchmarks;
using Sparrow.Benchmarks.Reporting;
using Sparrow.Benchmarks.Suite;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// README's and docs' generated blocks are what <see cref="Publisher"/> writes from the committed JSON (docs/results/), and
/// the generator works end to end on a small BenchmarkDotNet JSON export (Fixtures/, from a dry run: its numbers mean nothing).
/// </summary>
public sealed class PublishedResultsTests
{
    private static readonly string Root = Path.GetFullPath(Path.Combine(Path.GetDirectoryName(SourcePath())!, "..", ".."));
    private static readonly string Fixtures = Path.Combine(Path.GetDirectoryName(SourcePath())!, "Fixtures");

    private static string Read(params string[] path) => File.ReadAllText(Path.Combine([Root, .. path])).ReplaceLineEndings("\n");

    [Fact]
    public void README_key_table_memory_is_what_the_tables_hold_now_and_within_their_bound()
    {
        Assert.Equal(KeyTableMemory.Render(), Publisher.Block(Read("README.md"), Publisher.KeyTableMemoryBlock));
        using SortedKeyBlock keys = KeySearchBenchmarks.KeySet();
        SortedKeyTable table = KeyLookups.Build(keys);
        Assert.InRange(table.TableBytes, table.KeyBytes, 1.5 * table.KeyBytes + 8.0 * table.Count);
    }

    [Fact]
    public void README_headline_block_is_the_docs_one_word_for_word()
    {
        string readme = Read("README.md"), docs = Read("docs", "benchmarks.md");
        Assert.NotNull(Publisher.Block(readme, Publisher.HeadlineBlock));
        Assert.Equal(Publisher.Block(docs, Publisher.HeadlineBlock), Publisher.Block(readme, Publisher.HeadlineBlock));
    }

    [Fact]
    public void README_and_docs_hold_what_the_generator_writes_from_the_committed_results()
    {
        string results = Path.Combine(Root, Publisher.ResultsDirectory);
        Assert.NotEmpty(Directory.GetFiles(results, "*.json"));
        RunResults run = RunResults.Load(Directory.GetFiles(results, "*.json"));
        string readme = Read("README.md");
        foreach (var (block, content) in Publisher.ReadmeBlocks(run))
            Assert.Equal(content, Publisher.Block(readme, block));
        Assert.Equal(Publisher.Docs(run), Read("docs", "benchmarks.md"));
    }

    [Fact]
    public void The_generator_writes_every_block_docs_and_charts_from_a_BenchmarkDotNet_JSON_export()
    {
        RunResults run = RunResults.Load(Directory.GetFiles(Fixtures, "*.json"));
        Assert.NotEmpty(run.Cases);
        Assert.Contains("BenchmarkDotNet", run.Machine);
        Assert.All(run.Cases, m => Assert.NotEmpty(m.Launches));

        string scratch = Directory.CreateTempSubdirectory("sparrow-publish-").FullName;
        try
        {
            Directory.CreateDirectory(Path.Combine(scratch, "docs"));
            string[] blocks = [Publisher.HeadlineBlock, Publisher.DecodeStudyBlock, Publisher.KeyTableMemoryBlock];
            File.WriteAllText(Path.Combine(scratch, "README.md"), string.Concat(blocks.Select(b => $"# {b}\n{Publisher.Start(b)}\nPLACEHOLDER\n{Publisher.End(b)}\n")));
            Publisher.Write(scratch, run);

            string readme = File.ReadAllText(Path.Combine(scratch, "README.md")), docs = File.ReadAllText(Path.Combine(scratch, "docs", "benchmarks.md"));
            Assert.DoesNotContain("PLACEHOLDER", readme);
            Assert.Equal(Publisher.Block(docs, Publisher.HeadlineBlock), Publisher.Block(readme, Publisher.HeadlineBlock));
            Assert.Contains("| Crc32C | Size=4096 | Crc32C |", Publisher.Block(readme, Publisher.HeadlineBlock));
            Assert.Contains("A/A check", Publisher.Block(readme, Publisher.HeadlineBlock));
            Assert.Contains("| Sparrow `MappedFile.Cast<float>` + `TensorPrimitives.Sum` | mmap plus cast | 3,400 | 28x |", Publisher.Block(readme, Publisher.DecodeStudyBlock));
            Assert.Equal(KeyTableMemory.Render(), Publisher.Block(readme, Publisher.KeyTableMemoryBlock));

            // A chart for each one the docs show, each a PNG.
            var charts = Directory.GetFiles(Path.Combine(scratch, "docs", "benchmarks"));
            Assert.NotEmpty(charts);
            foreach (string chart in charts)
            {
                Assert.Contains($"(benchmarks/{Path.GetFileName(chart)})", docs);
                Assert.Equal([0x89, (byte)'P', (byte)'N', (byte)'G'], File.ReadAllBytes(chart)[..4]);
            }
        }
        finally
        {
            Directory.Delete(scratch, recursive: true);
        }
    }

    [Fact]
    public void A_throughput_is_what_an_operation_handles_over_its_median_time()
    {
        var decode = new CaseOf(typeof(PostingListBenchmarks), typeof(PostingListBenchmarks).GetMethod(nameof(PostingListBenchmarks.DecodeUInt32))!, [KeyValuePair.Create("Gaps", "Below2To8")], false);
        var checksum = new CaseOf(typeof(Crc32CBenchmarks), typeof(Crc32CBenchmarks).GetMethod(nameof(Crc32CBenchmarks.Crc32C))!, [KeyValuePair.Create("Size", "4096")], false);
        var sizeless = decode with { Type = typeof(Crc32CBenchmarks) };

        // One value an operation at 0.0721 ns: 13.87 billion values a second.
        Assert.Equal("13.87", new ThroughputAttribute(Throughput.BillionValues, perOperation: 1).Value(decode, 0.0721));
        // The Size parameter's 4,096 bytes in 100 ns: 40.96 bytes a nanosecond.
        Assert.Equal("40,960", new ThroughputAttribute(Throughput.Megabytes).Value(checksum, 100));
        Assert.Equal("41.0", new ThroughputAttribute(Throughput.Gigabytes).Value(checksum, 100));
        Assert.Equal("-", new ThroughputAttribute(Throughput.Megabytes).Value(sizeless, 100));

        // The posting list's class table has the column, each row from its own median.
        RunResults run = RunResults.Load(Directory.GetFiles(Path.Combine(Root, Publisher.ResultsDirectory), "*.json"));
        Measured measured = run.Cases.First(m => m.Case.Type == typeof(PostingListBenchmarks) && m.Case.Method.Name == nameof(PostingListBenchmarks.DecodeUInt32));
        string docs = Publisher.Docs(run);
        Assert.Contains("## PostingList\n\n| Method | Role | Case | Median | Billion values/s | Allocated |", docs);
        Assert.Contains($"| DecodeUInt32 | Sparrow | {measured.Case.Name} | {Format.Time(measured.MedianNs)} | {Format.Invariant($"{1 / measured.MedianNs:N2}")} | 0 B |", docs);
    }

    private static string SourcePath([CallerFilePath] string path = "") => path;
}
