using System.Diagnostics;
using System.Runtime.CompilerServices;
using Sparrow.Storage;

namespace Sparrow.Benchmarks;

/// <summary>Sets <c>size</c> bytes at <c>destination</c> to <c>value</c>.</summary>
internal unsafe interface IByteSetter
{
    static abstract void Set(byte* destination, byte value, int size);
}

// PERF: as for the comparers (ByteComparers.cs), each implementation is a struct passed as a type argument.

/// <summary>Sparrow's <see cref="Bytes.Set(byte*, byte, int)"/>.</summary>
internal readonly unsafe struct SparrowSetter : IByteSetter
{
    public static void Set(byte* destination, byte value, int size) => Bytes.Set(destination, value, size);
}

internal readonly unsafe struct SpanFiller : IByteSetter
{
    public static void Set(byte* destination, byte value, int size) => new Span<byte>(destination, size).Fill(value);
}

internal readonly unsafe struct InitBlockUnalignedSetter : IByteSetter
{
    public static void Set(byte* destination, byte value, int size) => Unsafe.InitBlockUnaligned(destination, value, (uint)size);
}

/// <summary>Span.Clear: zeroes, so only for a value of 0 (SetZeroBenchmarks; its setup checks the bytes).</summary>
internal readonly unsafe struct SpanClearer : IByteSetter
{
    public static void Set(byte* destination, byte value, int size)
    {
        Debug.Assert(value == 0);
        new Span<byte>(destination, size).Clear();
    }
}

/// <summary>Sparrow's set operation behind the size ladder the portable path had before its size switch (<see cref="Baselines.SizeLadder"/>).</summary>
internal readonly unsafe struct SizeLadderSetter : IByteSetter
{
    public static void Set(byte* destination, byte value, int size) =>
        Baselines.SizeLadder.Dispatch<SetOperation, NoResult>(new SetOperation(destination, value), size);
}
