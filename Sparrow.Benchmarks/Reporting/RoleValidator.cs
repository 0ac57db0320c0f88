using BenchmarkDotNet.Validators;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>Fails the run up front when a benchmark does not say, with [Role], what it stands for in the verdict.</summary>
internal sealed class RoleValidator : IValidator
{
    public static readonly RoleValidator Instance = new();

    public bool TreatsWarningsAsErrors => true;

    public IEnumerable<ValidationError> Validate(ValidationParameters validationParameters) =>
        from benchmarkCase in validationParameters.Benchmarks
        where BenchmarkRoles.TryOf(benchmarkCase) is null
        let method = benchmarkCase.Descriptor.WorkloadMethod
        select new ValidationError(true, $"{method.DeclaringType?.Name}.{method.Name} has no [Role(...)] attribute.", benchmarkCase);
}
