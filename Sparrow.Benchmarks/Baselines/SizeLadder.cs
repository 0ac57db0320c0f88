using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using Sparrow.Storage;

namespace Sparrow.Benchmarks.Baselines;

/// <summary>
/// The small-size dispatch Sparrow's portable path had before the size switch (SizeClasses.Portable): a ladder of
/// compares over four size classes (8..16 tested first, then the blocks, 4..7, 1..3, 0), each class at offsets
/// computed from the size. It drives the library's own operations (CompareOperation, EqualOperation, CopyOperation,
/// SetOperation) with the same class members, so the dispatch is the only difference measured (SizeDispatchBenchmarks).
/// </summary>
internal static unsafe class SizeLadder
{
    private const int MaxWordsSize = SizeClasses.MaxWordsSize;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TResult Dispatch<TOperation, TResult>(TOperation operation, int size)
        where TOperation : struct, ISizeClassOperation<TResult>
    {
        nuint lastWord = (uint)size - sizeof(ulong);
        if (lastWord <= sizeof(ulong))
            return operation.TwoWords<ulong>(lastWord);
        if (size > MaxWordsSize)
            return Blocks<TOperation, TResult>(operation, (nuint)size);
        if (size >= sizeof(uint))
            return operation.TwoWords<uint>((nuint)size - sizeof(uint));
        if (size > 0)
            return operation.UpToThreeBytes((nuint)size);
        if (size == 0)
            return operation.Empty();
        return ThrowNegativeSize<TResult>();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TResult Blocks<TOperation, TResult>(TOperation operation, nuint size)
        where TOperation : struct, ISizeClassOperation<TResult> =>
        Vector256.IsHardwareAccelerated ? operation.VectorBlocks(size)
            : Sparrow.Storage.AdvSimdBlocks.IsSupported ? operation.AdvSimdBlocks(size)
            : operation.WordBlocks(size);

    [DoesNotReturn]
    private static TResult ThrowNegativeSize<TResult>() =>
        throw new ArgumentOutOfRangeException("size", "The size must not be negative.");
}
