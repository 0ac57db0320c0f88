using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>A low width of the vertical layout (0..32) as a type, so a kernel generic over it is compiled once per width with every shift and row a constant.</summary>
internal interface IBitWidth
{
    static abstract int Value { get; }
}

/// <summary>Width 0: no bytes, every delta 0 (a run of consecutive ids).</summary>
internal readonly struct Bits0 : IBitWidth { public static int Value => 0; }

internal readonly struct Bits1 : IBitWidth { public static int Value => 1; }
internal readonly struct Bits2 : IBitWidth { public static int Value => 2; }
internal readonly struct Bits3 : IBitWidth { public static int Value => 3; }
internal readonly struct Bits4 : IBitWidth { public static int Value => 4; }
internal readonly struct Bits5 : IBitWidth { public static int Value => 5; }
internal readonly struct Bits6 : IBitWidth { public static int Value => 6; }
internal readonly struct Bits7 : IBitWidth { public static int Value => 7; }
internal readonly struct Bits8 : IBitWidth { public static int Value => 8; }
internal readonly struct Bits9 : IBitWidth { public static int Value => 9; }
internal readonly struct Bits10 : IBitWidth { public static int Value => 10; }
internal readonly struct Bits11 : IBitWidth { public static int Value => 11; }
internal readonly struct Bits12 : IBitWidth { public static int Value => 12; }
internal readonly struct Bits13 : IBitWidth { public static int Value => 13; }
internal readonly struct Bits14 : IBitWidth { public static int Value => 14; }
internal readonly struct Bits15 : IBitWidth { public static int Value => 15; }
internal readonly struct Bits16 : IBitWidth { public static int Value => 16; }
internal readonly struct Bits17 : IBitWidth { public static int Value => 17; }
internal readonly struct Bits18 : IBitWidth { public static int Value => 18; }
internal readonly struct Bits19 : IBitWidth { public static int Value => 19; }
internal readonly struct Bits20 : IBitWidth { public static int Value => 20; }
internal readonly struct Bits21 : IBitWidth { public static int Value => 21; }
internal readonly struct Bits22 : IBitWidth { public static int Value => 22; }
internal readonly struct Bits23 : IBitWidth { public static int Value => 23; }
internal readonly struct Bits24 : IBitWidth { public static int Value => 24; }
internal readonly struct Bits25 : IBitWidth { public static int Value => 25; }
internal readonly struct Bits26 : IBitWidth { public static int Value => 26; }
internal readonly struct Bits27 : IBitWidth { public static int Value => 27; }
internal readonly struct Bits28 : IBitWidth { public static int Value => 28; }
internal readonly struct Bits29 : IBitWidth { public static int Value => 29; }
internal readonly struct Bits30 : IBitWidth { public static int Value => 30; }
internal readonly struct Bits31 : IBitWidth { public static int Value => 31; }
internal readonly struct Bits32 : IBitWidth { public static int Value => 32; }

/// <summary>A kernel of a vector path, compiled per width by <see cref="WidthSwitch.Run{TKernel}"/>.</summary>
internal interface IWidthKernel
{
    /// <summary>
    /// Unpacks or decodes the block at <paramref name="packed"/> into <paramref name="output"/> (128 32-bit deltas or
    /// values, or 128 64-bit values, as the kernel writes), from <paramref name="start"/>; returns the sum of the deltas
    /// plus one modulo 2^32 (a decode kernel) or 0 (an unpack kernel). A kernel of a pair of blocks decodes the next block
    /// too (16 × width bytes on, 128 values on), from the first's last value, and returns the second's sum in the high half.
    /// </summary>
    // PERF: the arguments in registers and the sum returned in one: through a struct on the stack, each block's call
    // zeroed it, stored three fields, and the kernel loaded them back before its first load of the rows.
    static abstract ulong Run<TWidth>(ref byte packed, ref byte output, ulong start) where TWidth : struct, IBitWidth;
}

