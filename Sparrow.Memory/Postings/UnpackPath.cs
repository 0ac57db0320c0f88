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

    /// <summary>
    /// The last block the reader's walk passes skip records a group at a time from, on this machine's path (-1 for none: a
    /// record at a time): eight with VBMI's byte permute (<see cref="UnpackAvx512Vbmi.LastGroup"/>).
    /// </summary>
    public static int LastRecordGroup(int blockCount, int recordsStart, int recordBits, ulong spanBase, int length) =>
        UnpackAvx512Vbmi.IsSupported ? UnpackAvx512Vbmi.LastGroup(blockCount, recordsStart, recordBits, spanBase, length) : -1;

    /// <summary>Records a group of the walk's holds on this machine's path (where <see cref="LastRecordGroup"/> is not -1).</summary>
    public static int RecordGroup => UnpackAvx512Vbmi.GroupRecords;

    /// <summary>Moves <paramref name="walk"/> forward a group of records at a time (<see cref="UnpackAvx512Vbmi.PassGroups"/>), toward <paramref name="target"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void PassRecordGroups(ref RecordWalk walk, ulong target)
    {
        if (UnpackAvx512Vbmi.IsSupported)
            UnpackAvx512Vbmi.PassGroups(ref walk, target);
    }
}
