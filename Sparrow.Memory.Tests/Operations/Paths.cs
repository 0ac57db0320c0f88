using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// Every public entry point and every internal code path of every operation, one table per operation. The
/// portable size switch, the word and vector block paths, the AVX-512 masked path and the ARM64 AdvSimd blocks are
/// called directly, so each is proven on this machine whichever one the public API takes here; the public rows
/// prove the dispatch (CI runs the tests again with AVX-512 and with AVX2 disabled, and as linux-arm64 code under
/// qemu-user, so it takes each path). A path whose instruction set is
/// absent is reported skipped with <see cref="CodePath.SkipReason"/> (its theory row carries it, <see cref="Names"/>).
/// Adding a path is adding a row; adding an operation is adding a table, a <see cref="Path"/> subclass and a
/// <see cref="Reference"/> loop.
/// </summary>
internal static unsafe class Paths
{
    private const int Unbounded = CodePath.Unbounded;

    /// <remarks>The vector block paths need no instruction set: without AVX2 they run on software vectors, so they are tested everywhere.</remarks>
    public static readonly ComparePath[] Compare =
    [
        new("Compare(byte*, byte*, int)", 0, Unbounded, (x, y, size) => Bytes.Compare(x, y, size)) { ChecksSize = true },
        new("CompareInline(byte*, byte*, int)", 0, Unbounded, (x, y, size) => Bytes.CompareInline(x, y, size)) { ChecksSize = true },
        new("Compare(byte*, int, byte*, int)", 0, Unbounded, (x, y, size) => Bytes.Compare(x, size, y, size)) { ChecksSize = true },
        new("Compare(ReadOnlySpan<byte>, ReadOnlySpan<byte>)", 0, Unbounded,
            (x, y, size) => Bytes.Compare(new ReadOnlySpan<byte>(x, size), new ReadOnlySpan<byte>(y, size))),
        new("SizeClasses.Portable<CompareOperation> (size switch)", 0, Unbounded,
            (x, y, size) => SizeClasses.Portable<CompareOperation, int>(new CompareOperation(x, y), size)) { ChecksSize = true },
        new("WordBlocks.Compare", WordBlocks.Block, Unbounded, (x, y, size) => WordBlocks.Compare(x, y, (nuint)size)),
        new("VectorBlocks.Compare", VectorBlocks.MinSize, Unbounded, (x, y, size) => VectorBlocks.Compare(x, y, (nuint)size)),
        new("CompareOperation.Masked (AVX-512)", 1, MaskedVector.MaxSize,
            (x, y, size) => new CompareOperation(x, y).Masked(MaskedVector.MaskFor((uint)size))) { SkipReason = SkipReasons.MaskedVector },
        new("CompareCall.Inlined (AVX-512: what Compare inlines)", 0, Unbounded, (x, y, size) => CompareCall.Inlined(x, y, size))
            { ChecksSize = true, SkipReason = SkipReasons.MaskedVector },
        new("CompareCall.UpToSixtyFour (AVX-512)", MaskedVector.MaxSize + 1, CompareCall.MaxSmallSize,
            (x, y, size) => CompareCall.UpToSixtyFour(x, y, (uint)size)) { SkipReason = SkipReasons.MaskedVector },
        new("CompareCall.Called (the call without AVX-512)", 0, Unbounded, (x, y, size) => CompareCall.Called(x, y, size))
            { ChecksSize = true },
        new("CompareCall.OutsideSmall", CompareCall.MaxSmallSize + 1, Unbounded, (x, y, size) => CompareCall.OutsideSmall(x, y, size))
            { ChecksSize = true },
        new("SizeClasses.Portable<CompareCallOperation> (the call's size switch)", 0, Unbounded,
            (x, y, size) => SizeClasses.Portable<CompareCallOperation, int>(new CompareCallOperation(x, y), size)) { ChecksSize = true },
        new("CompareCall.Blocks", SizeClasses.MaxWordsSize + 1, Unbounded, (x, y, size) => CompareCall.Blocks(x, y, (nuint)size)),
        new("AdvSimdBlocks.Compare", AdvSimdBlocks.MinSize, Unbounded, (x, y, size) => AdvSimdBlocks.Compare(x, y, (nuint)size))
            { SkipReason = SkipReasons.AdvSimd },
    ];

    public static readonly EqualPath[] Equal =
    [
        new("SequenceEqual(byte*, byte*, int)", 0, Unbounded, (x, y, size) => Bytes.SequenceEqual(x, y, size)) { ChecksSize = true },
        new("SequenceEqual(ReadOnlySpan<byte>, ReadOnlySpan<byte>)", 0, Unbounded,
            (x, y, size) => Bytes.SequenceEqual(new ReadOnlySpan<byte>(x, size), new ReadOnlySpan<byte>(y, size))),
        new("SizeClasses.Portable<EqualOperation> (size switch)", 0, Unbounded,
            (x, y, size) => SizeClasses.Portable<EqualOperation, bool>(new EqualOperation(x, y), size)) { ChecksSize = true },
        new("WordBlocks.Equal", WordBlocks.Block, Unbounded, (x, y, size) => WordBlocks.Equal(x, y, (nuint)size)),
        new("VectorBlocks.Equal", VectorBlocks.MinSize, Unbounded, (x, y, size) => VectorBlocks.Equal(x, y, (nuint)size)),
        new("VectorBlocks.Equal512", VectorBlocks.Block, Unbounded, (x, y, size) => VectorBlocks.Equal512(x, y, (nuint)size)),
        new("SizeClasses.MaskedDifferences (AVX-512, 512-bit)", 0, Unbounded, (x, y, size) => SizeClasses.MaskedDifferences(x, y, size) == System.Runtime.Intrinsics.Vector512<byte>.Zero)
            { ChecksSize = true, SkipReason = SkipReasons.MaskedVector512 },
        new("EqualOperation.Masked (AVX-512)", 1, MaskedVector.MaxSize,
            (x, y, size) => new EqualOperation(x, y).Masked(MaskedVector.MaskFor((uint)size))) { SkipReason = SkipReasons.MaskedVector },
        new("AdvSimdBlocks.Equal", AdvSimdBlocks.MinSize, Unbounded, (x, y, size) => AdvSimdBlocks.Equal(x, y, (nuint)size))
            { SkipReason = SkipReasons.AdvSimd },
    ];

