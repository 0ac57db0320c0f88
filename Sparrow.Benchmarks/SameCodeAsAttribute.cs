namespace Sparrow.Benchmarks;

/// <summary>
/// Says a benchmark method calls exactly the same library method, the same way, as <see cref="Method"/> of the same
/// class: an A/A pair. Their medians should differ only by what the measurement cannot control, so
/// <see cref="PublishGate"/> refuses to publish a run where they differ by more than it allows.
/// </summary>
[AttributeUsage(AttributeTargets.Method)]
internal sealed class SameCodeAsAttribute(string method) : Attribute
{
    public string Method { get; } = method;
}
