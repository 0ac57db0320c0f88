using System.Globalization;
using System.Reflection;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Running;
using Sparrow.Benchmarks.Suite;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// One case of a benchmark method: its class, method, parameter values (invariant text, in declaration order) and
/// whether it ran under <see cref="WithoutAvx512Attribute"/>'s job. The same from a <see cref="BenchmarkCase"/> before a
/// run and from BenchmarkDotNet's JSON after one, so the headline, the targets and the verdict read one shape.
/// </summary>
internal sealed record CaseOf(Type Type, MethodInfo Method, IReadOnlyList<KeyValuePair<string, string>> Parameters, bool WithoutAvx512)
{
    public static CaseOf From(BenchmarkCase benchmarkCase) => new(benchmarkCase.Descriptor.Type, benchmarkCase.Descriptor.WorkloadMethod,
        [.. benchmarkCase.Parameters.Items.Select(p => KeyValuePair.Create(p.Name, Format.Invariant($"{p.Value}")))], WithoutAvx512Attribute.Is(benchmarkCase.Job));

    public string? this[string parameter] => Parameters.FirstOrDefault(p => p.Key == parameter).Value;

    public int? Size => int.TryParse(this["Size"], CultureInfo.InvariantCulture, out int size) ? size : null;

    /// <summary>"Size=4, Pairs=Equal" (every value in full), with ", NoAVX512" under the AVX-512-off job; "-" for a case without either.</summary>
    public string Name => string.Join(", ", Parameters.Select(p => $"{p.Key}={p.Value}").Append(WithoutAvx512 ? WithoutAvx512Attribute.JobId : null).OfType<string>())
        is { Length: > 0 } name ? name : "-";

    /// <summary>The primitive a class measures: "CompareBenchmarks" → "Compare".</summary>
    public string Primitive => Type.Name.EndsWith("Benchmarks", StringComparison.Ordinal) ? Type.Name[..^"Benchmarks".Length] : Type.Name;

    public IEnumerable<string> Categories => Method.GetCustomAttributes<BenchmarkCategoryAttribute>(inherit: true)
        .Concat(Type.GetCustomAttributes<BenchmarkCategoryAttribute>(inherit: true)).SelectMany(a => a.Categories);

    /// <summary>The one role category, or null with none or several (which HeadlineSuiteTests reports).</summary>
    public Role? Role => Categories.Select(c => Enum.TryParse(c, out Role role) ? role : (Role?)null).OfType<Role>().Distinct().ToList() is [var role] ? role : null;

    /// <summary>
    /// The [Target]s of the method that apply to this case: those of its job (<see cref="TargetAttribute.WithoutAvx512"/>),
    /// whose Size range holds its Size and, with a <see cref="TargetAttribute.Case"/>, of a case with a parameter of that value.
    /// </summary>
    public IEnumerable<TargetAttribute> Targets => Method.GetCustomAttributes<TargetAttribute>().Where(target => target.WithoutAvx512 == WithoutAvx512
        && (Size is { } size ? size >= target.MinSize && size <= target.MaxSize : target.MinSize == int.MinValue && target.MaxSize == int.MaxValue)
        && (target.Case is null || Parameters.Any(p => p.Value == Format.Invariant($"{target.Case}"))));
}

/// <summary>A measured case: its median and allocation per operation, its result iterations' times (ns per operation) by launch, and when its run started.</summary>
internal sealed record Measured(CaseOf Case, double MedianNs, long? AllocatedBytes, IReadOnlyList<double[]> Launches, DateTime Started);

/// <summary>
/// A run as BenchmarkDotNet's full JSON export holds it (one file a class): every report and statistic Sparrow publishes
/// is computed from this, whether the run has just ended or was published before (docs/results/*.json).
/// </summary>
internal sealed record RunResults(string Machine, IReadOnlyList<Measured> Cases)
{
    public static RunResults Load(IEnumerable<string> jsonFiles)
    {
        var cases = new List<Measured>();
        var jobs = new SortedDictionary<string, string>(StringComparer.Ordinal);
        string machine = "";
        foreach (string file in jsonFiles.Order(StringComparer.Ordinal))
        {
            using var json = JsonDocument.Parse(File.ReadAllText(file));
            JsonElement root = json.RootElement;
            JsonElement host = root.GetProperty("HostEnvironmentInfo");
            machine = string.Join('\n', [Text(host, "BenchmarkDotNetCaption") + " v" + Text(host, "BenchmarkDotNetVersion") + ", " + Text(host, "OsVersion"),
                Text(host, "ProcessorName") + $", {host.GetProperty("LogicalCoreCount")} logical and {host.GetProperty("PhysicalCoreCount")} physical cores",
                ".NET SDK " + Text(host, "DotNetCliVersion") + ", " + Text(host, "RuntimeVersion")]);
            // The title ends with the run's local start time, "CompareBenchmarks-20261127-094012".
            string title = Text(root, "Title");
            DateTime.TryParseExact(title[^15..], "yyyyMMdd-HHmmss", CultureInfo.InvariantCulture, DateTimeStyles.None, out DateTime started);
            foreach (JsonElement benchmark in root.GetProperty("Benchmarks").EnumerateArray())
            {
                if (benchmark.GetProperty("Statistics").ValueKind != JsonValueKind.Object)
                    continue; // it failed; the run said so
                Type type = typeof(RunResults).Assembly.GetType(Text(benchmark, "Namespace") + "." + Text(benchmark, "Type"), throwOnError: true)!;
                var parameters = Text(benchmark, "Parameters").Split('&', StringSplitOptions.RemoveEmptyEntries)
                    .Select(p => KeyValuePair.Create(p[..p.IndexOf('=')], p[(p.IndexOf('=') + 1)..])).ToList();
                // "Type.Method: Job(...) [params]": the job id leads BenchmarkDotNet's display of the job.
                string job = Text(benchmark, "DisplayInfo").Split(": ", 2)[1].Split('(', ' ')[0];
                jobs[job] = Text(benchmark, "HardwareIntrinsics");
                var launches = benchmark.GetProperty("Measurements").EnumerateArray()
                    .Where(m => Text(m, "IterationMode") == "Workload" && Text(m, "IterationStage") == "Result")
                    .GroupBy(m => m.GetProperty("LaunchIndex").GetInt32()).OrderBy(g => g.Key)
                    .Select(g => g.Select(m => m.GetProperty("Nanoseconds").GetDouble() / m.GetProperty("Operations").GetInt64()).ToArray()).ToList();
                long? allocated = benchmark.TryGetProperty("Memory", out JsonElement memory) && memory.TryGetProperty("BytesAllocatedPerOperation", out JsonElement bytes)
                    && bytes.ValueKind == JsonValueKind.Number ? bytes.GetInt64() : null;
                cases.Add(new Measured(new CaseOf(type, type.GetMethod(Text(benchmark, "Method"))!, parameters, job == WithoutAvx512Attribute.JobId),
                    benchmark.GetProperty("Statistics").GetProperty("Median").GetDouble(), allocated, launches, started));
            }
        }
        return new RunResults(string.Join('\n', [machine, .. jobs.Select(job => $"  {job.Key}: {job.Value}")]), cases);
    }

    private static string Text(JsonElement element, string property) => element.GetProperty(property).ToString();
}
