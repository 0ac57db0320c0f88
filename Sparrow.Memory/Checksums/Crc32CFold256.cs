using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>The 256-bit folding path of <see cref="Crc32C"/> (VPCLMULQDQ on ymm): <see cref="Crc32CFolding"/> in 32-byte vectors.</summary>
internal static unsafe class Crc32CFold256
{
    /// <summary>Whether this path can run: 256-bit VPCLMULQDQ, AVX2 (the constants' broadcast) and the 64-bit crc32 instruction (the final reduction).</summary>
    public static bool IsSupported
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Pclmulqdq.V256.IsSupported && Avx2.IsSupported && Sse42.X64.IsSupported;
    }

    // The constants live in this class, not in Lanes, so initialising the path's own type initialises them: the
    // JIT then reads them as constants, with no class-initialisation check on the path.
    private static readonly Vector256<ulong> Four = Vector256.Create(FoldConstants.Lane(4 * 256));
    private static readonly Vector256<ulong> Three = Vector256.Create(FoldConstants.Lane(3 * 256));
    private static readonly Vector256<ulong> Two = Vector256.Create(FoldConstants.Lane(2 * 256));
    private static readonly Vector256<ulong> One = Vector256.Create(FoldConstants.Lane(256));

    /// <summary>Lane 0 folded onto lane 1 (128 bits ahead); lane 1 multiplied by nothing.</summary>
    private static readonly Vector256<ulong> ToLane1 = Vector256.Create(FoldConstants.Lane(128), Vector128<ulong>.Zero);

    private static readonly Vector128<ulong>[] BytesAheadLanes = FoldConstants.BytesAhead(32);

    /// <summary>The pinned <see cref="BytesAheadLanes"/>' first entry: a constant address once the type is initialised.</summary>
    private static readonly nint BytesAheadAddress = (nint)Unsafe.AsPointer(ref BytesAheadLanes[0]);

    // PERF: never inlined into the dispatcher, which stays small for the short inputs it keeps to itself.
    /// <summary>Advances the raw CRC register <paramref name="register"/> over <paramref name="length"/> bytes, at least 32.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static uint Update(uint register, byte* source, nuint length) =>
        Crc32CFolding.Update<Lanes, Vector256<ulong>>(register, source, length);

    private readonly struct Lanes : IFoldLanes<Vector256<ulong>>
    {
        public static nuint Width => 32;

        public static Vector256<ulong> FourAhead => Four;

        public static Vector256<ulong> ThreeAhead => Three;

        public static Vector256<ulong> TwoAhead => Two;

        public static Vector256<ulong> OneAhead => One;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector256<ulong> BytesAhead(nuint bytes) => Avx2.BroadcastVector128ToVector256((ulong*)((Vector128<ulong>*)BytesAheadAddress + bytes));

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector256<ulong> Load(byte* source) => Vector256.Load((ulong*)source);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector256<ulong> LoadLast(byte* end, nuint bytes) =>
            Load(end - Width) & Vector256.LoadUnsafe(ref FoldConstants.TailMask(Width, bytes)).AsUInt64();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector256<ulong> LoadFirst(byte* source, uint state) => Load(source) ^ Vector256.CreateScalar((ulong)state);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector256<ulong> Fold(Vector256<ulong> accumulator, Vector256<ulong> constants, Vector256<ulong> data) =>
            Pclmulqdq.V256.CarrylessMultiply(accumulator, constants, 0x00) ^ Pclmulqdq.V256.CarrylessMultiply(accumulator, constants, 0x11) ^ data;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<ulong> ToLastLane(Vector256<ulong> accumulator)
        {
            Vector256<ulong> folded = Fold(accumulator, ToLane1, Vector256<ulong>.Zero);
            return folded.GetLower() ^ accumulator.GetUpper();
        }
    }
}
