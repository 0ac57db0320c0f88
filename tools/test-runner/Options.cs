using Xunit.Abstractions;

namespace TestRunner;

/// <summary>
/// xunit's discovery and execution options, as `dotnet test` sets them for these projects (which have no
/// xunit.runner.json): theories enumerated row by row at discovery (so a row can be skipped on its own, and each
/// row counts as a test), collections in parallel on every core; every other option at xunit's default.
/// </summary>
internal sealed class Options : ITestFrameworkDiscoveryOptions, ITestFrameworkExecutionOptions
{
    public static readonly Options Discovery = new() { ["xunit.discovery.PreEnumerateTheories"] = true };

    public static readonly Options Execution = new() { ["xunit.execution.MaxParallelThreads"] = Environment.ProcessorCount };

    private readonly Dictionary<string, object?> _values = [];

    public object? this[string name]
    {
        set => _values[name] = value;
    }

    public TValue GetValue<TValue>(string name) => _values.TryGetValue(name, out object? value) ? (TValue)value! : default!;

    public void SetValue<TValue>(string name, TValue value) => _values[name] = value;
}
