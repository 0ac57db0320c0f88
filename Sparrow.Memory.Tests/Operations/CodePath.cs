namespace Sparrow.Tests;

/// <summary>
/// A way into one operation of <see cref="Bytes"/>: a public overload, or an internal code path called directly.
/// A row of <see cref="Paths"/>; its subclass (one per operation) knows how one call is checked against that
/// operation's reference, so every test over the rows is written once for all operations.
/// </summary>
/// <param name="name">Unique among all paths of all operations (theory data passes it).</param>
/// <param name="minSize">The smallest size the path accepts (the block paths take only long inputs).</param>
/// <param name="maxSize">The largest size the path accepts (the masked path takes at most 32 bytes).</param>
internal abstract unsafe class CodePath(string name, int minSize, int maxSize)
{
    public const int Unbounded = int.MaxValue;

    public string Name { get; } = name;

    public int MinSize { get; } = minSize;

    public int MaxSize { get; } = maxSize;

    /// <summary>
    /// Entered with an <see cref="int"/> size it must reject when negative: the public pointer overloads and
    /// <see cref="SizeClasses.Portable{TOperation, TResult}"/> (span lengths cannot be negative; the block and
    /// masked paths take a <see cref="nuint"/> or a mask).
    /// </summary>
    public bool ChecksSize { get; init; }

    /// <summary>Why the path cannot run on this machine (its instruction set is absent or disabled); null when it can.</summary>
    public string? SkipReason { get; init; }

    /// <summary>Whether the path reads the second run of bytes (the second input, or the source); Set has none.</summary>
    public virtual bool UsesSecond => true;

    /// <summary>The result of a call with size 0: 0, <see langword="true"/>, or null for the operations that return nothing.</summary>
    public abstract object? EmptyResult { get; }

    public bool Accepts(int size) => size >= MinSize && size <= MaxSize;

    /// <summary>Calls the path once and boxes its result (null for the operations that return nothing).</summary>
    public abstract object? Call(byte* first, byte* second, int size);

    /// <summary>
    /// Fills the inputs from <see cref="Noise"/>, calls the path on <paramref name="size"/> bytes at
    /// <paramref name="first"/> and <paramref name="second"/> (both inside <paramref name="bench"/>'s arenas) and
    /// checks the outcome against the operation's reference; fails naming the path, size and <paramref name="where"/>.
    /// </summary>
    public abstract void Check(Bench bench, byte* first, byte* second, int size, Where where);

    public override string ToString() => Name;
}

/// <summary>Where a checked call sits (a placement or an alignment pair), formatted only when a check fails.</summary>
/// <param name="Format">A composite format of <paramref name="A"/> and <paramref name="B"/>: "offsets {0}/{1}".</param>
internal readonly record struct Where(string Format, int A = 0, int B = 0)
{
    public override string ToString() => string.Format(Format, A, B);
}
