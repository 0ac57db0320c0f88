namespace Sparrow.Benchmarks.Reporting;

/// <summary>
/// Says a benchmark method runs the same code as <see cref="Method"/> of the same class (CompareInline and
/// Compare, which is CompareInline behind one call). Their medians should differ only by noise, so
/// <see cref="PublishGate"/> refuses to publish a run where they differ by more than it allows.
/// </summary>
[AttributeUsage(AttributeTargets.Method)]
internal sealed class SameCodeAsAttribute(string method) : Attribute
{
    public string Method { get; } = method;
}
