using BenchmarkDotNet.Running;
using BenchmarkDotNet.Validators;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>The <see cref="Role"/> a benchmark's categories give it; as a validator, fails a run up front on a method with none or several.</summary>
internal sealed class BenchmarkRoles : IValidator
{
    public static readonly BenchmarkRoles Validator = new();

    /// <summary>The <see cref="Role"/> a benchmark method declares; a method without one is a bug in the suite.</summary>
    public static Role Of(BenchmarkCase benchmarkCase) => TryOf(benchmarkCase)
        ?? throw new InvalidOperationException($"{Name(benchmarkCase)} has no role category: every benchmark says what it stands for.");

    /// <summary>The declared <see cref="Role"/>, or null where the method has no role category or more than one.</summary>
    public static Role? TryOf(BenchmarkCase benchmarkCase)
    {
        var roles = benchmarkCase.Descriptor.Categories.Select(c => Enum.TryParse(c, out Role role) ? role : (Role?)null).OfType<Role>().Distinct().ToList();
        return roles.Count == 1 ? roles[0] : null;
    }

    public static bool Has(BenchmarkCase benchmarkCase, string category) => benchmarkCase.Descriptor.Categories.Contains(category);

    /// <summary>"CompareBenchmarks" → "Compare": the primitive a benchmark class measures.</summary>
    public static string PrimitiveName(Type benchmarkType) =>
        benchmarkType.Name.EndsWith("Benchmarks", StringComparison.Ordinal) ? benchmarkType.Name[..^"Benchmarks".Length] : benchmarkType.Name;

    public bool TreatsWarningsAsErrors => true;

    public IEnumerable<ValidationError> Validate(ValidationParameters validationParameters) =>
        from benchmarkCase in validationParameters.Benchmarks
        where TryOf(benchmarkCase) is null
        select new ValidationError(true, $"{Name(benchmarkCase)} needs exactly one role category (Category.Sparrow, Alternative, Historical or Reference).", benchmarkCase);

    private static string Name(BenchmarkCase benchmarkCase) => $"{benchmarkCase.Descriptor.Type.Name}.{benchmarkCase.Descriptor.WorkloadMethod.Name}";
}
