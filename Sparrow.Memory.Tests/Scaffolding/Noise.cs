using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// Seeded random bytes to fill inputs and the bytes around destinations from; each call's variant starts at a
/// different offset, so consecutive calls see different bytes.
/// </summary>
internal static class Noise
{
    /// <summary>Variants start at one of this many offsets.</summary>
    private const int Offsets = 8192;

    /// <summary>Enough for the largest window: a sampled size, a shift and the margins.</summary>
    private static readonly byte[] Bytes = Seeded(Sizes.MaxSampled + 2 * Offsets);

    /// <summary>The complement of <see cref="Bytes"/>: no byte equals the one at the same index there.</summary>
    private static readonly byte[] Inverted = [.. Bytes.Select(b => (byte)~b)];

    public static void Fill(Span<byte> target, int variant) => Bytes.AsSpan(Offset(variant), target.Length).CopyTo(target);

    /// <summary>
    /// The complement of what <see cref="Fill"/> with <paramref name="variant"/> wrote <paramref name="skip"/>
    /// bytes into its target: a source whose every byte differs from the destination byte it is copied over.
    /// </summary>
    public static void FillInverted(Span<byte> target, int variant, int skip) => Inverted.AsSpan(Offset(variant) + skip, target.Length).CopyTo(target);

    private static int Offset(int variant) => variant * 1031 & (Offsets - 1);

    private static byte[] Seeded(int length)
    {
        var bytes = new byte[length];
        new Random(20).NextBytes(bytes);
        return bytes;
    }
}
