using System.Runtime.CompilerServices;

namespace Sparrow.Formatting;

public readonly partial struct Etag
{
    /// <summary>
    /// The portable formatter: one lookup in <see cref="Tables.HexPairsUtf16"/> or
    /// <see cref="Tables.HexPairsUtf8"/> and one store per byte of the etag, at fixed offsets.
    /// </summary>
    /// <typeparam name="TChar"><see cref="char"/> (UTF-16) or <see cref="byte"/> (UTF-8).</typeparam>
    /// <param name="restarts">The first counter.</param>
    /// <param name="changes">The second counter.</param>
    /// <param name="destination">The first of 36 writable elements.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void FormatScalar<TChar>(ulong restarts, ulong changes, ref TChar destination)
        where TChar : unmanaged
    {
        WriteHexPair(ref destination, 0, (byte)(restarts >> 56));
        WriteHexPair(ref destination, 2, (byte)(restarts >> 48));
        WriteHexPair(ref destination, 4, (byte)(restarts >> 40));
        WriteHexPair(ref destination, 6, (byte)(restarts >> 32));
        WriteDash(ref destination, 8);
        WriteHexPair(ref destination, 9, (byte)(restarts >> 24));
        WriteHexPair(ref destination, 11, (byte)(restarts >> 16));
        WriteDash(ref destination, 13);
        WriteHexPair(ref destination, 14, (byte)(restarts >> 8));
        WriteHexPair(ref destination, 16, (byte)restarts);
        WriteDash(ref destination, 18);
        WriteHexPair(ref destination, 19, (byte)(changes >> 56));
        WriteHexPair(ref destination, 21, (byte)(changes >> 48));
        WriteDash(ref destination, 23);
        WriteHexPair(ref destination, 24, (byte)(changes >> 40));
        WriteHexPair(ref destination, 26, (byte)(changes >> 32));
        WriteHexPair(ref destination, 28, (byte)(changes >> 24));
        WriteHexPair(ref destination, 30, (byte)(changes >> 16));
        WriteHexPair(ref destination, 32, (byte)(changes >> 8));
        WriteHexPair(ref destination, 34, (byte)changes);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteHexPair<TChar>(ref TChar destination, int offset, byte value)
        where TChar : unmanaged
    {
        ref TChar target = ref Unsafe.Add(ref destination, offset);
        if (typeof(TChar) == typeof(byte))
        {
            Unsafe.WriteUnaligned(ref Unsafe.As<TChar, byte>(ref target), Tables.HexPairsUtf8[value]);
        }
        else
        {
            Unsafe.WriteUnaligned(ref Unsafe.As<TChar, byte>(ref target), Tables.HexPairsUtf16[value]);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteDash<TChar>(ref TChar destination, int offset)
        where TChar : unmanaged
    {
        if (typeof(TChar) == typeof(byte))
            Unsafe.As<TChar, byte>(ref Unsafe.Add(ref destination, offset)) = (byte)'-';
        else
            Unsafe.As<TChar, char>(ref Unsafe.Add(ref destination, offset)) = '-';
    }
}
