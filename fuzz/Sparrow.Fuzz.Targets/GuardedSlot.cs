using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Sparrow.Testing;

namespace Sparrow.Fuzz;

/// <summary>
/// Guard-paged memory a target places its input (or a destination) in, kept between executions and grown when an
/// input needs more: mapping and protecting pages for every execution would cost more than most checks.
/// <see cref="AtEnd{T}"/> ends the span at an inaccessible page and <see cref="AtStart{T}"/> starts it right after
/// one, so a read or write one element outside it faults the process (SIGSEGV: a crash for AFL++, a failed
/// run for the replay test), which no <c>try</c> can hide.
/// </summary>
public sealed unsafe class GuardedSlot
{
    private GuardedMemory _memory = new(Environment.SystemPageSize);

    /// <summary>A span of <paramref name="count"/> elements whose last byte is the last accessible one.</summary>
    public Span<T> AtEnd<T>(int count)
        where T : unmanaged
    {
        int size = Reserve<T>(count);
        return new Span<T>(_memory.EndingAtGuard(size), count);
    }

    /// <summary>A span of <paramref name="count"/> elements whose first byte follows an inaccessible page.</summary>
    public Span<T> AtStart<T>(int count)
        where T : unmanaged
    {
        Reserve<T>(count);
        return new Span<T>(_memory.StartingAfterGuard, count);
    }

    /// <summary><paramref name="source"/> copied to the end of the slot (see <see cref="AtEnd{T}"/>).</summary>
    public ReadOnlySpan<T> CopyAtEnd<T>(ReadOnlySpan<T> source)
        where T : unmanaged
    {
        Span<T> placed = AtEnd<T>(source.Length);
        source.CopyTo(placed);
        return placed;
    }

    /// <summary><paramref name="source"/> copied to the start of the slot (see <see cref="AtStart{T}"/>).</summary>
    public ReadOnlySpan<T> CopyAtStart<T>(ReadOnlySpan<T> source)
        where T : unmanaged
    {
        Span<T> placed = AtStart<T>(source.Length);
        source.CopyTo(placed);
        return placed;
    }

    /// <summary>Runs <paramref name="check"/> on <paramref name="input"/> ending at a guard page, then starting after one.</summary>
    public void AtBothEdges(ReadOnlySpan<byte> input, FuzzTargetRun check)
    {
        check(CopyAtEnd(input));
        check(CopyAtStart(input));
    }

    private int Reserve<T>(int count)
        where T : unmanaged
    {
        int size = checked(count * Unsafe.SizeOf<T>());
        if (size > _memory.Capacity)
        {
            _memory.Dispose();
            _memory = new GuardedMemory(size);
        }
        return size;
    }
}

/// <summary>Helpers the targets share: spans compared by address, the input as UTF-16 text, and spans shown in messages.</summary>
internal static class Spans
{
    /// <summary>Whether <paramref name="slice"/> is exactly <paramref name="data"/>[<paramref name="offset"/>..+length] (the same memory, not a copy).</summary>
    public static bool IsSliceAt(ReadOnlySpan<byte> slice, ReadOnlySpan<byte> data, int offset, int length) =>
        slice.Length == length
        && (length == 0 || Unsafe.AreSame(ref MemoryMarshal.GetReference(slice), ref Unsafe.Add(ref MemoryMarshal.GetReference(data), offset)));

    /// <summary>Bytes as hex for a mismatch message (at most 96 bytes of them).</summary>
    public static string Hex(ReadOnlySpan<byte> bytes) =>
        bytes.Length <= 96 ? Convert.ToHexString(bytes) : Convert.ToHexString(bytes[..96]) + $"...({bytes.Length} bytes)";

    /// <summary>Each byte as the char of the same value (Latin-1): ASCII text stays the same text.</summary>
    public static char[] Widen(ReadOnlySpan<byte> bytes)
    {
        char[] chars = new char[bytes.Length];
        for (int i = 0; i < bytes.Length; i++)
            chars[i] = (char)bytes[i];
        return chars;
    }

    /// <summary>Each pair of bytes as one char (little-endian): reaches every UTF-16 code unit.</summary>
    public static char[] Pairs(ReadOnlySpan<byte> bytes)
    {
        char[] chars = new char[bytes.Length / 2];
        for (int i = 0; i < chars.Length; i++)
            chars[i] = (char)(bytes[2 * i] | bytes[2 * i + 1] << 8);
        return chars;
    }

    /// <summary>Text for a mismatch message: printable ASCII as is, anything else as \uXXXX.</summary>
    public static string Text(ReadOnlySpan<char> text)
    {
        var builder = new System.Text.StringBuilder();
        foreach (char c in text)
            builder.Append(c is >= ' ' and < '\u007F' ? c.ToString() : $"\\u{(int)c:X4}");
        return builder.ToString();
    }
}