/// <summary>
/// The one switch from a block's width (0..32) to its kernel specialised for that width: a jump table (the IL switch opcode),
/// then straight-line code whose shifts, masks and row offsets are constants and whose branches on them are folded.
/// </summary>
internal static class WidthSwitch
{
    /// <summary>Runs <typeparamref name="TKernel"/> for <paramref name="width"/>: what the kernel returns, or 0 for a width outside 0..32 (no kernel runs; callers check widths first).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Run<TKernel>(int width, ref byte packed, ref byte output, ulong start) where TKernel : struct, IWidthKernel
    {
        switch (width)
        {
            case 0: return TKernel.Run<Bits0>(ref packed, ref output, start);
            case 1: return TKernel.Run<Bits1>(ref packed, ref output, start);
            case 2: return TKernel.Run<Bits2>(ref packed, ref output, start);
            case 3: return TKernel.Run<Bits3>(ref packed, ref output, start);
            case 4: return TKernel.Run<Bits4>(ref packed, ref output, start);
            case 5: return TKernel.Run<Bits5>(ref packed, ref output, start);
            case 6: return TKernel.Run<Bits6>(ref packed, ref output, start);
            case 7: return TKernel.Run<Bits7>(ref packed, ref output, start);
            case 8: return TKernel.Run<Bits8>(ref packed, ref output, start);
            case 9: return TKernel.Run<Bits9>(ref packed, ref output, start);
            case 10: return TKernel.Run<Bits10>(ref packed, ref output, start);
            case 11: return TKernel.Run<Bits11>(ref packed, ref output, start);
            case 12: return TKernel.Run<Bits12>(ref packed, ref output, start);
            case 13: return TKernel.Run<Bits13>(ref packed, ref output, start);
            case 14: return TKernel.Run<Bits14>(ref packed, ref output, start);
            case 15: return TKernel.Run<Bits15>(ref packed, ref output, start);
            case 16: return TKernel.Run<Bits16>(ref packed, ref output, start);
            case 17: return TKernel.Run<Bits17>(ref packed, ref output, start);
            case 18: return TKernel.Run<Bits18>(ref packed, ref output, start);
            case 19: return TKernel.Run<Bits19>(ref packed, ref output, start);
            case 20: return TKernel.Run<Bits20>(ref packed, ref output, start);
            case 21: return TKernel.Run<Bits21>(ref packed, ref output, start);
            case 22: return TKernel.Run<Bits22>(ref packed, ref output, start);
            case 23: return TKernel.Run<Bits23>(ref packed, ref output, start);
            case 24: return TKernel.Run<Bits24>(ref packed, ref output, start);
            case 25: return TKernel.Run<Bits25>(ref packed, ref output, start);
            case 26: return TKernel.Run<Bits26>(ref packed, ref output, start);
            case 27: return TKernel.Run<Bits27>(ref packed, ref output, start);
            case 28: return TKernel.Run<Bits28>(ref packed, ref output, start);
            case 29: return TKernel.Run<Bits29>(ref packed, ref output, start);
            case 30: return TKernel.Run<Bits30>(ref packed, ref output, start);
            case 31: return TKernel.Run<Bits31>(ref packed, ref output, start);
            case 32: return TKernel.Run<Bits32>(ref packed, ref output, start);
            default: return 0;
        }
    }

    /// <summary>
    /// The widths of <see cref="UnpackAvx512Vbmi"/>'s kernels, as the switch above: 4..10 and 12 to
    /// <typeparamref name="TWordKernel"/> (sums in 16-bit lanes), 11 and 13..24 to <typeparamref name="TDwordKernel"/>
    /// (fields gathered by byte permutes, sums in 32-bit lanes); false, running nothing, for any other width.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool RunPermuted<TWordKernel, TDwordKernel>(int width, ref byte packed, ref byte output, ulong start, out ulong sum)
        where TWordKernel : struct, IWidthKernel
        where TDwordKernel : struct, IWidthKernel
    {
        switch (width)
        {
            case 4: sum = TWordKernel.Run<Bits4>(ref packed, ref output, start); return true;
            case 5: sum = TWordKernel.Run<Bits5>(ref packed, ref output, start); return true;
            case 6: sum = TWordKernel.Run<Bits6>(ref packed, ref output, start); return true;
            case 7: sum = TWordKernel.Run<Bits7>(ref packed, ref output, start); return true;
            case 8: sum = TWordKernel.Run<Bits8>(ref packed, ref output, start); return true;
            case 9: sum = TWordKernel.Run<Bits9>(ref packed, ref output, start); return true;
            case 10: sum = TWordKernel.Run<Bits10>(ref packed, ref output, start); return true;
            case 11: sum = TDwordKernel.Run<Bits11>(ref packed, ref output, start); return true;
            case 12: sum = TWordKernel.Run<Bits12>(ref packed, ref output, start); return true;
            case 13: sum = TDwordKernel.Run<Bits13>(ref packed, ref output, start); return true;
            case 14: sum = TDwordKernel.Run<Bits14>(ref packed, ref output, start); return true;
            case 15: sum = TDwordKernel.Run<Bits15>(ref packed, ref output, start); return true;
            case 16: sum = TDwordKernel.Run<Bits16>(ref packed, ref output, start); return true;
            case 17: sum = TDwordKernel.Run<Bits17>(ref packed, ref output, start); return true;
            case 18: sum = TDwordKernel.Run<Bits18>(ref packed, ref output, start); return true;
            case 19: sum = TDwordKernel.Run<Bits19>(ref packed, ref output, start); return true;
            case 20: sum = TDwordKernel.Run<Bits20>(ref packed, ref output, start); return true;
            case 21: sum = TDwordKernel.Run<Bits21>(ref packed, ref output, start); return true;
            case 22: sum = TDwordKernel.Run<Bits22>(ref packed, ref output, start); return true;
            case 23: sum = TDwordKernel.Run<Bits23>(ref packed, ref output, start); return true;
            case 24: sum = TDwordKernel.Run<Bits24>(ref packed, ref output, start); return true;
            default: sum = 0; return false;
        }
    }
}
