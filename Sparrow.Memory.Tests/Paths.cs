namespace Sparrow.Tests;

internal unsafe delegate int CompareFunction(byte* p1, byte* p2, int size);

internal unsafe delegate bool EqualFunction(byte* p1, byte* p2, int size);

/// <summary>A way into Compare: a public overload, or an internal path called directly.</summary>
/// <param name="MinSize">The smallest size the path accepts (the internal paths take only long inputs).</param>
internal sealed record ComparePath(string Name, int MinSize, CompareFunction Function);

/// <summary>A way into SequenceEqual: a public overload, or an internal path called directly.</summary>
internal sealed record EqualPath(string Name, int MinSize, EqualFunction Function);

/// <summary>
/// Every public entry point and every internal code path. The word and vector paths are called directly,
/// so the scalar path is proven on this AVX machine too, where the public API never reaches it.
/// </summary>
internal static unsafe class Paths
{
    public static readonly ComparePath[] Compare =
    [
        new("Compare(byte*, byte*, int)", 0, (p1, p2, size) => Memory.Compare(p1, p2, size)),
        new("CompareInline(byte*, byte*, int)", 0, (p1, p2, size) => Memory.CompareInline(p1, p2, size)),
        new("Compare(byte*, int, byte*, int)", 0, (p1, p2, size) => Memory.Compare(p1, size, p2, size)),
        new("Compare(ReadOnlySpan<byte>, ReadOnlySpan<byte>)", 0,
            (p1, p2, size) => Memory.Compare(new ReadOnlySpan<byte>(p1, size), new ReadOnlySpan<byte>(p2, size))),
        new("WordStrides.Compare", WordStrides.Block, (p1, p2, size) => WordStrides.Compare(p1, p2, (nuint)size)),
        new("VectorStrides.Compare", VectorStrides.MinSize, (p1, p2, size) => VectorStrides.Compare(p1, p2, (nuint)size)),
    ];

    public static readonly EqualPath[] Equal =
    [
        new("SequenceEqual(byte*, byte*, int)", 0, (p1, p2, size) => Memory.SequenceEqual(p1, p2, size)),
        new("SequenceEqual(ReadOnlySpan<byte>, ReadOnlySpan<byte>)", 0,
            (p1, p2, size) => Memory.SequenceEqual(new ReadOnlySpan<byte>(p1, size), new ReadOnlySpan<byte>(p2, size))),
        new("WordStrides.Equal", WordStrides.Block, (p1, p2, size) => WordStrides.Equal(p1, p2, (nuint)size)),
        new("VectorStrides.Equal", VectorStrides.MinSize, (p1, p2, size) => VectorStrides.Equal(p1, p2, (nuint)size)),
    ];

    /// <summary>The Compare path with the given <see cref="ComparePath.Name"/> (theory data passes names).</summary>
    public static ComparePath CompareNamed(string name) => Compare.Single(p => p.Name == name);

    /// <summary>The SequenceEqual path with the given <see cref="EqualPath.Name"/> (theory data passes names).</summary>
    public static EqualPath EqualNamed(string name) => Equal.Single(p => p.Name == name);
}
