using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>Work done with one path's kernels, whichever <see cref="UnpackPath.Run{TOperation, TResult}"/> picks for this machine.</summary>
internal interface IUnpackOperation<TResult>
{
    TResult Run<TUnpack>() where TUnpack : struct, IPostingUnpack;
}

/// <summary>The one place a posting list path is chosen, for the whole-list decoder and the reader's blocks alike.</summary>
internal static class UnpackPath
{
    /// <summary>Runs <paramref name="operation"/> with the widest path this machine supports.</summary>
    // PERF: IsSupported folds to a constant when the caller is compiled, so this inlines to one direct call.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TResult Run<TOperation, TResult>(scoped ref TOperation operation)
        where TOperation : IUnpackOperation<TResult>, allows ref struct =>
        UnpackAvx512Vbmi.IsSupported ? operation.Run<UnpackAvx512Vbmi>()
        : UnpackAvx512.IsSupported ? operation.Run<UnpackAvx512>()
        : UnpackAvx2.IsSupported ? operation.Run<UnpackAvx2>()
        : UnpackVector128.IsSupported ? operation.Run<UnpackVector128>()
        : operation.Run<UnpackScalar>();
}
