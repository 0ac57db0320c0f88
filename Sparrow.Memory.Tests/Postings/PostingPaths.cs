using System.Buffers;
using Sparrow.Storage;

namespace Sparrow.Tests;

internal delegate OperationStatus PostingDecode32(ReadOnlySpan<byte> encoded, Span<uint> destination, out int valuesWritten);

internal delegate OperationStatus PostingDecode64(ReadOnlySpan<byte> encoded, Span<ulong> destination, out int valuesWritten);

/// <summary>A way into the posting list decoder: the public methods, or the decoder with one path's kernels called directly.</summary>
internal sealed record PostingPath(string Name, PostingDecode32 Decode32, PostingDecode64 Decode64, string? SkipReason)
{
    public override string ToString() => Name;
}

/// <summary>A path's kernels called directly, for the kernel tests.</summary>
internal sealed unsafe record UnpackKernel(
    string Name,
    Action<IntPtr, int, IntPtr> Unpack,
    Func<IntPtr, int, uint, IntPtr, uint> Decode32,
    Func<IntPtr, int, ulong, IntPtr, uint> Decode64,
    Func<IntPtr, int, uint, IntPtr, ulong> DecodePair32,
    Func<IntPtr, int, ulong, IntPtr, ulong> DecodePair64,
    Action<IntPtr, ulong, IntPtr, int> Widen,
    Action<IntPtr, int, int, uint> AddRange32,
    Action<IntPtr, int, int, ulong> AddRange64,
    BlockDecode32 DecodeBlock32,
    BlockDecode64 DecodeBlock64,
    string? SkipReason);

/// <summary>The block decoder with one path's kernels: a full block laid out by <paramref name="block"/> in <paramref name="encoded"/>, into 32-bit values.</summary>
internal unsafe delegate bool BlockDecode32(ReadOnlySpan<byte> encoded, in PostingListFormat.Block block, ulong start, ulong span, uint* values);

/// <summary>As <see cref="BlockDecode32"/>, into 64-bit values.</summary>
internal unsafe delegate bool BlockDecode64(ReadOnlySpan<byte> encoded, in PostingListFormat.Block block, ulong start, ulong span, ulong* values);

/// <summary>
/// Every entry into the decoder. Each path's kernels are called directly, so the scalar and narrower vector paths
/// are proven on an AVX-512 machine too, where the public methods never reach them; the public row proves the
/// dispatch (CI runs the tests again with AVX-512 and with AVX2 disabled).
/// </summary>
internal static unsafe class PostingPaths
{
    public static readonly PostingPath[] All =
    [
        new("PostingList.Decode", PostingList.Decode, PostingList.Decode, null),
        With<UnpackScalar>(),
        With<UnpackVector128>(),
        With<UnpackAvx2>(),
        With<UnpackAvx512>(),
        With<UnpackAvx512Vbmi>(),
    ];

    public static readonly UnpackKernel[] Kernels =
    [
        Kernel<UnpackScalar>(),
        Kernel<UnpackVector128>(),
        Kernel<UnpackAvx2>(),
        Kernel<UnpackAvx512>(),
        Kernel<UnpackAvx512Vbmi>(),
    ];

    public static TheoryData<string> Names => new(All.Select(p => new TheoryDataRow<string>(p.Name) { Skip = p.SkipReason }));

    public static TheoryData<string> KernelNames => new(Kernels.Select(p => new TheoryDataRow<string>(p.Name) { Skip = p.SkipReason }));

    public static PostingPath Named(string name) => All.Single(p => p.Name == name);

    public static UnpackKernel KernelNamed(string name) => Kernels.Single(p => p.Name == name);

    /// <summary>The paths this machine runs.</summary>
    public static IEnumerable<PostingPath> Runnable => All.Where(p => p.SkipReason is null);

    private static PostingPath With<TUnpack>() where TUnpack : struct, IPostingUnpack =>
        new($"Decode<{typeof(TUnpack).Name}>", PostingList.Decode<TUnpack, uint>, PostingList.Decode<TUnpack, ulong>, Skip<TUnpack>());

    private static UnpackKernel Kernel<TUnpack>() where TUnpack : struct, IPostingUnpack => new(
        typeof(TUnpack).Name,
        (packed, width, deltas) => TUnpack.Unpack(ref *(byte*)packed, width, ref *(uint*)deltas),
        (packed, width, start, values) => TUnpack.Decode(ref *(byte*)packed, width, start, ref *(uint*)values),
        (packed, width, start, values) => TUnpack.Decode(ref *(byte*)packed, width, start, ref *(ulong*)values),
        (packed, width, start, values) => TUnpack.DecodePair(ref *(byte*)packed, width, start, ref *(uint*)values),
        (packed, width, start, values) => TUnpack.DecodePair(ref *(byte*)packed, width, start, ref *(ulong*)values),
        (relative, start, values, count) => TUnpack.Widen(ref *(uint*)relative, start, ref *(ulong*)values, count),
        (values, from, to, amount) => TUnpack.AddRange(ref *(uint*)values, from, to, amount),
        (values, from, to, amount) => TUnpack.AddRange(ref *(ulong*)values, from, to, amount),
        (encoded, in block, start, span, values) => PostingBlockDecoder.TryDecode<TUnpack, uint>(encoded, block, PostingListFormat.BlockLength, start, span, ref *values),
        (encoded, in block, start, span, values) => PostingBlockDecoder.TryDecode<TUnpack, ulong>(encoded, block, PostingListFormat.BlockLength, start, span, ref *values),
        Skip<TUnpack>());

    private static string? Skip<TUnpack>() where TUnpack : struct, IPostingUnpack =>
        SkipReasons.Lacking(TUnpack.IsSupported, $"the instruction set of {typeof(TUnpack).Name}");
}