    public static readonly CopyPath[] Copy =
    [
        new("Copy(byte*, byte*, int)", 0, Unbounded, (s, d, size) => Bytes.Copy(s, d, size)) { ChecksSize = true },
        new("CopyInline(byte*, byte*, int)", 0, Unbounded, (s, d, size) => Bytes.CopyInline(s, d, size)) { ChecksSize = true },
        new("Copy(ReadOnlySpan<byte>, Span<byte>)", 0, Unbounded,
            (s, d, size) => Bytes.Copy(new ReadOnlySpan<byte>(s, size), new Span<byte>(d, size))),
        new("SizeClasses.Portable<CopyOperation> (size switch)", 0, Unbounded,
            (s, d, size) => SizeClasses.Portable<CopyOperation, NoResult>(new CopyOperation(s, d), size)) { ChecksSize = true },
        new("WordBlocks.Copy", WordBlocks.Block, Unbounded, (s, d, size) => WordBlocks.Copy(s, d, (nuint)size)),
        new("VectorBlocks.Copy", VectorBlocks.MinSize, Unbounded, (s, d, size) => VectorBlocks.Copy(s, d, (nuint)size)),
        new("CopyOperation.RuntimeCopy (memmove, above 2 KiB on the vector path)", CopyOperation.MaxVectorBlocksSize + 1, Unbounded,
            (s, d, size) => CopyOperation.RuntimeCopy(s, d, (nuint)size)),
        new("CopyOperation.Masked (AVX-512)", 1, MaskedVector.MaxSize,
            (s, d, size) => new CopyOperation(s, d).Masked(MaskedVector.MaskFor((uint)size))) { SkipReason = SkipReasons.MaskedVector },
    ];

    public static readonly MovePath[] Move =
    [
        new("Move(byte*, byte*, int)", 0, Unbounded, (s, d, size) => Bytes.Move(s, d, size)) { ChecksSize = true },
        new("Move(ReadOnlySpan<byte>, Span<byte>)", 0, Unbounded,
            (s, d, size) => Bytes.Move(new ReadOnlySpan<byte>(s, size), new Span<byte>(d, size))),
        new("SizeClasses.Portable<MoveOperation> (size switch)", 0, Unbounded,
            (s, d, size) => SizeClasses.Portable<MoveOperation, NoResult>(new MoveOperation(s, d), size)) { ChecksSize = true },
        new("WordBlocks.Move", WordBlocks.Block, Unbounded, (s, d, size) => WordBlocks.Move(s, d, (nuint)size)),
        new("VectorBlocks.Move", VectorBlocks.MinSize, Unbounded, (s, d, size) => VectorBlocks.Move(s, d, (nuint)size)),
        new("MoveOperation.Masked (AVX-512)", 1, MaskedVector.MaxSize,
            (s, d, size) => new MoveOperation(s, d).Masked(MaskedVector.MaskFor((uint)size))) { SkipReason = SkipReasons.MaskedVector },
    ];

    public static readonly SetPath[] Set =
    [
        new("Set(byte*, byte, int)", 0, Unbounded, (d, value, size) => Bytes.Set(d, value, size)) { ChecksSize = true },
        new("Set(Span<byte>, byte)", 0, Unbounded, (d, value, size) => Bytes.Set(new Span<byte>(d, size), value)),
        new("SizeClasses.Portable<SetOperation> (size switch)", 0, Unbounded,
            (d, value, size) => SizeClasses.Portable<SetOperation, NoResult>(new SetOperation(d, value), size)) { ChecksSize = true },
        new("WordBlocks.Set", WordBlocks.Block, Unbounded, (d, value, size) => WordBlocks.Set(d, value, (nuint)size)),
        new("VectorBlocks.Set", VectorBlocks.MinSize, Unbounded, (d, value, size) => VectorBlocks.Set(d, value, (nuint)size)),
        new("SetOperation.Masked (AVX-512)", 1, MaskedVector.MaxSize,
            (d, value, size) => new SetOperation(d, value).Masked(MaskedVector.MaskFor((uint)size))) { SkipReason = SkipReasons.MaskedVector },
    ];

    public static readonly CodePath[] All = [.. Compare, .. Equal, .. Copy, .. Move, .. Set];

    private static readonly Dictionary<string, CodePath> ByName = All.ToDictionary(p => p.Name);

    /// <summary>The path with the given <see cref="CodePath.Name"/> (theory data passes names).</summary>
    public static CodePath Named(string name) => ByName[name];

    /// <summary>The path with the given name, as the subclass a test needs.</summary>
    public static TPath Named<TPath>(string name) where TPath : CodePath => (TPath)ByName[name];

    /// <summary>Theory data: the names of <paramref name="paths"/>, each row skipped with its path's <see cref="CodePath.SkipReason"/>.</summary>
    public static TheoryData<string> Names(IEnumerable<CodePath> paths) => new(paths.Select(p => new TheoryDataRow<string>(p.Name) { Skip = p.SkipReason }));
}
