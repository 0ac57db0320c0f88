namespace Sparrow.Tests;

/// <summary>
/// Every public entry point and every internal code path of every operation, one table per operation. The
/// portable jump table, the word and vector block paths, the AVX-512 masked path and the ARM64 AdvSimd blocks are
/// called directly, so each is proven on this machine whichever one the public API takes here; the public rows
/// prove the dispatch (CI runs the tests again with AVX-512 and with AVX2 disabled, and as linux-arm64 code under
/// qemu-user, so it takes each path). A path whose instruction set is
/// absent is reported skipped with <see cref="CodePath.SkipReason"/> (<see cref="PathTheoryAttribute"/>).
/// Adding a path is adding a row; adding an operation is adding a table, a <see cref="Path"/> subclass and a
/// <see cref="Reference"/> loop.
/// </summary>
internal static unsafe class Paths
{
    private const int Unbounded = CodePath.Unbounded;

    /// <remarks>The vector block paths need no instruction set: without AVX2 they run on software vectors, so they are tested everywhere.</remarks>
    private static readonly string? MaskedSkipReason = MaskedVector.IsSupported
        ? null
        : "AVX-512BW/VL is absent on this CPU or disabled (DOTNET_EnableAVX512=0): the masked path cannot run here.";

    private static readonly string? AdvSimdSkipReason = AdvSimdBlocks.IsSupported
        ? null
        : "AdvSimd (ARM64) is absent on this CPU: the AdvSimd path runs in the linux-arm64 test run (tools/arm64/run-tests.sh).";

    public static readonly ComparePath[] Compare =
    [
        new("Compare(byte*, byte*, int)", 0, Unbounded, (x, y, size) => Memory.Compare(x, y, size)) { ChecksSize = true },
        new("CompareInline(byte*, byte*, int)", 0, Unbounded, (x, y, size) => Memory.CompareInline(x, y, size)) { ChecksSize = true },
        new("Compare(byte*, int, byte*, int)", 0, Unbounded, (x, y, size) => Memory.Compare(x, size, y, size)) { ChecksSize = true },
        new("Compare(ReadOnlySpan<byte>, ReadOnlySpan<byte>)", 0, Unbounded,
            (x, y, size) => Memory.Compare(new ReadOnlySpan<byte>(x, size), new ReadOnlySpan<byte>(y, size))),
        new("SizeClasses.Portable<CompareOperation> (jump table)", 0, Unbounded,
            (x, y, size) => SizeClasses.Portable<CompareOperation, int>(new CompareOperation(x, y), size)) { ChecksSize = true },
        new("WordStrides.Compare", WordStrides.Block, Unbounded, (x, y, size) => WordStrides.Compare(x, y, (nuint)size)),
        new("VectorStrides.Compare", VectorStrides.MinSize, Unbounded, (x, y, size) => VectorStrides.Compare(x, y, (nuint)size)),
        new("CompareOperation.Masked (AVX-512)", 1, MaskedVector.MaxSize,
            (x, y, size) => new CompareOperation(x, y).Masked(MaskedVector.MaskFor((uint)size))) { SkipReason = MaskedSkipReason },
        new("AdvSimdBlocks.Compare", AdvSimdBlocks.MinSize, Unbounded, (x, y, size) => AdvSimdBlocks.Compare(x, y, (nuint)size))
            { SkipReason = AdvSimdSkipReason },
    ];

    public static readonly EqualPath[] Equal =
    [
        new("SequenceEqual(byte*, byte*, int)", 0, Unbounded, (x, y, size) => Memory.SequenceEqual(x, y, size)) { ChecksSize = true },
        new("SequenceEqual(ReadOnlySpan<byte>, ReadOnlySpan<byte>)", 0, Unbounded,
            (x, y, size) => Memory.SequenceEqual(new ReadOnlySpan<byte>(x, size), new ReadOnlySpan<byte>(y, size))),
        new("SizeClasses.Portable<EqualOperation> (jump table)", 0, Unbounded,
            (x, y, size) => SizeClasses.Portable<EqualOperation, bool>(new EqualOperation(x, y), size)) { ChecksSize = true },
        new("WordStrides.Equal", WordStrides.Block, Unbounded, (x, y, size) => WordStrides.Equal(x, y, (nuint)size)),
        new("VectorStrides.Equal", VectorStrides.MinSize, Unbounded, (x, y, size) => VectorStrides.Equal(x, y, (nuint)size)),
        new("EqualOperation.Masked (AVX-512)", 1, MaskedVector.MaxSize,
            (x, y, size) => new EqualOperation(x, y).Masked(MaskedVector.MaskFor((uint)size))) { SkipReason = MaskedSkipReason },
        new("AdvSimdBlocks.Equal", AdvSimdBlocks.MinSize, Unbounded, (x, y, size) => AdvSimdBlocks.Equal(x, y, (nuint)size))
            { SkipReason = AdvSimdSkipReason },
    ];

