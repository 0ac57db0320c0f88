namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// Puts a benchmark method in the headline suite (the no-argument run, and what README publishes), in the cases its
/// class lists with <see cref="HeadlineCasesAttribute"/> (every case when the class lists none), or in the cases given
/// here. Without <see cref="Job"/> it applies to the run's own job; <c>Job = WithoutAvx512Job.Id</c> adds the
/// method's AVX-512-off twin (the method also needs [AlsoWithoutAvx512]). Mark the Sparrow methods, what their
/// [Target]s name, and the A/A pair; leave naive references and size sweeps to the full suite.
/// </summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = true)]
internal sealed class HeadlineAttribute(params string[] cases) : Attribute
{
    /// <summary>"Name=value,value", as in <see cref="HeadlineCasesAttribute"/>; empty for the class's headline cases.</summary>
    public string[] Cases { get; } = cases;

    /// <summary>The job id this applies to; null for the run's own job (every job but <see cref="WithoutAvx512Job"/>).</summary>
    public string? Job { get; init; }
}

/// <summary>
/// The cases of a class the headline suite runs: each argument names a parameter and its headline values,
/// "Size=4,12,32,64,4096" or "Encoding=Utf8"; a case is in when each named parameter has one of its values.
/// With <see cref="Job"/>, the cases for that job only (for example fewer sizes for the AVX-512-off twin).
/// </summary>
[AttributeUsage(AttributeTargets.Class, AllowMultiple = true, Inherited = true)]
internal sealed class HeadlineCasesAttribute(params string[] cases) : Attribute
{
    public string[] Cases { get; } = cases;

    /// <summary>The job id these cases are for; null for the run's own job.</summary>
    public string? Job { get; init; }
}
