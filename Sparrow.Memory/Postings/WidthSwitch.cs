using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>A low width of the vertical layout (0..32) as a type, so a kernel generic over it is compiled once per width with every shift and row a constant.</summary>
internal interface IBitWidth
{
    static abstract int Value { get; }
}

/// <summary>Width 0: no bytes, every delta 0 (a run of consecutive ids); kernels run it without the switch.</summary>
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

/// <summary>What a width-specialised kernel reads and writes: the packed rows, and the deltas or values it writes from <see cref="Start"/>.</summary>
internal ref struct KernelArguments
{
    public ref byte Packed;
    public ref uint Narrow;
    public ref ulong Wide;
    public ulong Start;
    /// <summary>Set by a decode kernel: the sum of the block's deltas plus one, modulo 2^32 (its last value minus <see cref="Start"/>).</summary>
    public uint Sum;
}

/// <summary>A kernel of a vector path, compiled per width by <see cref="WidthSwitch.Run{TKernel}"/>.</summary>
internal interface IWidthKernel
{
    static abstract void Run<TWidth>(ref KernelArguments arguments) where TWidth : struct, IBitWidth;
}

/// <summary>
/// The one switch from a block's width to its kernel specialised for that width: a jump table (the IL switch opcode),
/// then straight-line code whose shifts, masks and row offsets are constants and whose branches on them are folded.
/// </summary>
internal static class WidthSwitch
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Run<TKernel>(int width, ref KernelArguments arguments) where TKernel : struct, IWidthKernel
    {
        switch (width)
        {
            case 1: TKernel.Run<Bits1>(ref arguments); break;
            case 2: TKernel.Run<Bits2>(ref arguments); break;
            case 3: TKernel.Run<Bits3>(ref arguments); break;
            case 4: TKernel.Run<Bits4>(ref arguments); break;
            case 5: TKernel.Run<Bits5>(ref arguments); break;
            case 6: TKernel.Run<Bits6>(ref arguments); break;
            case 7: TKernel.Run<Bits7>(ref arguments); break;
            case 8: TKernel.Run<Bits8>(ref arguments); break;
            case 9: TKernel.Run<Bits9>(ref arguments); break;
            case 10: TKernel.Run<Bits10>(ref arguments); break;
            case 11: TKernel.Run<Bits11>(ref arguments); break;
            case 12: TKernel.Run<Bits12>(ref arguments); break;
            case 13: TKernel.Run<Bits13>(ref arguments); break;
            case 14: TKernel.Run<Bits14>(ref arguments); break;
            case 15: TKernel.Run<Bits15>(ref arguments); break;
            case 16: TKernel.Run<Bits16>(ref arguments); break;
            case 17: TKernel.Run<Bits17>(ref arguments); break;
            case 18: TKernel.Run<Bits18>(ref arguments); break;
            case 19: TKernel.Run<Bits19>(ref arguments); break;
            case 20: TKernel.Run<Bits20>(ref arguments); break;
            case 21: TKernel.Run<Bits21>(ref arguments); break;
            case 22: TKernel.Run<Bits22>(ref arguments); break;
            case 23: TKernel.Run<Bits23>(ref arguments); break;
            case 24: TKernel.Run<Bits24>(ref arguments); break;
            case 25: TKernel.Run<Bits25>(ref arguments); break;
            case 26: TKernel.Run<Bits26>(ref arguments); break;
            case 27: TKernel.Run<Bits27>(ref arguments); break;
            case 28: TKernel.Run<Bits28>(ref arguments); break;
            case 29: TKernel.Run<Bits29>(ref arguments); break;
            case 30: TKernel.Run<Bits30>(ref arguments); break;
            case 31: TKernel.Run<Bits31>(ref arguments); break;
            case 32: TKernel.Run<Bits32>(ref arguments); break;
        }
    }

    /// <summary>
    /// The widths of <see cref="UnpackAvx512Vbmi"/>'s kernels, as the switch above: 4..10 and 12 to
    /// <typeparamref name="TWordKernel"/> (sums in 16-bit lanes), 11 and 13..24 to <typeparamref name="TDwordKernel"/>
    /// (fields gathered by byte permutes, sums in 32-bit lanes); false, running nothing, for any other width.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool RunPermuted<TWordKernel, TDwordKernel>(int width, ref KernelArguments arguments)
        where TWordKernel : struct, IWidthKernel
        where TDwordKernel : struct, IWidthKernel
    {
        switch (width)
        {
            case 4: TWordKernel.Run<Bits4>(ref arguments); return true;
            case 5: TWordKernel.Run<Bits5>(ref arguments); return true;
            case 6: TWordKernel.Run<Bits6>(ref arguments); return true;
            case 7: TWordKernel.Run<Bits7>(ref arguments); return true;
            case 8: TWordKernel.Run<Bits8>(ref arguments); return true;
            case 9: TWordKernel.Run<Bits9>(ref arguments); return true;
            case 10: TWordKernel.Run<Bits10>(ref arguments); return true;
            case 11: TDwordKernel.Run<Bits11>(ref arguments); return true;
            case 12: TWordKernel.Run<Bits12>(ref arguments); return true;
            case 13: TDwordKernel.Run<Bits13>(ref arguments); return true;
            case 14: TDwordKernel.Run<Bits14>(ref arguments); return true;
            case 15: TDwordKernel.Run<Bits15>(ref arguments); return true;
            case 16: TDwordKernel.Run<Bits16>(ref arguments); return true;
            case 17: TDwordKernel.Run<Bits17>(ref arguments); return true;
            case 18: TDwordKernel.Run<Bits18>(ref arguments); return true;
            case 19: TDwordKernel.Run<Bits19>(ref arguments); return true;
            case 20: TDwordKernel.Run<Bits20>(ref arguments); return true;
            case 21: TDwordKernel.Run<Bits21>(ref arguments); return true;
            case 22: TDwordKernel.Run<Bits22>(ref arguments); return true;
            case 23: TDwordKernel.Run<Bits23>(ref arguments); return true;
            case 24: TDwordKernel.Run<Bits24>(ref arguments); return true;
            default: return false;
        }
    }
}
