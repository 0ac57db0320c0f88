using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Sparrow;

/// <summary>
/// A local copy of up to <see cref="MaxLength"/> bytes of a key searched for in a <see cref="SortedKeyTable"/>,
/// followed by at least <see cref="Padding"/> zero bytes: every word of the key's head (<see cref="KeyHead.WordAt"/>)
/// is then one 8-byte load from it, wherever the key ends.
/// </summary>
/// <remarks>
/// A search copies a key of at most <see cref="MaxLength"/> bytes once; a longer key is read where it is, except
/// at a node whose heads start fewer than <see cref="Padding"/> bytes before its end, where the bytes after the
/// node's prefix are copied. The copy is chosen in <see cref="Copy"/>: one AVX-512 masked access, or zeroing and
/// <see cref="Memory.CopyInline(byte*, byte*, int)"/>.
/// </remarks>
[InlineArray(Bytes)]
internal struct PaddedKey
{
    /// <summary>The longest key copied whole.</summary>
    public const int MaxLength = 64;

    /// <summary>The zero bytes a head may read past the key's end: its widest head, from the key's end.</summary>
    public const int Padding = sizeof(ulong) * SortedKeyTable.MaxWords;

    private const int Bytes = MaxLength + Padding;

    private byte _first;

    /// <summary>Copies <paramref name="length"/> (0..<see cref="MaxLength"/>) bytes from <paramref name="key"/>, zeros after them; returns the copy.</summary>
    /// <remarks>The copy must stay where it is (a local) while the pointer is used.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public unsafe byte* Copy(byte* key, int length) =>
        // The one place the copy is chosen (IsSupported folds to a constant when the search is compiled).
        Avx512BW.IsSupported ? CopyMasked(key, length) : CopyPortable(key, length);

    /// <summary>The AVX-512 copy: the key's bytes in one masked 64-byte load, stored whole with the zeros after them.</summary>
    // PERF: no branch on the key's length (keys of mixed lengths would mispredict it) and no byte loop; the CPU
    // suppresses faults on the masked-off bytes, so nothing past the key is read. The stores are full vectors, so
    // each 8-byte load of a head word lies inside one store and is forwarded from it.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public unsafe byte* CopyMasked(byte* key, int length)
    {
        byte* copy = (byte*)Unsafe.AsPointer(ref _first);
        Vector512.Store(Avx512BW.MaskLoad(key, MaskedVector.MaskFor512((uint)length), Vector512<byte>.Zero), copy);
        Vector256.Store(Vector256<byte>.Zero, copy + MaxLength);
        return copy;
    }

    /// <summary>The portable copy: the whole buffer zeroed, then the key's bytes copied over the start.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public unsafe byte* CopyPortable(byte* key, int length)
    {
        byte* copy = (byte*)Unsafe.AsPointer(ref _first);
        Unsafe.InitBlockUnaligned(copy, 0, Bytes);
        Memory.CopyInline(key, copy, length);
        return copy;
    }
}
