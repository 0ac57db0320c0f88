using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using Sparrow.Storage;

namespace Sparrow.Fuzz;

/// <summary>
/// Bytes.Compare, CompareInline, SequenceEqual, Copy, CopyInline, Move and Set against byte loops, at sizes and
/// offsets the input chooses. The first 10 bytes are parameters (missing ones read as 0), the rest is the data:
/// <list type="bullet">
/// <item>bytes 0-1: the size n (modulo data length + 1);</item>
/// <item>byte 2: the second operand of Compare: bit 0 set, the first n data bytes with one byte changed (at bytes
/// 3-4 modulo n, XOR byte 5); clear, the last n data bytes; byte 6 modulo n + 1 is the second key's length for the
/// two-length compare;</item>
/// <item>bytes 3-4 and 7-8: Move's source and destination offsets in the data; byte 9: Set's value.</item>
/// </list>
/// Every operand is placed against a guard page (ending at one, then starting after one; the two operands of a
/// compare or copy at opposite edges), and the bytes around a destination are checked unchanged.
/// </summary>
public static unsafe class MemoryTarget
{
    private const int HeaderLength = 10;
    private const int Margin = 64;
    private const byte Canary = 0xA5;

    private static readonly GuardedSlot First = new();
    private static readonly GuardedSlot Second = new();

    public static void Run(ReadOnlySpan<byte> input)
    {
        Span<byte> header = stackalloc byte[HeaderLength];
        header.Clear();
        input[..Math.Min(HeaderLength, input.Length)].CopyTo(header);
        ReadOnlySpan<byte> data = input[Math.Min(HeaderLength, input.Length)..];

        int n = BinaryPrimitives.ReadUInt16LittleEndian(header) % (data.Length + 1);
        byte[] x = data[..n].ToArray();
        byte[] y;
        if ((header[2] & 1) != 0)
        {
            y = (byte[])x.Clone();
            if (n > 0)
                y[BinaryPrimitives.ReadUInt16LittleEndian(header[3..]) % n] ^= header[5];
        }
        else
        {
            y = data[(data.Length - n)..].ToArray();
        }
        int secondLength = header[6] % (n + 1);

        foreach (bool firstAtEnd in (bool[])[true, false])
        {
            ReadOnlySpan<byte> p = firstAtEnd ? First.CopyAtEnd<byte>(x) : First.CopyAtStart<byte>(x);
            ReadOnlySpan<byte> q = firstAtEnd ? Second.CopyAtStart<byte>(y) : Second.CopyAtEnd<byte>(y);
            CheckCompare(p, q);
            ReadOnlySpan<byte> shorter = firstAtEnd ? Second.CopyAtStart<byte>(y.AsSpan(0, secondLength)) : Second.CopyAtEnd<byte>(y.AsSpan(0, secondLength));
            CheckKeyCompare(p, shorter);
            CheckKeyCompare(shorter, p);

            CheckCopy(x, firstAtEnd);
            CheckMove(data, BinaryPrimitives.ReadUInt16LittleEndian(header[3..]), BinaryPrimitives.ReadUInt16LittleEndian(header[7..]), n, firstAtEnd);
            CheckSet(n, header[9], firstAtEnd);
        }
    }

    private static void CheckCompare(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y)
    {
        int expected = ReferenceCompare(x, y);
        fixed (byte* p = x)
        fixed (byte* q = y)
        {
            int compared = Bytes.Compare(p, q, x.Length);
            int inline = Bytes.CompareInline(p, q, x.Length);
            bool equal = Bytes.SequenceEqual(p, q, x.Length);
            bool spansEqual = Bytes.SequenceEqual(x, y);
            if (compared != expected || inline != expected || equal != (expected == 0) || spansEqual != (expected == 0))
                FuzzMismatchException.Throw($"Bytes.Compare of {x.Length} bytes [{Spans.Hex(x)}] and [{Spans.Hex(y)}] = {compared} (inline {inline}, SequenceEqual {equal}/{spansEqual}); reference {expected}");
        }
    }

    private static void CheckKeyCompare(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y)
    {
        int expected = ReferenceCompare(x, y);
        fixed (byte* p = x)
        fixed (byte* q = y)
        {
            int keys = Bytes.Compare(p, x.Length, q, y.Length);
            int spans = Bytes.Compare(x, y);
            bool equal = Bytes.SequenceEqual(x, y);
            if (keys != expected || spans != expected || equal != (expected == 0))
                FuzzMismatchException.Throw($"Bytes.Compare of keys [{Spans.Hex(x)}] and [{Spans.Hex(y)}] = {keys} (spans {spans}, SequenceEqual {equal}); reference {expected}");
        }
    }

