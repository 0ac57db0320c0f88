using System.Runtime.CompilerServices;

namespace IlDump.Fixtures;

/// <summary>
/// The small-size dispatch of a memcmp, kept (a dense switch: IL <c>switch</c>, a jump table) and lost
/// (the same cases as an if/else ladder, the refactor il-dump must catch).
/// </summary>
public static unsafe class Dispatch
{
    public static int WithSwitch(byte* p1, byte* p2, int size)
    {
        switch (size)
        {
            case 0: return 0;
            case 1: return p1[0] - p2[0];
            case 2: return Diff(Unsafe.ReadUnaligned<ushort>(p1), Unsafe.ReadUnaligned<ushort>(p2));
            case 3: return Diff(Unsafe.ReadUnaligned<ushort>(p1), Unsafe.ReadUnaligned<ushort>(p2)) | (p1[2] - p2[2]);
            case 4: return Diff(Unsafe.ReadUnaligned<uint>(p1), Unsafe.ReadUnaligned<uint>(p2));
            case 5: return Diff(Unsafe.ReadUnaligned<uint>(p1), Unsafe.ReadUnaligned<uint>(p2)) | (p1[4] - p2[4]);
            case 6: return Diff(Unsafe.ReadUnaligned<uint>(p1), Unsafe.ReadUnaligned<uint>(p2)) | (p1[5] - p2[5]);
            case 7: return Diff(Unsafe.ReadUnaligned<uint>(p1), Unsafe.ReadUnaligned<uint>(p2)) | (p1[6] - p2[6]);
            case 8: return Diff(Unsafe.ReadUnaligned<ulong>(p1), Unsafe.ReadUnaligned<ulong>(p2));
            case 9: return Diff(Unsafe.ReadUnaligned<ulong>(p1), Unsafe.ReadUnaligned<ulong>(p2)) | (p1[8] - p2[8]);
            case 10: return Diff(Unsafe.ReadUnaligned<ulong>(p1 + 2), Unsafe.ReadUnaligned<ulong>(p2 + 2));
            case 11: return Diff(Unsafe.ReadUnaligned<ulong>(p1 + 3), Unsafe.ReadUnaligned<ulong>(p2 + 3));
            case 12: return Diff(Unsafe.ReadUnaligned<ulong>(p1 + 4), Unsafe.ReadUnaligned<ulong>(p2 + 4));
            case 13: return Diff(Unsafe.ReadUnaligned<ulong>(p1 + 5), Unsafe.ReadUnaligned<ulong>(p2 + 5));
            case 14: return Diff(Unsafe.ReadUnaligned<ulong>(p1 + 6), Unsafe.ReadUnaligned<ulong>(p2 + 6));
            case 15: return Diff(Unsafe.ReadUnaligned<ulong>(p1 + 7), Unsafe.ReadUnaligned<ulong>(p2 + 7));
            case 16: return Diff(Unsafe.ReadUnaligned<ulong>(p1 + 8), Unsafe.ReadUnaligned<ulong>(p2 + 8));
            default: return size;
        }
    }

    public static int WithIfElseLadder(byte* p1, byte* p2, int size)
    {
        if (size < 8)
        {
            if (size < 4)
            {
                if (size == 0) return 0;
                if (size == 1) return p1[0] - p2[0];
                if (size == 2) return Diff(Unsafe.ReadUnaligned<ushort>(p1), Unsafe.ReadUnaligned<ushort>(p2));
                return Diff(Unsafe.ReadUnaligned<ushort>(p1), Unsafe.ReadUnaligned<ushort>(p2)) | (p1[2] - p2[2]);
            }

            if (size == 4) return Diff(Unsafe.ReadUnaligned<uint>(p1), Unsafe.ReadUnaligned<uint>(p2));
            if (size == 5) return Diff(Unsafe.ReadUnaligned<uint>(p1), Unsafe.ReadUnaligned<uint>(p2)) | (p1[4] - p2[4]);
            if (size == 6) return Diff(Unsafe.ReadUnaligned<uint>(p1), Unsafe.ReadUnaligned<uint>(p2)) | (p1[5] - p2[5]);
            return Diff(Unsafe.ReadUnaligned<uint>(p1), Unsafe.ReadUnaligned<uint>(p2)) | (p1[6] - p2[6]);
        }

        if (size > 16) return size;
        if (size == 8) return Diff(Unsafe.ReadUnaligned<ulong>(p1), Unsafe.ReadUnaligned<ulong>(p2));
        if (size == 9) return Diff(Unsafe.ReadUnaligned<ulong>(p1), Unsafe.ReadUnaligned<ulong>(p2)) | (p1[8] - p2[8]);
        int tail = size - 8;
        return Diff(Unsafe.ReadUnaligned<ulong>(p1 + tail), Unsafe.ReadUnaligned<ulong>(p2 + tail));
    }

    private static int Diff(ulong a, ulong b) => a == b ? 0 : a < b ? -1 : 1;
}
