using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>Key starts of 4 bytes: a table whose keys together hold more than <see cref="ushort.MaxValue"/> bytes.</summary>
internal readonly unsafe struct FourByteKeyStarts : IKeyStarts
{
    public static int Width => sizeof(int);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int At(byte* starts, int slot) => ((int*)starts)[slot];

    public static void Put(byte* starts, int slot, int start) => ((int*)starts)[slot] = start;
}