    /// <summary>Key order as a byte loop: the first difference, else the length difference.</summary>
    private static int ReferenceCompare(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y)
    {
        int common = Math.Min(x.Length, y.Length);
        for (int i = 0; i < common; i++)
        {
            if (x[i] != y[i])
                return x[i] - y[i];
        }
        return x.Length - y.Length;
    }

    /// <summary>Copy, CopyInline and Copy(span) into a destination with a margin of canaries on its open side.</summary>
    private static void CheckCopy(byte[] source, bool sourceAtEnd)
    {
        ReadOnlySpan<byte> from = sourceAtEnd ? First.CopyAtEnd<byte>(source) : First.CopyAtStart<byte>(source);
        for (int way = 0; way < 3; way++)
        {
            Span<byte> area = sourceAtEnd ? Second.AtStart<byte>(source.Length + Margin) : Second.AtEnd<byte>(source.Length + Margin);
            area.Fill(Canary);
            Span<byte> to = sourceAtEnd ? area[..source.Length] : area[Margin..];
            fixed (byte* p = from)
            fixed (byte* q = to)
            {
                if (way == 0)
                    Bytes.Copy(p, q, source.Length);
                else if (way == 1)
                    Bytes.CopyInline(p, q, source.Length);
                else
                    Bytes.Copy(from, sourceAtEnd ? area : to);
            }
            CheckArea(area, to, source, $"Bytes.Copy (way {way}) of [{Spans.Hex(source)}]");
        }

        if (source.Length > 0)
        {
            Span<byte> area = Second.AtEnd<byte>(source.Length - 1);
            area.Fill(Canary);
            try
            {
                Bytes.Copy(from, area);
                FuzzMismatchException.Throw($"Bytes.Copy of {source.Length} bytes into {area.Length} did not throw");
            }
            catch (ArgumentException)
            {
            }
            if (area.ContainsAnyExcept(Canary))
                FuzzMismatchException.Throw($"Bytes.Copy of {source.Length} bytes into {area.Length} wrote before throwing");
        }
    }

    /// <summary>Move within one buffer (the data), both overloads, against a copy through a temporary.</summary>
    private static void CheckMove(ReadOnlySpan<byte> data, int sourceOffset, int destinationOffset, int size, bool atEnd)
    {
        sourceOffset %= data.Length + 1;
        destinationOffset %= data.Length + 1;
        size = Math.Min(size, data.Length - Math.Max(sourceOffset, destinationOffset));
        byte[] expected = data.ToArray();
        byte[] moved = expected.AsSpan(sourceOffset, size).ToArray();
        moved.CopyTo(expected, destinationOffset);

        for (int way = 0; way < 2; way++)
        {
            Span<byte> buffer = atEnd ? First.AtEnd<byte>(data.Length) : First.AtStart<byte>(data.Length);
            data.CopyTo(buffer);
            if (way == 0)
            {
                fixed (byte* p = buffer)
                    Bytes.Move(p + sourceOffset, p + destinationOffset, size);
            }
            else
            {
                Bytes.Move(buffer.Slice(sourceOffset, size), buffer[destinationOffset..]);
            }
            if (!buffer.SequenceEqual(expected))
                FuzzMismatchException.Throw($"Bytes.Move (way {way}) of {size} bytes from {sourceOffset} to {destinationOffset} in [{Spans.Hex(data)}] gave [{Spans.Hex(buffer)}]");
        }
    }

    private static void CheckSet(int size, byte value, bool atEnd)
    {
        byte[] expected = new byte[size];
        expected.AsSpan().Fill(value);
        for (int way = 0; way < 2; way++)
        {
            Span<byte> area = atEnd ? Second.AtEnd<byte>(size + Margin) : Second.AtStart<byte>(size + Margin);
            area.Fill(Canary);
            Span<byte> to = atEnd ? area[Margin..] : area[..size];
            if (way == 0)
            {
                fixed (byte* p = to)
                    Bytes.Set(p, value, size);
            }
            else
            {
                Bytes.Set(to, value);
            }
            CheckArea(area, to, expected, $"Bytes.Set (way {way}) of {size} bytes to {value:X2}");
        }
    }

    /// <summary>The destination holds <paramref name="expected"/> and the rest of the area still holds canaries.</summary>
    private static void CheckArea(Span<byte> area, Span<byte> destination, ReadOnlySpan<byte> expected, string what)
    {
        bool destinationFirst = destination.Length == 0 || Unsafe.AreSame(ref area[0], ref destination[0]);
        Span<byte> rest = destinationFirst ? area[destination.Length..] : area[..^destination.Length];
        if (!destination.SequenceEqual(expected) || rest.ContainsAnyExcept(Canary))
            FuzzMismatchException.Throw($"{what}: destination [{Spans.Hex(destination)}], around it [{Spans.Hex(rest)}]");
    }
}
