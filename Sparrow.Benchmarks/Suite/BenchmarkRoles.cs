using BenchmarkDotNet.Validators;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks.Suite;

/// <summary>Fails a run up front on a benchmark method with no role category, or several (see <see cref="Category"/>).</summary>
internal sealed class BenchmarkRoles : IValidator
{
    public static readonly BenchmarkRoles Validator = new();

    public bool TreatsWarningsAsErrors => true;

    public IEnumerable<ValidationError> Validate(ValidationParameters validationParameters) =>
        from benchmarkCase in validationParameters.Benchmarks
        where CaseOf.From(benchmarkCase).Role is null
        select new ValidationError(true, $"{benchmarkCase.Descriptor.Type.Name}.{benchmarkCase.Descriptor.WorkloadMethod.Name} needs exactly one role category (Category.Sparrow, Alternative, Historical or Reference).", benchmarkCase);
}
