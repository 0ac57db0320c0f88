using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>The 128-bit folding path of <see cref="Crc32C"/> (PCLMULQDQ): <see cref="Crc32CFolding"/> in 16-byte vectors.</summary>
internal static unsafe class Crc32CFold128
{
    /// <summary>Whether this path can run: PCLMULQDQ and the 64-bit crc32 instruction (the final reduction).</summary>
    public static bool IsSupported
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Pclmulqdq.IsSupported && Sse42.X64.IsSupported;
    }

    // The constants live in this class, not in Lanes, so initialising the path's own type initialises them: the
    // JIT then reads them as constants, with no class-initialisation check on the path.
    private static readonly Vector128<ulong> Four = FoldConstants.Lane(4 * 128);
    private static readonly Vector128<ulong> Three = FoldConstants.Lane(3 * 128);
    private static readonly Vector128<ulong> Two = FoldConstants.Lane(2 * 128);
    private static readonly Vector128<ulong> One = FoldConstants.Lane(128);

    private static readonly Vector128<ulong>[] BytesAheadLanes = FoldConstants.BytesAhead(16);

    /// <summary>The pinned <see cref="BytesAheadLanes"/>' first entry: a constant address once the type is initialised.</summary>
    private static readonly nint BytesAheadAddress = (nint)Unsafe.AsPointer(ref BytesAheadLanes[0]);

    // PERF: never inlined into the dispatcher, which stays small for the short inputs it keeps to itself.
    /// <summary>Advances the raw CRC register <paramref name="register"/> over <paramref name="length"/> bytes, at least 16.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static uint Update(uint register, byte* source, nuint length) =>
        Crc32CFolding.Update<Lanes, Vector128<ulong>>(register, source, length);

    private readonly struct Lanes : IFoldLanes<Vector128<ulong>>
    {
        public static nuint Width => 16;

        public static Vector128<ulong> FourAhead => Four;

        public static Vector128<ulong> ThreeAhead => Three;

        public static Vector128<ulong> TwoAhead => Two;

        public static Vector128<ulong> OneAhead => One;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<ulong> BytesAhead(nuint bytes) => Vector128.Load((ulong*)((Vector128<ulong>*)BytesAheadAddress + bytes));

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<ulong> Load(byte* source) => Vector128.Load((ulong*)source);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<ulong> LoadLast(byte* end, nuint bytes) =>
            Load(end - Width) & Vector128.LoadUnsafe(ref FoldConstants.TailMask(Width, bytes)).AsUInt64();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<ulong> LoadFirst(byte* source, uint state) => Load(source) ^ Vector128.CreateScalar((ulong)state);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<ulong> Fold(Vector128<ulong> accumulator, Vector128<ulong> constants, Vector128<ulong> data) =>
            Pclmulqdq.CarrylessMultiply(accumulator, constants, 0x00) ^ Pclmulqdq.CarrylessMultiply(accumulator, constants, 0x11) ^ data;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<ulong> ToLastLane(Vector128<ulong> accumulator) => accumulator;
    }
}