    public static readonly CopyPath[] Copy =
    [
        new("Copy(byte*, byte*, int)", 0, Unbounded, (d, s, size) => Memory.Copy(d, s, size)) { ChecksSize = true },
        new("CopyInline(byte*, byte*, int)", 0, Unbounded, (d, s, size) => Memory.CopyInline(d, s, size)) { ChecksSize = true },
        new("Copy(ReadOnlySpan<byte>, Span<byte>)", 0, Unbounded,
            (d, s, size) => Memory.Copy(new ReadOnlySpan<byte>(s, size), new Span<byte>(d, size))),
        new("SizeClasses.Portable<CopyOperation> (jump table)", 0, Unbounded,
            (d, s, size) => SizeClasses.Portable<CopyOperation, NoResult>(new CopyOperation(d, s), size)) { ChecksSize = true },
        new("WordStrides.Copy", WordStrides.Block, Unbounded, (d, s, size) => WordStrides.Copy(d, s, (nuint)size)),
        new("VectorStrides.Copy", VectorStrides.MinSize, Unbounded, (d, s, size) => VectorStrides.Copy(d, s, (nuint)size)),
        new("CopyOperation.Masked (AVX-512)", 1, MaskedVector.MaxSize,
            (d, s, size) => new CopyOperation(d, s).Masked(MaskedVector.MaskFor((uint)size))) { SkipReason = MaskedSkipReason },
    ];

    public static readonly MovePath[] Move =
    [
        new("Move(byte*, byte*, int)", 0, Unbounded, (d, s, size) => Memory.Move(d, s, size)) { ChecksSize = true },
        new("Move(ReadOnlySpan<byte>, Span<byte>)", 0, Unbounded,
            (d, s, size) => Memory.Move(new ReadOnlySpan<byte>(s, size), new Span<byte>(d, size))),
        new("SizeClasses.Portable<MoveOperation> (jump table)", 0, Unbounded,
            (d, s, size) => SizeClasses.Portable<MoveOperation, NoResult>(new MoveOperation(d, s), size)) { ChecksSize = true },
        new("WordStrides.Move", WordStrides.Block, Unbounded, (d, s, size) => WordStrides.Move(d, s, (nuint)size)),
        new("VectorStrides.Move", VectorStrides.MinSize, Unbounded, (d, s, size) => VectorStrides.Move(d, s, (nuint)size)),
        new("MoveOperation.Masked (AVX-512)", 1, MaskedVector.MaxSize,
            (d, s, size) => new MoveOperation(d, s).Masked(MaskedVector.MaskFor((uint)size))) { SkipReason = MaskedSkipReason },
    ];

    public static readonly SetPath[] Set =
    [
        new("Set(byte*, byte, int)", 0, Unbounded, (d, value, size) => Memory.Set(d, value, size)) { ChecksSize = true },
        new("Set(Span<byte>, byte)", 0, Unbounded, (d, value, size) => Memory.Set(new Span<byte>(d, size), value)),
        new("SizeClasses.Portable<SetOperation> (jump table)", 0, Unbounded,
            (d, value, size) => SizeClasses.Portable<SetOperation, NoResult>(new SetOperation(d, value), size)) { ChecksSize = true },
        new("WordStrides.Set", WordStrides.Block, Unbounded, (d, value, size) => WordStrides.Set(d, value, (nuint)size)),
        new("VectorStrides.Set", VectorStrides.MinSize, Unbounded, (d, value, size) => VectorStrides.Set(d, value, (nuint)size)),
        new("SetOperation.Masked (AVX-512)", 1, MaskedVector.MaxSize,
            (d, value, size) => new SetOperation(d, value).Masked(MaskedVector.MaskFor((uint)size))) { SkipReason = MaskedSkipReason },
    ];

    public static readonly CodePath[] All = [.. Compare, .. Equal, .. Copy, .. Move, .. Set];

    private static readonly Dictionary<string, CodePath> ByName = All.ToDictionary(p => p.Name);

    /// <summary>The path with the given <see cref="CodePath.Name"/> (theory data passes names).</summary>
    public static CodePath Named(string name) => ByName[name];

    /// <summary>The path with the given name, as the subclass a test needs.</summary>
    public static TPath Named<TPath>(string name) where TPath : CodePath => (TPath)ByName[name];

    /// <summary>Theory data: the names of <paramref name="paths"/>.</summary>
    public static TheoryData<string> Names(IEnumerable<CodePath> paths) => new(paths.Select(p => p.Name));
}
