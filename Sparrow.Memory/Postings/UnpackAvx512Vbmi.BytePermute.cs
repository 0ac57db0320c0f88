using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>The VBMI gather of <see cref="UnpackAvx512"/>'s 16-lane kernels, for the widths the 16-bit sums do not take.</summary>
internal readonly partial struct UnpackAvx512Vbmi
{
    /// <summary>The widest width of <see cref="BytePermute"/>: a group's fields lie in at most four rows, a field in at most four bytes.</summary>
    public const int MaxPermutedWidth = PostingBlockDecoder.MaxFusedWidth;

    /// <summary>
    /// <see cref="UnpackAvx512"/>'s 16-lane kernels with their fields gathered by one byte permute (vpermb) of a 64-byte window
    /// of rows: the four bytes a field lies in into its lane, shifted and masked; for widths of whole bytes (16, 24), one
    /// two-table permute whose second table is zero, and nothing else. Widths 11 and 13..<see cref="MaxPermutedWidth"/>.
    /// </summary>
    internal readonly struct BytePermute : UnpackAvx512.IFieldGather
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static unsafe Vector512<uint> Fields<TWidth>(ref byte packed, int group) where TWidth : struct, IBitWidth
        {
            int width = TWidth.Value;
            ref byte table = ref Unsafe.AsRef<byte>(GroupTables + GroupTableOffset(width, group));
            Vector512<byte> bytes = Permute(ref packed, GroupWindow(width, group), ref table, width % 8 == 0);
            return width % 8 == 0 ? bytes.AsUInt32()
                : Avx512F.ShiftRightLogicalVariable(bytes.AsUInt32(), Vector512.LoadUnsafe(ref table, (nuint)Vector512<byte>.Count).AsUInt32()) & Vector512.Create((1u << width) - 1);
        }
    }

    /// <summary>Per width (11..<see cref="MaxPermutedWidth"/>) and group: <see cref="BytePermute"/>'s gather indexes and each lane's shift.</summary>
    private static readonly unsafe byte* GroupTables = BuildGroupTables();

    private const int Groups = PostingListFormat.BlockLength / 16;

    private static int GroupTableOffset(int width, int group) => ((width - 11) * Groups + group) * TableBytes;

    /// <summary>The first of the four rows group <paramref name="group"/>'s fields lie in, moved back at the block's end as <see cref="Window"/> moves a step's.</summary>
    private static int GroupWindow(int width, int group) => Math.Min(group * width / 8, width - 4);

    private static unsafe byte* BuildGroupTables()
    {
        byte* tables = AlignedTable((MaxPermutedWidth - 10) * Groups * TableBytes);
        for (int width = 11; width <= MaxPermutedWidth; width++)
        {
            for (int group = 0; group < Groups; group++)
            {
                var table = new Span<byte>(tables + GroupTableOffset(width, group), TableBytes);
                int window = GroupWindow(width, group);
                for (int lane = 0; lane < Vector512<uint>.Count; lane++)
                {
                    // Delta 16 × group + lane: field 4 × group + lane / 4 of lane string lane % 4.
                    int bit = (4 * group + lane / 4) * width, first = bit / 8, bytes = (bit % 8 + width + 7) / 8;
                    int Byte(int q) => 16 * (q / 4 - window) + 4 * (lane % 4) + q % 4;
                    for (int k = 0; k < 4; k++)
                        table[4 * lane + k] = (byte)(k < bytes ? Byte(first + k) : width % 8 == 0 ? Vector512<byte>.Count : Byte(first));
                    table[Vector512<byte>.Count + 4 * lane] = (byte)(bit % 8);
                }
            }
        }
        return tables;
    }

    private readonly struct PermutedNarrowKernel : IWidthKernel
    {
        // PERF: compiled on its own, as UnpackAvx512's kernels are.
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ulong Run<TWidth>(ref byte packed, ref byte output, ulong start) where TWidth : struct, IBitWidth => UnpackAvx512.DecodeNarrow<BytePermute, TWidth>(ref packed, ref Unsafe.As<byte, uint>(ref output), (uint)start);
    }

    private readonly struct PermutedWideKernel : IWidthKernel
    {
        // PERF: compiled on its own, as UnpackAvx512's kernels are.
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ulong Run<TWidth>(ref byte packed, ref byte output, ulong start) where TWidth : struct, IBitWidth => UnpackAvx512.DecodeWide<BytePermute, TWidth>(ref packed, ref Unsafe.As<byte, ulong>(ref output), start);
    }

    private readonly struct PermutedNarrowPairKernel : IWidthKernel
    {
        // PERF: compiled on its own, as UnpackAvx512's kernels are.
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ulong Run<TWidth>(ref byte packed, ref byte output, ulong start) where TWidth : struct, IBitWidth => UnpackAvx512.DecodeNarrowPair<BytePermute, TWidth>(ref packed, ref Unsafe.As<byte, uint>(ref output), (uint)start);
    }

    private readonly struct PermutedWidePairKernel : IWidthKernel
    {
        // PERF: compiled on its own, as UnpackAvx512's kernels are.
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static ulong Run<TWidth>(ref byte packed, ref byte output, ulong start) where TWidth : struct, IBitWidth => UnpackAvx512.DecodeWidePair<BytePermute, TWidth>(ref packed, ref Unsafe.As<byte, ulong>(ref output), start);
    }
}
