using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow.Formatting;

public readonly partial struct Etag
{
    /// <summary>
    /// The SIMD formatter. Each byte of the 16 little-endian bytes of (restarts, changes) is widened to a 16-bit lane
    /// holding its high nibble in the low byte and its low nibble in the high byte, and every nibble becomes its hex
    /// digit: 16 digits per counter (<c>R</c> and <c>C</c>, byte 0's pair first), which constant shuffles place,
    /// byte-reversed so most significant first, with the dashes OR-ed in. UTF-8 stores the output windows [0, 16),
    /// [16, 32) and [20, 36); UTF-16 places each character's digit in the low byte of a 16-bit lane directly (no
    /// separate widening), windows [0, 16), [16, 32) and [28, 36) on the Vector256 form, five 8-character windows on
    /// the Vector128 form; the Vector512 form (AVX-512 VBMI) places all 36 characters with one two-table permute. A
    /// destination that crosses a page boundary is written by <see cref="WriteAroundBoundaryAvx512"/> where AVX-512
    /// VBMI is present, by <see cref="WriteAroundBoundary"/> where not.
    /// </summary>
    /// <typeparam name="TChar"><see cref="char"/> (UTF-16) or <see cref="byte"/> (UTF-8).</typeparam>
    /// <param name="restarts">The first counter.</param>
    /// <param name="changes">The second counter.</param>
    /// <param name="destination">The first of 36 writable elements; nothing outside them is touched.</param>
    /// <param name="width">The form (<see cref="MachineFormatWidth"/> on the public path): a constant at every call site; every form is tested.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static unsafe void FormatVector<TChar>(ulong restarts, ulong changes, ref TChar destination, FormatWidth width)
        where TChar : unmanaged
    {
        // PERF: a vector store split across two pages costs several times an aligned one (the page-crossing case of
        // EtagTryFormatBenchmarks, against EtagTryFormat); one test of the address sends such a destination to
        // stores that each stay on one page.
        nuint untilPageEnd = PageSize - ((nuint)Unsafe.AsPointer(ref destination) & (PageSize - 1));
        if (untilPageEnd < (nuint)(FormattedLength * sizeof(TChar)))
        {
            if (Avx512Vbmi.IsSupported)
                WriteAroundBoundaryAvx512(restarts, changes, ref destination, (int)untilPageEnd / sizeof(TChar));
            else
                WriteAroundBoundary(restarts, changes, ref destination, (int)untilPageEnd / sizeof(TChar));
            return;
        }

        if (width == FormatWidth.Vector512)
            Store512(restarts, changes, ref destination);
        else if (width == FormatWidth.Vector256)
            Store256(restarts, changes, ref destination);
        else
            Store128(restarts, changes, ref destination);
    }

    /// <summary>The vector forms of the formatter, by the widest vector each uses.</summary>
    internal enum FormatWidth
    {
        Vector128,
        Vector256,
        Vector512,
    }

    /// <summary>The form this machine runs: the one place it is chosen (each test folds to a constant when compiled).</summary>
    // PERF: aggressively inlined, so the form is a constant in every caller: left as a call (a caller's inlining budget
    // spent), FormatVector would keep all three forms and choose at run time.
    internal static FormatWidth MachineFormatWidth
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Vector512.IsHardwareAccelerated && Avx512Vbmi.IsSupported ? FormatWidth.Vector512
            : Vector256.IsHardwareAccelerated ? FormatWidth.Vector256
            : FormatWidth.Vector128;
    }

    /// <summary>The Vector128 form: the digits of each counter in its own vector, every window one shuffle of one of them.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store128<TChar>(ulong restarts, ulong changes, ref TChar destination)
        where TChar : unmanaged
    {
        Digits128(restarts, changes, out Vector128<byte> restartsDigits, out Vector128<byte> changesDigits);
        Vector128<byte> middle = Middle(restartsDigits, changesDigits);
        if (typeof(TChar) == typeof(byte))
        {
            ref byte target = ref Unsafe.As<TChar, byte>(ref destination);
            FirstWindow(restartsDigits).StoreUnsafe(ref target);
            SecondWindow(middle).StoreUnsafe(ref target, 16);
            ThirdWindow(changesDigits).StoreUnsafe(ref target, 20);
        }
        else
        {
            // Index constants as in FirstWindow, with a zero lane (0x80) after each character: the UTF-16 high byte.
            ref byte target = ref Unsafe.As<TChar, byte>(ref destination);
            Vector128.Shuffle(restartsDigits, Vector128.Create(0x800D800C800F800EUL, 0x80098008800B800AUL).AsByte())  // 14, 15, 12, 13, 10, 11, 8, 9
                .StoreUnsafe(ref target);
            (Vector128.Shuffle(restartsDigits, Vector128.Create(0x8004800780068080UL, 0x8003800280808005UL).AsByte())  // -, 6, 7, 4, 5, -, 2, 3
                | Vector128.Create(0x000000000000002DUL, 0x00000000002D0000UL).AsByte()).StoreUnsafe(ref target, 16);  // '-' at 8 and 13
            (Vector128.Shuffle(middle, Vector128.Create(0x800E808080018000UL, 0x8080800D800C800FUL).AsByte())  // 0, 1, -, 14, 15, 12, 13, -
                | Vector128.Create(0x0000002D00000000UL, 0x002D000000000000UL).AsByte()).StoreUnsafe(ref target, 32);  // '-' at 18 and 23
            Vector128.Shuffle(changesDigits, Vector128.Create(0x80098008800B800AUL, 0x8005800480078006UL).AsByte())  // 10, 11, 8, 9, 6, 7, 4, 5
                .StoreUnsafe(ref target, 48);
            Vector128.Shuffle(changesDigits, Vector128.Create(0x8005800480078006UL, 0x8001800080038002UL).AsByte())  // 6, 7, 4, 5, 2, 3, 0, 1
                .StoreUnsafe(ref target, 56);
        }
    }

    /// <summary>
    /// The Vector256 form: the digits of both counters in one vector (R in the lower half, C in the upper), from one
    /// widening and one table shuffle; UTF-16 places 16 characters per in-lane shuffle.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store256<TChar>(ulong restarts, ulong changes, ref TChar destination)
        where TChar : unmanaged
    {
        Vector256<byte> digits = Digits256(restarts, changes);
        if (typeof(TChar) == typeof(byte))
        {
            Vector128<byte> restartsDigits = digits.GetLower();
            Vector128<byte> changesDigits = digits.GetUpper();
            ref byte target = ref Unsafe.As<TChar, byte>(ref destination);
            FirstWindow(restartsDigits).StoreUnsafe(ref target);
            SecondWindow(Middle(restartsDigits, changesDigits)).StoreUnsafe(ref target, 16);
            ThirdWindow(changesDigits).StoreUnsafe(ref target, 20);
        }
        else
        {
            // An in-lane shuffle (vpshufb) reads only its own 16-byte half, so each half is first given the counter
            // its characters come from: [R | R] for characters 0-15, [middle | C] for 16-31 (middle as in Middle).
            Vector256<byte> restartsTwice = Vector256.Shuffle(digits.AsUInt64(), Vector256.Create(0UL, 1, 0, 1)).AsByte();
            Vector256<byte> changesTwice = Vector256.Shuffle(digits.AsUInt64(), Vector256.Create(2UL, 3, 2, 3)).AsByte();
            Vector256<byte> middleThenChanges = Vector256.ConditionalSelect(Vector256.Create(0xFFFFUL, 0, 0, 0).AsByte(), restartsTwice, changesTwice);
            ref byte target = ref Unsafe.As<TChar, byte>(ref destination);
            // Source lane per character (the upper half's indices count from 16), '-' for a zero character.
            (Vector256.Shuffle(restartsTwice, Vector256.Create(0x800D800C800F800EUL, 0x80098008800B800AUL, 0x8014801780168080UL, 0x8013801280808015UL).AsByte())  // 14, 15, 12, 13, 10, 11, 8, 9 | -, 6, 7, 4, 5, -, 2, 3
                | Vector256.Create(0UL, 0UL, 0x000000000000002DUL, 0x00000000002D0000UL).AsByte()).StoreUnsafe(ref target);  // '-' at 8 and 13
            (Vector256.Shuffle(middleThenChanges, Vector256.Create(0x800E808080018000UL, 0x8080800D800C800FUL, 0x80198018801B801AUL, 0x8015801480178016UL).AsByte())  // 0, 1, -, 14, 15, 12, 13, - | 10, 11, 8, 9, 6, 7, 4, 5
                | Vector256.Create(0x0000002D00000000UL, 0x002D000000000000UL, 0UL, 0UL).AsByte()).StoreUnsafe(ref target, 32);  // '-' at 18 and 23
            Vector128.Shuffle(changesTwice.GetLower(), Vector128.Create(0x8005800480078006UL, 0x8001800080038002UL).AsByte())  // 6, 7, 4, 5, 2, 3, 0, 1
                .StoreUnsafe(ref target, 56);
        }
    }

    /// <summary>
    /// The Vector512 form: the 36 characters in one vector, each picked from the digits of both counters or the dash
    /// vector by one two-table permute (<see cref="TextSourceLanes"/>), then one masked store for UTF-8, and for
    /// UTF-16 the first 32 widened in one store and the last 4 in one 8-byte store.
    /// </summary>
    /// <remarks>PERF: one permute and one or two stores, where the Vector256 form shuffles, ORs in the dashes and stores each window (EtagTryFormatBenchmarks).</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe void Store512<TChar>(ulong restarts, ulong changes, ref TChar destination)
        where TChar : unmanaged
    {
        Vector512<byte> text = Characters512(restarts, changes, TextSourceLanes());
        ref byte target = ref Unsafe.As<TChar, byte>(ref destination);
        if (typeof(TChar) == typeof(byte))
        {
            // The destination may be in a managed array: pinned while the store, which takes a pointer, runs.
            fixed (byte* at = &target)
                Avx512BW.MaskStore(at, Vector512.LessThan(Vector512<byte>.Indices, Vector512.Create((byte)FormattedLength)), text);
        }
        else
        {
            Avx512BW.ConvertToVector512UInt16(text.GetLower()).AsByte().StoreUnsafe(ref target);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref target, 32 * sizeof(char)), Vector128.WidenLower(text.GetUpper().GetLower()).AsUInt64().ToScalar());
        }
    }

    /// <summary>
    /// Lane j holds the character at text position <paramref name="sourceLanes"/>[j] names (see
    /// <see cref="TextSourceLanes"/>): one two-table permute of the digits of both counters and the dash vector.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<byte> Characters512(ulong restarts, ulong changes, Vector512<byte> sourceLanes) =>
        Avx512Vbmi.PermuteVar64x8x2(Digits256(restarts, changes).ToVector512Unsafe(), sourceLanes, Vector512.Create((byte)'-'));

    /// <summary>
    /// The digits of both counters in one vector: those of <see cref="Digits128"/> for the restarts counter in lanes
    /// 0-15, for the changes counter in lanes 16-31.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<byte> Digits256(ulong restarts, ulong changes)
    {
        // PERF: one widening makes all 32 nibble lanes and one table shuffle turns them into digits.
        Vector256<ushort> bytes = Vector256.WidenLower(Vector128.Create(restarts, changes).AsByte().ToVector256Unsafe());
        Vector256<byte> nibbles = ((bytes >> 4) | (bytes << 8)).AsByte() & Vector256.Create((byte)0x0F);
        Vector128<byte> hexDigits = Vector128.Create(Tables.UppercaseHexDigits);
        Vector256<byte> hexDigitsTwice = Vector256.Create(hexDigits, hexDigits);
        // PERF: the table is in both halves, so an in-lane shuffle (vpshufb ymm) is exact; the portable shuffle would
        // be emulated across halves where AVX-512 VBMI is absent.
        return Avx2.IsSupported ? Avx2.Shuffle(hexDigitsTwice, nibbles) : Vector256.Shuffle(hexDigitsTwice, nibbles);
    }

    /// <summary>
    /// The 16 hex digits of each counter, byte 0's pair first, each pair high nibble first: lane 2i holds the digit
    /// of the high nibble of little-endian byte i, lane 2i + 1 that of its low nibble.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Digits128(ulong restarts, ulong changes, out Vector128<byte> restartsDigits, out Vector128<byte> changesDigits)
    {
        // PERF: built from the two counters (movq + pinsrq), not one 16-byte load of the struct: callers often
        // hold an etag in two registers, and a 16-byte load of what two 8-byte stores just wrote misses store
        // forwarding (EtagToStringBenchmarks.EtagToString).
        Vector128<byte> value = Vector128.Create(restarts, changes).AsByte();
        Vector128<byte> hexDigits = Vector128.Create(Tables.UppercaseHexDigits);
        restartsDigits = Vector128.ShuffleNative(hexDigits, Nibbles(Vector128.WidenLower(value)));
        changesDigits = Vector128.ShuffleNative(hexDigits, Nibbles(Vector128.WidenUpper(value)));
    }

    /// <summary>Eight bytes, one per 16-bit lane → their 16 nibbles, each lane's high nibble in its low byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Nibbles(Vector128<ushort> bytes) =>
        ((bytes >> 4) | (bytes << 8)).AsByte() & Vector128.Create((byte)0x0F);

    /// <summary>The digits characters 16-31 come from: the last pair of the restarts counter (lanes 0-1), then the changes counter's.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Middle(Vector128<byte> restartsDigits, Vector128<byte> changesDigits) =>
        Vector128.ConditionalSelect(Vector128.Create(0xFFFFUL, 0UL).AsByte(), restartsDigits, changesDigits);

    // Index constants are packed as two ulongs, lane 0 in the lowest byte, 0x80 = zero lane (see the comment on
    // each: source lane per output lane, '-' for zero). PERF: packed constants keep the IL small enough for the
    // JIT to inline the whole formatter into its callers; they fold to the same pshufb memory operands as
    // 16-argument Vector128.Create calls.

    /// <summary>Output positions 0-15 ("01234567-89AB-CD") from the restarts digits.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> FirstWindow(Vector128<byte> restartsDigits) =>
        Vector128.Shuffle(restartsDigits, Vector128.Create(0x09080B0A0D0C0F0EUL, 0x0302800504070680UL).AsByte())  // 14, 15, 12, 13, 10, 11, 8, 9, -, 6, 7, 4, 5, -, 2, 3
        | Vector128.Create(0x0000000000000000UL, 0x00002D000000002DUL).AsByte();  // '-' at 8 and 13

    /// <summary>Output positions 16-31 ("EF-1122-33445566") from <see cref="Middle"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> SecondWindow(Vector128<byte> middle) =>
        Vector128.Shuffle(middle, Vector128.Create(0x800D0C0F0E800100UL, 0x0504070609080B0AUL).AsByte())  // 0, 1, -, 14, 15, 12, 13, -, 10, 11, 8, 9, 6, 7, 4, 5
        | Vector128.Create(0x2D000000002D0000UL, 0x0000000000000000UL).AsByte();  // '-' at 18 and 23

    /// <summary>Output positions 20-35 ("122-334455667788", overlapping the second window) from the changes digits.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> ThirdWindow(Vector128<byte> changesDigits) =>
        Vector128.Shuffle(changesDigits, Vector128.Create(0x09080B0A800D0C0FUL, 0x0100030205040706UL).AsByte())  // 15, 12, 13, -, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1
        | Vector128.Create(0x000000002D000000UL, 0x0000000000000000UL).AsByte();  // '-' at 23
}
