using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Formatting;

/// <summary>
/// ASCII text in either encoding, moved as bytes: UTF-16 is narrowed to bytes on the way in and bytes are
/// widened to UTF-16 on the way out, so a parser or formatter decodes or builds bytes once for both encodings.
/// The one place that narrows UTF-16 to bytes.
/// </summary>
/// <remarks>
/// Byte order: text is read and written as little-endian words and vectors (character 0 in the lowest byte or
/// lane), and the lookup tables are laid out for that order. Sparrow.Formatting supports little-endian machines
/// only (every platform the .NET JIT targets); no path has a big-endian variant. The vector paths run where
/// <see cref="Vector128.IsHardwareAccelerated"/>, a JIT-time constant, so only one path is compiled into each caller.
/// </remarks>
internal static class AsciiText
{
    /// <summary>
    /// Narrows 16 UTF-16 code units to bytes, clamping every unit above 0xFF to 0xFF, which is not ASCII: no
    /// character outside Latin-1 can pass for a digit or a separator.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector128<byte> Narrow(Vector128<ushort> lower, Vector128<ushort> upper) =>
        Vector128.NarrowWithSaturation(lower, upper);

    /// <summary>The scalar <see cref="Narrow"/>: four UTF-16 code units (unit 0 in the low 16 bits) → four bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static uint NarrowScalar(ulong units)
    {
        // Adding 0xFF to each unit's high byte carries into bit 8 exactly when that byte is nonzero; that bit,
        // times 0xFF, saturates the unit's low byte. Then the four low bytes are gathered in two steps.
        ulong high = (units >> 8) & 0x00FF00FF00FF00FF;
        ulong saturate = ((high + 0x00FF00FF00FF00FF) >> 8 & 0x0001000100010001) * 0xFF;
        ulong bytes = (units | saturate) & 0x00FF00FF00FF00FF;
        bytes = (bytes | bytes >> 8) & 0x0000FFFF0000FFFF;
        return (uint)(bytes | bytes >> 16);
    }

    /// <summary>The scalar widening: four bytes → four UTF-16 code units (unit 0 in the low 16 bits).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong WidenScalar(uint bytes)
    {
        ulong units = (bytes | (ulong)bytes << 16) & 0x0000FFFF0000FFFF;
        return (units | units << 8) & 0x00FF00FF00FF00FF;
    }

    /// <summary>The element (char or byte) at <paramref name="position"/>, as a code unit.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static uint Read<TChar>(ref TChar source, int position)
        where TChar : unmanaged
    {
        return typeof(TChar) == typeof(byte)
            ? Unsafe.As<TChar, byte>(ref Unsafe.Add(ref source, position))
            : Unsafe.As<TChar, char>(ref Unsafe.Add(ref source, position));
    }

    /// <summary>16 elements (char or byte) from <paramref name="offset"/> as 16 bytes, UTF-16 narrowed by <see cref="Narrow"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector128<byte> Load16<TChar>(ref TChar source, int offset)
        where TChar : unmanaged
    {
        if (typeof(TChar) == typeof(byte))
            return Vector128.LoadUnsafe(ref Unsafe.As<TChar, byte>(ref source), (nuint)offset);
        ref ushort units = ref Unsafe.As<TChar, ushort>(ref Unsafe.Add(ref source, offset));
        return Narrow(Vector128.LoadUnsafe(ref units), Vector128.LoadUnsafe(ref units, 8));
    }

    /// <summary>
    /// 16 elements (char or byte) from <paramref name="offset"/> as two little-endian words of 8 bytes each;
    /// UTF-16 is narrowed by <see cref="Narrow"/> when <paramref name="vectorized"/>, else by <see cref="NarrowScalar"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void LoadWords<TChar>(ref TChar source, int offset, bool vectorized, out ulong low, out ulong high)
        where TChar : unmanaged
    {
        if (typeof(TChar) == typeof(byte))
        {
            ref byte bytes = ref Unsafe.As<TChar, byte>(ref Unsafe.Add(ref source, offset));
            low = Unsafe.ReadUnaligned<ulong>(ref bytes);
            high = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref bytes, 8));
        }
        else if (vectorized)
        {
            Vector128<ulong> words = Load16(ref source, offset).AsUInt64();
            low = words.ToScalar();
            high = words.GetElement(1);
        }
        else
        {
            ref byte units = ref Unsafe.As<TChar, byte>(ref Unsafe.Add(ref source, offset));
            low = NarrowScalar(Unsafe.ReadUnaligned<ulong>(ref units))
                | (ulong)NarrowScalar(Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref units, 8))) << 32;
            high = NarrowScalar(Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref units, 16)))
                | (ulong)NarrowScalar(Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref units, 24))) << 32;
        }
    }

    /// <summary>
    /// Writes two little-endian words of 8 ASCII bytes as 16 elements (char or byte) from <paramref name="offset"/>;
    /// UTF-16 is widened by one Vector256 (or two Vector128) widening when <paramref name="vectorized"/>, else
    /// by <see cref="WidenScalar"/> into four 8-byte stores.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void StoreWords<TChar>(ref TChar destination, int offset, bool vectorized, ulong low, ulong high)
        where TChar : unmanaged
    {
        if (typeof(TChar) == typeof(byte))
        {
            ref byte bytes = ref Unsafe.As<TChar, byte>(ref Unsafe.Add(ref destination, offset));
            Unsafe.WriteUnaligned(ref bytes, low);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref bytes, 8), high);
        }
        else if (vectorized)
        {
            ref ushort units = ref Unsafe.As<TChar, ushort>(ref Unsafe.Add(ref destination, offset));
            Vector128<byte> text = Vector128.Create(low, high).AsByte();
            if (Vector256.IsHardwareAccelerated)
            {
                Vector256.WidenLower(text.ToVector256Unsafe()).StoreUnsafe(ref units);
            }
            else
            {
                Vector128.WidenLower(text).StoreUnsafe(ref units);
                Vector128.WidenUpper(text).StoreUnsafe(ref units, 8);
            }
        }
        else
        {
            ref byte units = ref Unsafe.As<TChar, byte>(ref Unsafe.Add(ref destination, offset));
            Unsafe.WriteUnaligned(ref units, WidenScalar((uint)low));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref units, 8), WidenScalar((uint)(low >> 32)));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref units, 16), WidenScalar((uint)high));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref units, 24), WidenScalar((uint)(high >> 32)));
        }
    }
}
