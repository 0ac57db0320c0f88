using Sparrow.Benchmarks.Baselines;
using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>A fixed-size byte comparison, in memcmp order (the sign; Sparrow and the BCL also give the byte difference).</summary>
internal unsafe interface IByteComparer
{
    static abstract int Compare(byte* p1, byte* p2, int size);
}

/// <summary>A fixed-size byte equality test.</summary>
internal unsafe interface IByteEquality
{
    static abstract bool Equal(byte* p1, byte* p2, int size);
}

// PERF: every implementation the Memory benchmarks measure is a struct passed as a type argument, so the
// JIT compiles one copy of a benchmark loop per implementation with the call resolved (and CompareInline
// inlined): the loop is identical for all and the only difference measured is the implementation.

internal readonly unsafe struct SpanComparer : IByteComparer, IByteEquality
{
    public static int Compare(byte* p1, byte* p2, int size) =>
        new ReadOnlySpan<byte>(p1, size).SequenceCompareTo(new ReadOnlySpan<byte>(p2, size));

    public static bool Equal(byte* p1, byte* p2, int size) =>
        new ReadOnlySpan<byte>(p1, size).SequenceEqual(new ReadOnlySpan<byte>(p2, size));
}

internal readonly unsafe struct MemcmpComparer : IByteComparer, IByteEquality
{
    public static int Compare(byte* p1, byte* p2, int size) => LibC.Memcmp(p1, p2, (nuint)size);

    public static bool Equal(byte* p1, byte* p2, int size) => LibC.Memcmp(p1, p2, (nuint)size) == 0;
}

internal readonly unsafe struct ByteLoopComparer : IByteComparer, IByteEquality
{
    public static int Compare(byte* p1, byte* p2, int size) => ByteLoop.Compare(p1, p2, size);

    public static bool Equal(byte* p1, byte* p2, int size) => ByteLoop.SequenceEqual(p1, p2, size);
}

internal readonly unsafe struct UIntStrideComparer : IByteComparer, IByteEquality
{
    public static int Compare(byte* p1, byte* p2, int size) => UIntStrideCompare.Compare(p1, p2, size);

    public static bool Equal(byte* p1, byte* p2, int size) => UIntStrideCompare.SequenceEqual(p1, p2, size);
}

/// <summary>Sparrow's <see cref="Bytes.Compare(byte*, byte*, int)"/> and <see cref="Bytes.SequenceEqual(byte*, byte*, int)"/>, called.</summary>
internal readonly unsafe struct SparrowComparer : IByteComparer, IByteEquality
{
    public static int Compare(byte* p1, byte* p2, int size) => Bytes.Compare(p1, p2, size);

    public static bool Equal(byte* p1, byte* p2, int size) => Bytes.SequenceEqual(p1, p2, size);
}

/// <summary>Sparrow's <see cref="Bytes.CompareInline"/>, inlined into the caller.</summary>
internal readonly unsafe struct SparrowInlineComparer : IByteComparer
{
    public static int Compare(byte* p1, byte* p2, int size) => Bytes.CompareInline(p1, p2, size);
}

/// <summary>Equality as <c>Compare(...) == 0</c>: what a caller without SequenceEqual would write.</summary>
internal readonly unsafe struct SparrowCompareIsZero : IByteEquality
{
    public static bool Equal(byte* p1, byte* p2, int size) => Bytes.Compare(p1, p2, size) == 0;
}

/// <summary>
/// Sparrow's compare and equality operations behind the size ladder the portable path had before its size switch
/// (<see cref="SizeLadder"/>): the baseline of SizeDispatchBenchmarks.
/// </summary>
internal readonly unsafe struct SizeLadderComparer : IByteComparer, IByteEquality
{
    public static int Compare(byte* p1, byte* p2, int size) => SizeLadder.Dispatch<CompareOperation, int>(new CompareOperation(p1, p2), size);

    public static bool Equal(byte* p1, byte* p2, int size) => SizeLadder.Dispatch<EqualOperation, bool>(new EqualOperation(p1, p2), size);
}
