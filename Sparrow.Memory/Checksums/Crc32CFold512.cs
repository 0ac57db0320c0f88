using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Storage;

/// <summary>The 512-bit folding path of <see cref="Crc32C"/> (VPCLMULQDQ on zmm): <see cref="Crc32CFolding"/> in 64-byte vectors.</summary>
internal static unsafe class Crc32CFold512
{
    /// <summary>Whether this path can run: 512-bit VPCLMULQDQ, AVX-512 F (three-way XOR) and the 64-bit crc32 instruction.</summary>
    public static bool IsSupported
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Pclmulqdq.V512.IsSupported && Avx512F.IsSupported && Sse42.X64.IsSupported;
    }

    // The constants live in this class, not in Lanes, so initialising the path's own type initialises them: the
    // JIT then reads them as constants, with no class-initialisation check on the path.
    private static readonly Vector512<ulong> Four = Vector512.Create(FoldConstants.Lane(4 * 512));
    private static readonly Vector512<ulong> Three = Vector512.Create(FoldConstants.Lane(3 * 512));
    private static readonly Vector512<ulong> Two = Vector512.Create(FoldConstants.Lane(2 * 512));
    private static readonly Vector512<ulong> One = Vector512.Create(FoldConstants.Lane(512));

    /// <summary>Lanes 0, 1 and 2 folded onto lane 3 (384, 256 and 128 bits ahead); lane 3 multiplied by nothing.</summary>
    private static readonly Vector512<ulong> ToLane3 = Vector512.Create(
        Vector256.Create(FoldConstants.Lane(3 * 128), FoldConstants.Lane(2 * 128)),
        Vector256.Create(FoldConstants.Lane(128), Vector128<ulong>.Zero));

    private static readonly Vector128<ulong>[] BytesAheadLanes = FoldConstants.BytesAhead(64);

    /// <summary>The pinned <see cref="BytesAheadLanes"/>' first entry: a constant address once the type is initialised.</summary>
    private static readonly nint BytesAheadAddress = (nint)Unsafe.AsPointer(ref BytesAheadLanes[0]);

    /// <summary>Advances the raw CRC register <paramref name="register"/> over <paramref name="length"/> bytes, at least 64.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint Update(uint register, byte* source, nuint length) =>
        Crc32CFolding.Update<Lanes, Vector512<ulong>>(register, source, length);

    /// <summary><see cref="Update(uint, byte*, nuint)"/> of the bytes at <paramref name="source"/>, pinned here: <see cref="Crc32C"/>'s entry.</summary>
    // PERF: the dispatcher's one call (never inlined into it, which stays small for the short inputs it keeps to
    // itself); the pin lives here and the path is inlined here, so a long input pays one call, not a pinning
    // call and then the path's.
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static uint Update(uint register, ref byte source, nuint length)
    {
        fixed (byte* p = &source)
            return Update(register, p, length);
    }

    private readonly struct Lanes : IFoldLanes<Vector512<ulong>>
    {
        public static nuint Width => 64;

        public static Vector512<ulong> FourAhead => Four;

        public static Vector512<ulong> ThreeAhead => Three;

        public static Vector512<ulong> TwoAhead => Two;

        public static Vector512<ulong> OneAhead => One;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector512<ulong> BytesAhead(nuint bytes) => Avx512F.BroadcastVector128ToVector512((uint*)((Vector128<ulong>*)BytesAheadAddress + bytes)).AsUInt64();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector512<ulong> Load(byte* source) => Vector512.Load((ulong*)source);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector512<ulong> LoadLast(byte* end, nuint bytes) =>
            Load(end - Width) & Vector512.LoadUnsafe(ref FoldConstants.TailMask(Width, bytes)).AsUInt64();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector512<ulong> LoadFirst(byte* source, uint state) => Load(source) ^ Vector512.CreateScalar((ulong)state);

        // PERF: the two products and the data XORed by one vpternlogq (0x96: a ^ b ^ c).
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector512<ulong> Fold(Vector512<ulong> accumulator, Vector512<ulong> constants, Vector512<ulong> data) =>
            Avx512F.TernaryLogic(
                Pclmulqdq.V512.CarrylessMultiply(accumulator, constants, 0x00), Pclmulqdq.V512.CarrylessMultiply(accumulator, constants, 0x11), data, 0x96);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<ulong> ToLastLane(Vector512<ulong> accumulator)
        {
            Vector512<ulong> folded = Fold(accumulator, ToLane3, Vector512<ulong>.Zero);
            return folded.GetLower().GetLower() ^ folded.GetLower().GetUpper() ^ folded.GetUpper().GetLower() ^ accumulator.GetUpper().GetUpper();
        }
    }
}
