namespace Sparrow.Benchmarks;

/// <summary>What a benchmark method stands for in the verdict printed after a run.</summary>
public enum Role
{
    /// <summary>Sparrow's own implementation.</summary>
    Sparrow,

    /// <summary>The strongest thing a user has today without Sparrow: the BCL (or libc) equivalent.</summary>
    Alternative,

    /// <summary>A historical implementation reproduced in Baselines/, as storage engines once wrote it.</summary>
    Historical,

    /// <summary>Measured for context only (a naive byte loop, a variant): shown in tables, not in the verdict.</summary>
    Reference,
}

/// <summary>Tags a benchmark method with its <see cref="Role"/>; every [Benchmark] carries one.</summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class RoleAttribute(Role role) : Attribute
{
    public Role Role { get; } = role;
}
