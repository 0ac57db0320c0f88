using System.Reflection;
using BenchmarkDotNet.Running;

namespace Sparrow.Benchmarks.Reporting;

internal static class BenchmarkRoles
{
    /// <summary>The <see cref="Role"/> a benchmark method declares; a method without one is a bug in the suite.</summary>
    public static Role Of(BenchmarkCase benchmarkCase)
    {
        MethodInfo method = benchmarkCase.Descriptor.WorkloadMethod;
        return TryOf(benchmarkCase)
            ?? throw new InvalidOperationException($"{method.DeclaringType?.Name}.{method.Name} has no [Role]: every benchmark says what it stands for.");
    }

    /// <summary>The declared <see cref="Role"/>, or null where [Role] is missing (which <see cref="RoleValidator"/> reports).</summary>
    public static Role? TryOf(BenchmarkCase benchmarkCase)
        => benchmarkCase.Descriptor.WorkloadMethod.GetCustomAttribute<RoleAttribute>()?.Role;

    /// <summary>"CompareBenchmarks" → "Compare": the primitive a benchmark class measures.</summary>
    public static string PrimitiveName(Type benchmarkType)
    {
        const string suffix = "Benchmarks";
        string name = benchmarkType.Name;
        return name.EndsWith(suffix, StringComparison.Ordinal) ? name[..^suffix.Length] : name;
    }
}
