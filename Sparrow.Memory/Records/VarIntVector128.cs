using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Storage;

/// <summary>
/// The portable vector path of <see cref="VarInt.Decode"/> (SSE2, AdvSimd, or any accelerated 128-bit
/// vectors), taken where the AVX-512 path is not: 16 source bytes per step. When none of them has the
/// continuation bit they are 16 one-byte values and are widened and stored whole; otherwise the varints that
/// start in them go through the scalar word decoder, inline.
/// </summary>
/// <remarks>
/// Every lane it stores is a value, so nothing past the last value is written without masked stores. A
/// varint the word decoder rejects, and the last bytes, are left to <see cref="VarIntScalar.Decode"/>, which
/// decodes from there with the same results and reports the status.
/// </remarks>
internal static class VarIntVector128
{
    /// <summary>Whether this path can run: 128-bit vectors accelerated.</summary>
    public static bool IsSupported => Vector128.IsHardwareAccelerated;

    /// <summary>Source bytes per step; also the most values a step writes.</summary>
    private const int Block = 16;

    /// <summary>Decodes with the contract of <see cref="VarInt.Decode"/>; only call it when <see cref="IsSupported"/>.</summary>
    public static OperationStatus Decode(ReadOnlySpan<byte> source, Span<uint> destination, out int bytesConsumed, out int valuesWritten)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref uint dst = ref MemoryMarshal.GetReference(destination);
        int consumed = 0, written = 0;

        // A varint starting anywhere in a step is read as a whole word, so a step needs a word past its end.
        while (source.Length - consumed >= Block + sizeof(ulong) && destination.Length - written >= Block)
        {
            Vector128<byte> bytes = Vector128.LoadUnsafe(ref src, (nuint)consumed);
            // PERF: "no continuation bit" as a masked test against zero, not a movemask: AdvSimd has no movemask,
            // and the JIT emulates ExtractMostSignificantBits with a shift by a loaded per-lane table, a widening
            // and an add across lanes (8 instructions after the mask), where this is one pairwise maximum (umaxp),
            // one move and a compare. On x64 it is one vptest where the movemask was vpmovmskb and test.
            if ((bytes & Vector128.Create((byte)0x80)) == Vector128<byte>.Zero)
            {
                (Vector128<ushort> low, Vector128<ushort> high) = Vector128.Widen(bytes);
                (Vector128<uint> first, Vector128<uint> second) = Vector128.Widen(low);
                (Vector128<uint> third, Vector128<uint> fourth) = Vector128.Widen(high);
                first.StoreUnsafe(ref dst, (nuint)written);
                second.StoreUnsafe(ref dst, (nuint)written + 4);
                third.StoreUnsafe(ref dst, (nuint)written + 8);
                fourth.StoreUnsafe(ref dst, (nuint)written + 12);
                consumed += Block;
                written += Block;
                continue;
            }

            int stepEnd = consumed + Block;
            do
            {
                ulong word = VarIntScalar.LoadLittleEndian(ref Unsafe.Add(ref src, consumed));
                ulong result = VarIntScalar.DecodeUInt32(word, ~word & VarIntScalar.ContinuationBits);
                if (result == 0)
                    goto Rest;
                Unsafe.Add(ref dst, written++) = (uint)result;
                consumed += (int)(result >> 32);
            }
            while (consumed < stepEnd);
        }

    Rest:
        OperationStatus status = VarIntScalar.Decode(source[consumed..], destination[written..], out int restConsumed, out int restWritten);
        bytesConsumed = consumed + restConsumed;
        valuesWritten = written + restWritten;
        return status;
    }
}
