using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>Key starts of 2 bytes: a table whose keys together hold at most <see cref="ushort.MaxValue"/> bytes (a page, an index block).</summary>
internal readonly unsafe struct TwoByteKeyStarts : IKeyStarts
{
    public static int Width => sizeof(ushort);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int At(byte* starts, int slot) => ((ushort*)starts)[slot];

    public static void Put(byte* starts, int slot, int start) => ((ushort*)starts)[slot] = (ushort)start;
}
