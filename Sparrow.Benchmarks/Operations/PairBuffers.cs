using System.Runtime.CompilerServices;
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
/// <see cref="Count"/> pairs of <c>size</c>-byte buffers in native memory, 64-byte aligned, and the timed loops that
/// rotate through them, so each invocation does many operations on more than one pair of addresses.
/// </summary>
internal sealed unsafe class PairBuffers : IDisposable
{
    /// <summary>Pairs in the rotation (a power of two, so the rotation is a mask).</summary>
    public const int Count = 16;

    /// <summary>Compares per benchmark invocation: enough that the harness's own call costs nothing per compare.</summary>
    public const int Operations = 1024;

    private const int Rotation = Count - 1;
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

    /// <summary><see cref="Operations"/> compares of <paramref name="size"/> bytes over the rotation; the sum of the results, so no call is dead code.</summary>
    // PERF: each timed loop is NoInlining, so it is the JIT's root method. The JIT's inline budget is a multiple of the
    // root's IL size: with BenchmarkDotNet's 7-byte [Benchmark] forwarder as the root, the portable path's
    // AggressiveInlining tree ran out of budget and its blocks stayed a call with the loop counter spilled around it
    // (SequenceEqual 64 B, AVX-512 off, 1.45 ns; inlined under DOTNET_JitInlineBudget=20). A caller's loop gets the
    // budget of a loop, as here. The extra call per 1024 operations costs nothing per operation.
    [MethodImpl(MethodImplOptions.NoInlining)]
    public int SumOfCompares<TComparer>(int size) where TComparer : struct, IByteComparer
    {
        byte* first = First, second = Second;
        nint stride = Stride;
        int sum = 0;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            sum += TComparer.Compare(first + offset, second + offset, size);
        }

        return sum;
    }

    /// <summary><see cref="Operations"/> equality tests over the rotation; how many pairs were equal, so no call is dead code.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public int CountOfEqual<TEquality>(int size) where TEquality : struct, IByteEquality
    {
        byte* first = First, second = Second;
        nint stride = Stride;
        int equal = 0;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            if (TEquality.Equal(first + offset, second + offset, size))
                equal++;
        }

        return equal;
    }

    /// <summary><see cref="Operations"/> copies over the rotation, each pair's first buffer to its second.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Copies<TCopier>(int size) where TCopier : struct, IByteCopier
    {
        byte* source = First, destination = Second;
        nint stride = Stride;
        for (int i = 0; i < Operations; i++)
        {
            nint offset = (i & Rotation) * stride;
            TCopier.Copy(source + offset, destination + offset, size);
        }
    }

    public void Dispose()
    {
        NativeMemory.AlignedFree(First);
        NativeMemory.AlignedFree(Second);
    }
}
