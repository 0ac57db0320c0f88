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
    Action<IntPtr, uint, IntPtr> PrefixSum32,
    Action<IntPtr, ulong, IntPtr> PrefixSum64,
    Action<IntPtr, int, uint, IntPtr> Decode32,
    Action<IntPtr, int, ulong, IntPtr> Decode64,
    Action<IntPtr, ulong, IntPtr, int> Widen,
    string? SkipReason);

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
    ];

    public static readonly UnpackKernel[] Kernels =
    [
        Kernel<UnpackScalar>(),
        Kernel<UnpackVector128>(),
        Kernel<UnpackAvx2>(),
        Kernel<UnpackAvx512>(),
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
        (deltas, start, values) => TUnpack.PrefixSum(ref *(uint*)deltas, start, ref *(uint*)values),
        (deltas, start, values) => TUnpack.PrefixSum(ref *(uint*)deltas, start, ref *(ulong*)values),
        (packed, width, start, values) => TUnpack.Decode(ref *(byte*)packed, width, start, ref *(uint*)values),
        (packed, width, start, values) => TUnpack.Decode(ref *(byte*)packed, width, start, ref *(ulong*)values),
        (relative, start, values, count) => TUnpack.Widen(ref *(uint*)relative, start, ref *(ulong*)values, count),
        Skip<TUnpack>());

    private static string? Skip<TUnpack>() where TUnpack : struct, IPostingUnpack =>
        SkipReasons.Lacking(TUnpack.IsSupported, $"the instruction set of {typeof(TUnpack).Name}");
}
