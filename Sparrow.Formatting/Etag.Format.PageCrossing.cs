using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Formatting;

public readonly partial struct Etag
{
    /// <summary>
    /// Writes the 36 characters around <paramref name="boundary"/> (an element index, 0..36, where a page starts)
    /// with AVX-512 VBMI: the text rotated by the boundary in one vector, stored by masked stores that end exactly at
    /// the boundary or start exactly at it, so no store, masked lanes included, touches both pages.
    /// </summary>
    /// <remarks>
    /// Every store lies within 128 bytes of the boundary (64 for UTF-8), on the page of the text it writes: the bytes
    /// there are addressed but not written, so no page beyond the destination's own is touched. A UTF-16 destination
    /// at an odd address has a character split by the boundary; its stores are exact but that one pays the split.
    /// </remarks>
    /// <typeparam name="TChar"><see cref="char"/> (UTF-16) or <see cref="byte"/> (UTF-8).</typeparam>
    /// <param name="restarts">The first counter.</param>
    /// <param name="changes">The second counter.</param>
    /// <param name="destination">The first of 36 writable elements; nothing outside them is written.</param>
    /// <param name="boundary">The index of the first element on the second page, 0..36.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static unsafe void WriteAroundBoundaryAvx512<TChar>(ulong restarts, ulong changes, ref TChar destination, int boundary)
        where TChar : unmanaged
    {
        // PERF: a store that touches two pages costs as much as a split one even with the lanes on one of them masked
        // off; a store ending at the boundary and one starting at it need the text shifted by a variable distance.
        // Lane j of the rotated text holds character (boundary + j) mod 64: a store ending at the boundary wants
        // character boundary - 64 + j in lane j and one starting at it boundary + j, the same lane modulo 64, so one
        // rotation serves both. The rotation is applied to the constant source-lane table (independent of the
        // digits), then one two-table permute picks each character from the digits or the dash vector.
        Vector512<byte> rotation = Vector512<byte>.Indices + Vector512.Create((byte)boundary);
        Vector512<byte> sourceLanes = Avx512Vbmi.PermuteVar64x8(TextSourceLanes(), rotation);
        Vector512<byte> rotated = Characters512(restarts, changes, sourceLanes);
        fixed (TChar* first = &destination)
        {
            TChar* pageStart = first + boundary;
            if (typeof(TChar) == typeof(byte))
            {
                byte* at = (byte*)pageStart;
                Vector512<byte> lane = Vector512<byte>.Indices;
                // Characters 0 .. boundary - 1, ending at the boundary; characters boundary .. 35, starting at it.
                Avx512BW.MaskStore(at - 64, Vector512.GreaterThanOrEqual(lane, Vector512.Create((byte)(64 - boundary))), rotated);
                Avx512BW.MaskStore(at, Vector512.LessThan(lane, Vector512.Create((byte)(FormattedLength - boundary))), rotated);
            }
            else
            {
                // Lane j of the lower widening holds character (boundary + j) mod 64, of the upper (boundary + 32 + j) mod 64.
                Vector512<ushort> lower = Avx512BW.ConvertToVector512UInt16(rotated.GetLower());
                Vector512<ushort> upper = Avx512BW.ConvertToVector512UInt16(rotated.GetUpper());
                Vector512<short> lane = Vector512<short>.Indices;
                ushort* at = (ushort*)pageStart;
                // Before the boundary: characters boundary - 32 .. boundary - 1, and 0 .. boundary - 33 (none unless
                // boundary > 32); from it: characters boundary .. boundary + 31, and boundary + 32 .. 35 (none unless
                // boundary < 4). The comparisons are signed: a negative bound selects every lane.
                Avx512BW.MaskStore(at - 32, Vector512.GreaterThanOrEqual(lane, Vector512.Create((short)(32 - boundary))).AsUInt16(), upper);
                Avx512BW.MaskStore(at, Vector512.LessThan(lane, Vector512.Create((short)(FormattedLength - boundary))).AsUInt16(), lower);
                if (boundary > 32)
                    Avx512BW.MaskStore(at - 64, Vector512.GreaterThanOrEqual(lane, Vector512.Create((short)(64 - boundary))).AsUInt16(), lower);
                if (boundary < FormattedLength - 32)
                    Avx512BW.MaskStore(at + 32, Vector512.LessThan(lane, Vector512.Create((short)(FormattedLength - 32 - boundary))).AsUInt16(), upper);
            }
        }
    }

    /// <summary>
    /// Text position → its lane in <c>[Digits256 | 32 unused lanes | '-' × 64]</c>: the digit lane (as in
    /// <see cref="FirstWindow"/>, <see cref="SecondWindow"/> and <see cref="ThirdWindow"/>, changes lanes counted
    /// from 16) or 64 for a dash; positions 36-63 are never stored.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<byte> TextSourceLanes() => Vector512.Create(
        0x09080B0A0D0C0F0EUL,  // 14, 15, 12, 13, 10, 11, 8, 9
        0x0302400504070640UL,  // -, 6, 7, 4, 5, -, 2, 3
        0x401D1C1F1E400100UL,  // 0, 1, -, 30, 31, 28, 29, -
        0x1514171619181B1AUL,  // 26, 27, 24, 25, 22, 23, 20, 21
        0x4040404011101312UL,  // 18, 19, 16, 17, then unused
        0x4040404040404040UL,
        0x4040404040404040UL,
        0x4040404040404040UL).AsByte();

    /// <summary>
    /// Writes the 36 characters in the UTF-8 windows (widened for UTF-16) with 16-byte stores,
    /// except that a window holding the <paramref name="boundary"/> (an element index, 0..36) is written as two
    /// 8-byte words, and the word holding it as the bytes on either side of it, so no store crosses it.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    internal static unsafe void WriteAroundBoundary<TChar>(ulong restarts, ulong changes, ref TChar destination, int boundary)
        where TChar : unmanaged
    {
        Digits128(restarts, changes, out Vector128<byte> restartsDigits, out Vector128<byte> changesDigits);
        Vector128<byte> first = FirstWindow(restartsDigits);
        Vector128<byte> second = SecondWindow(Middle(restartsDigits, changesDigits));
        Vector128<byte> third = ThirdWindow(changesDigits);
        ref byte target = ref Unsafe.As<TChar, byte>(ref destination);
        int split = boundary * sizeof(TChar);
        if (typeof(TChar) == typeof(byte))
        {
            StoreWindowAvoiding(ref target, 0, first, split);
            StoreWindowAvoiding(ref target, 16, second, split);
            StoreWindowAvoiding(ref target, 20, third, split);
        }
        else
        {
            StoreWindowAvoiding(ref target, 0, Vector128.WidenLower(first).AsByte(), split);
            StoreWindowAvoiding(ref target, 16, Vector128.WidenUpper(first).AsByte(), split);
            StoreWindowAvoiding(ref target, 32, Vector128.WidenLower(second).AsByte(), split);
            StoreWindowAvoiding(ref target, 48, Vector128.WidenUpper(second).AsByte(), split);
            StoreWindowAvoiding(ref target, 56, Vector128.WidenUpper(third).AsByte(), split);
        }
    }

    /// <summary>Stores 16 bytes at <paramref name="offset"/>: in one store, or as two words when byte <paramref name="split"/> falls inside them.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreWindowAvoiding(ref byte target, int offset, Vector128<byte> window, int split)
    {
        if (offset < split && split < offset + Vector128<byte>.Count)
        {
            StoreAvoiding(ref target, offset, window.AsUInt64().ToScalar(), split);
            StoreAvoiding(ref target, offset + sizeof(ulong), window.AsUInt64().GetElement(1), split);
        }
        else
        {
            window.StoreUnsafe(ref target, (nuint)offset);
        }
    }

    /// <summary>
    /// Stores <paramref name="word"/> at <paramref name="offset"/>: as one store, or, when byte <paramref name="split"/>
    /// falls inside it, the bytes before it and the bytes from it on, each by at most two overlapping stores.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreAvoiding(ref byte target, int offset, ulong word, int split)
    {
        ref byte at = ref Unsafe.Add(ref target, offset);
        int before = split - offset;
        if (before <= 0 || before >= sizeof(ulong))
        {
            Unsafe.WriteUnaligned(ref at, word);
            return;
        }

        StoreBytes(ref at, word, before);
        StoreBytes(ref Unsafe.Add(ref at, before), word >> (8 * before), sizeof(ulong) - before);
    }

    /// <summary>Stores the low <paramref name="count"/> (1..7) bytes of <paramref name="value"/> by at most two overlapping stores.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreBytes(ref byte at, ulong value, int count)
    {
        if (count >= sizeof(uint))
        {
            Unsafe.WriteUnaligned(ref at, (uint)value);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref at, count - sizeof(uint)), (uint)(value >> (8 * (count - sizeof(uint)))));
        }
        else if (count >= sizeof(ushort))
        {
            Unsafe.WriteUnaligned(ref at, (ushort)value);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref at, count - sizeof(ushort)), (ushort)(value >> (8 * (count - sizeof(ushort)))));
        }
        else
        {
            at = (byte)value;
        }
    }
}
