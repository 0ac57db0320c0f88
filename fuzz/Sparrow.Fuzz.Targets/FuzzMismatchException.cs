using System.Diagnostics.CodeAnalysis;

namespace Sparrow.Fuzz;

/// <summary>
/// A primitive disagreed with its reference (or threw what it documents it does not): thrown uncaught, so AFL++
/// records the input as a crash and the replay test fails on it.
/// </summary>
public sealed class FuzzMismatchException(string message) : Exception(message)
{
    /// <summary>Throws a mismatch; a method of its own so a check's hot path holds no throw.</summary>
    [DoesNotReturn]
    public static void Throw(string message) => throw new FuzzMismatchException(message);
}
