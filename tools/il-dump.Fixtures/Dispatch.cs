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

    /// <summary>
    /// A case per size, each setting its class's offset and jumping to the class's one body (the portable size
    /// switch's form): seventeen distinct IL targets, which the JIT merges back into a table of four.
    /// </summary>
    public static int WithSharedCases(byte* p1, byte* p2, int size)
    {
        nuint last;
        switch (size)
        {
            case 0: return 0;
            case 1: last = (uint)size - 1; goto Bytes;
            case 2: last = (uint)size - 1; goto Bytes;
            case 3: last = (uint)size - 1; goto Bytes;
            case 4: last = (uint)size - 4; goto UInts;
            case 5: last = (uint)size - 4; goto UInts;
            case 6: last = (uint)size - 4; goto UInts;
            case 7: last = (uint)size - 4; goto UInts;
            case 8: last = (uint)size - 8; goto ULongs;
            case 9: last = (uint)size - 8; goto ULongs;
            case 10: last = (uint)size - 8; goto ULongs;
            case 11: last = (uint)size - 8; goto ULongs;
            case 12: last = (uint)size - 8; goto ULongs;
            case 13: last = (uint)size - 8; goto ULongs;
            case 14: last = (uint)size - 8; goto ULongs;
            case 15: last = (uint)size - 8; goto ULongs;
            case 16: last = (uint)size - 8; goto ULongs;
            default: return size;
        }

    Bytes:
        return (p1[0] - p2[0]) | (p1[last] - p2[last]);
    UInts:
        return Diff(Unsafe.ReadUnaligned<uint>(p1), Unsafe.ReadUnaligned<uint>(p2)) | Diff(Unsafe.ReadUnaligned<uint>(p1 + last), Unsafe.ReadUnaligned<uint>(p2 + last));
    ULongs:
        return Diff(Unsafe.ReadUnaligned<ulong>(p1), Unsafe.ReadUnaligned<ulong>(p2)) | Diff(Unsafe.ReadUnaligned<ulong>(p1 + last), Unsafe.ReadUnaligned<ulong>(p2 + last));
    }

    /// <summary>The same classes with their sizes as merged case labels: a 17-entry switch of four distinct IL targets.</summary>
    public static int WithMergedLabels(byte* p1, byte* p2, int size)
    {
        switch (size)
        {
            case 0:
                return 0;
            case 1: case 2: case 3:
                return (p1[0] - p2[0]) | (p1[size - 1] - p2[size - 1]);
            case 4: case 5: case 6: case 7:
                return Diff(Unsafe.ReadUnaligned<uint>(p1), Unsafe.ReadUnaligned<uint>(p2)) | Diff(Unsafe.ReadUnaligned<uint>(p1 + size - 4), Unsafe.ReadUnaligned<uint>(p2 + size - 4));
            case 8: case 9: case 10: case 11: case 12: case 13: case 14: case 15: case 16:
                return Diff(Unsafe.ReadUnaligned<ulong>(p1), Unsafe.ReadUnaligned<ulong>(p2)) | Diff(Unsafe.ReadUnaligned<ulong>(p1 + size - 8), Unsafe.ReadUnaligned<ulong>(p2 + size - 8));
            default:
                return size;
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
