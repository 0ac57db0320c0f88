namespace Sparrow.Storage;

/// <summary>The result of an operation that returns nothing (copy, move, set), so it can share <see cref="SizeClasses"/> with compare.</summary>
internal readonly struct NoResult;
