using System.Runtime.InteropServices;

namespace Sparrow.Benchmarks;

/// <summary>What the two buffers of each pair hold.</summary>
public enum PairContent
{
    /// <summary>The same bytes: the worst case, every byte is read.</summary>
    Equal,

    /// <summary>
    /// The same bytes but one, at a position drawn (seeded) per pair: what a B+tree search mostly compares.
    /// The position varies across the pairs of a rotation, so a branch on where the difference lies cannot be learned.
    /// </summary>
    DifferAtRandomByte,
}

/// <summary>
/// <see cref="Count"/> pairs of <c>size</c>-byte buffers in native memory, 64-byte aligned, which a
/// benchmark rotates through so each invocation does many compares on more than one pair of addresses.
/// </summary>
internal sealed unsafe class PairBuffers : IDisposable
{
    /// <summary>Pairs in the rotation (a power of two, so the rotation is a mask).</summary>
    public const int Count = 16;

    /// <summary>Compares per benchmark invocation: enough that the harness's own call costs nothing per compare.</summary>
    public const int Operations = 1024;

    private const int Seed = 20240601;

    public PairBuffers(int size, PairContent content = PairContent.Equal)
    {
        Stride = (size + 63) & ~63;
        First = (byte*)NativeMemory.AlignedAlloc((nuint)(Count * Stride), 64);
        Second = (byte*)NativeMemory.AlignedAlloc((nuint)(Count * Stride), 64);
        var random = new Random(Seed);
        var first = new Span<byte>(First, Count * Stride);
        random.NextBytes(first);
        first.CopyTo(new Span<byte>(Second, Count * Stride));
        if (content == PairContent.DifferAtRandomByte)
        {
            for (int pair = 0; pair < Count; pair++)
            {
                int at = pair * Stride + random.Next(size);
                Second[at] = (byte)(First[at] + 1 + random.Next(255));
            }
        }
    }

    /// <summary>Distance between the starts of two consecutive pairs.</summary>
    public int Stride { get; }

    public byte* First { get; }

    public byte* Second { get; }

    public void Dispose()
    {
        NativeMemory.AlignedFree(First);
        NativeMemory.AlignedFree(Second);
    }
}
