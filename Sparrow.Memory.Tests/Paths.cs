namespace Sparrow.Tests;

internal unsafe delegate int CompareFunction(byte* p1, byte* p2, int size);

internal unsafe delegate bool EqualFunction(byte* p1, byte* p2, int size);

/// <summary>A way into Compare: a public overload, or an internal path called directly.</summary>
/// <param name="MinSize">The smallest size the path accepts (the block paths take only long inputs).</param>
/// <param name="MaxSize">The largest size the path accepts (the masked path takes at most 32 bytes).</param>
internal sealed record ComparePath(string Name, int MinSize, int MaxSize, CompareFunction Function);

/// <summary>A way into SequenceEqual: a public overload, or an internal path called directly.</summary>
internal sealed record EqualPath(string Name, int MinSize, int MaxSize, EqualFunction Function);

/// <summary>
/// Every public entry point and every internal code path. The portable jump table, the word and vector block
/// paths and the AVX-512 masked path are called directly, so each is proven on this machine whichever one the
/// public API takes here. The masked path is listed only where the CPU has AVX-512BW/VL
/// (<see cref="MaskedPathTests"/> reports it skipped elsewhere).
/// </summary>
internal static unsafe class Paths
{
    private const int Unbounded = int.MaxValue;

    public static readonly ComparePath[] Compare =
    [
        new("Compare(byte*, byte*, int)", 0, Unbounded, (p1, p2, size) => Memory.Compare(p1, p2, size)),
        new("CompareInline(byte*, byte*, int)", 0, Unbounded, (p1, p2, size) => Memory.CompareInline(p1, p2, size)),
        new("Compare(byte*, int, byte*, int)", 0, Unbounded, (p1, p2, size) => Memory.Compare(p1, size, p2, size)),
        new("Compare(ReadOnlySpan<byte>, ReadOnlySpan<byte>)", 0, Unbounded,
            (p1, p2, size) => Memory.Compare(new ReadOnlySpan<byte>(p1, size), new ReadOnlySpan<byte>(p2, size))),
        new("SizeClasses.Portable (jump table)", 0, Unbounded,
            (p1, p2, size) => SizeClasses.Portable<CompareOperation, int>(new CompareOperation(p1, p2), size)),
        new("WordStrides.Compare", WordStrides.Block, Unbounded, (p1, p2, size) => WordStrides.Compare(p1, p2, (nuint)size)),
        new("VectorStrides.Compare", VectorStrides.MinSize, Unbounded, (p1, p2, size) => VectorStrides.Compare(p1, p2, (nuint)size)),
        .. MaskedVector.IsSupported
            ? [new ComparePath("MaskedVector (AVX-512)", 1, MaskedVector.MaxSize,
                (p1, p2, size) => new CompareOperation(p1, p2).Masked(MaskedVector.MaskFor((uint)size)))]
            : Array.Empty<ComparePath>(),
    ];

    public static readonly EqualPath[] Equal =
    [
        new("SequenceEqual(byte*, byte*, int)", 0, Unbounded, (p1, p2, size) => Memory.SequenceEqual(p1, p2, size)),
        new("SequenceEqual(ReadOnlySpan<byte>, ReadOnlySpan<byte>)", 0, Unbounded,
            (p1, p2, size) => Memory.SequenceEqual(new ReadOnlySpan<byte>(p1, size), new ReadOnlySpan<byte>(p2, size))),
        new("SizeClasses.Portable (jump table)", 0, Unbounded,
            (p1, p2, size) => SizeClasses.Portable<EqualOperation, bool>(new EqualOperation(p1, p2), size)),
        new("WordStrides.Equal", WordStrides.Block, Unbounded, (p1, p2, size) => WordStrides.Equal(p1, p2, (nuint)size)),
        new("VectorStrides.Equal", VectorStrides.MinSize, Unbounded, (p1, p2, size) => VectorStrides.Equal(p1, p2, (nuint)size)),
        .. MaskedVector.IsSupported
            ? [new EqualPath("MaskedVector (AVX-512)", 1, MaskedVector.MaxSize,
                (p1, p2, size) => new EqualOperation(p1, p2).Masked(MaskedVector.MaskFor((uint)size)))]
            : Array.Empty<EqualPath>(),
    ];

    /// <summary>The Compare path with the given <see cref="ComparePath.Name"/> (theory data passes names).</summary>
    public static ComparePath CompareNamed(string name) => Compare.Single(p => p.Name == name);

    /// <summary>The SequenceEqual path with the given <see cref="EqualPath.Name"/> (theory data passes names).</summary>
    public static EqualPath EqualNamed(string name) => Equal.Single(p => p.Name == name);
}
