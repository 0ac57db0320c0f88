using System.Buffers.Binary;
using System.Runtime.InteropServices;

namespace Sparrow.Formatting.Tests;

/// <summary>An implementation path of the etag formatter/parser that the tests drive directly.</summary>
public enum EtagPath
{
    /// <summary>The public API (whichever path the machine selects).</summary>
    Public,

    /// <summary>The lookup-table path.</summary>
    Scalar,

    /// <summary>The Vector128 path (software-emulated where not accelerated, still exact).</summary>
    Vector,

    /// <summary>The Vector256 formatter: both counters' digits in one vector (formatting only).</summary>
    Vector256,

    /// <summary>The Vector512 formatter: the whole text from one permute (formatting only; AVX-512 VBMI).</summary>
    Vector512,
}

/// <summary>Reference formatting, seeded inputs and per-path entry points shared by the etag tests.</summary>
internal static class EtagTestData
{
    public const string Sample = "01234567-89AB-CDEF-1122-334455667788";

    /// <summary>0, 1, -1, MinValue, MaxValue and every single bit set.</summary>
    public static long[] EdgeValues { get; } =
        [0, 1, -1, long.MinValue, long.MaxValue, .. Enumerable.Range(0, 64).Select(bit => 1L << bit)];

    /// <summary>Every pair of edge values (so each single bit is set in each half), then 100,000 seeded random pairs.</summary>
    public static Etag[] Etags { get; } = BuildEtags();

    private static Etag[] BuildEtags()
    {
        var etags = new List<Etag>();
        foreach (long restarts in EdgeValues)
            foreach (long changes in EdgeValues)
                etags.Add(new Etag(restarts, changes));
        var random = new Random(20240603);
        for (int i = 0; i < 100_000; i++)
            etags.Add(new Etag(RandomLong(random), RandomLong(random)));
        return etags.ToArray();
    }

    /// <summary>A uniformly random 64-bit value, negative half included.</summary>
    public static long RandomLong(Random random)
    {
        Span<byte> bytes = stackalloc byte[8];
        random.NextBytes(bytes);
        return BinaryPrimitives.ReadInt64LittleEndian(bytes);
    }

    /// <summary>The expected text, built from long.ToString("X16") independently of the library.</summary>
    public static string Reference(long restarts, long changes)
    {
        string digits = restarts.ToString("X16") + changes.ToString("X16");
        return $"{digits[..8]}-{digits[8..12]}-{digits[12..16]}-{digits[16..20]}-{digits[20..]}";
    }

    public static string Reference(Etag etag) => Reference(etag.Restarts, etag.Changes);

    public static byte[] Utf8(string text) => System.Text.Encoding.UTF8.GetBytes(text);

    /// <summary>Formats as UTF-16 on one path into exactly 36 characters.</summary>
    public static string FormatChars(Etag etag, EtagPath path)
    {
        Span<char> buffer = stackalloc char[Etag.FormattedLength];
        Format(etag, buffer, path);
        return new string(buffer);
    }

    /// <summary>Formats as UTF-8 on one path into exactly 36 bytes.</summary>
    public static byte[] FormatUtf8(Etag etag, EtagPath path)
    {
        byte[] buffer = new byte[Etag.FormattedLength];
        Format(etag, buffer.AsSpan(), path);
        return buffer;
    }

    /// <summary>Formats as UTF-16 (<see cref="char"/>) or UTF-8 (<see cref="byte"/>) on one path into <paramref name="destination"/>.</summary>
    public static void Format<TChar>(Etag etag, Span<TChar> destination, EtagPath path)
        where TChar : unmanaged
    {
        switch (path)
        {
            case EtagPath.Public:
                int written;
                Assert.True(typeof(TChar) == typeof(char)
                    ? etag.TryFormat(MemoryMarshal.Cast<TChar, char>(destination), out written)
                    : etag.TryFormat(MemoryMarshal.Cast<TChar, byte>(destination), out written));
                Assert.Equal(Etag.FormattedLength, written);
                break;
            case EtagPath.Scalar:
                Etag.FormatScalar((ulong)etag.Restarts, (ulong)etag.Changes, ref MemoryMarshal.GetReference(destination));
                break;
            default:
                Etag.FormatVector((ulong)etag.Restarts, (ulong)etag.Changes, ref MemoryMarshal.GetReference(destination), path switch
                {
                    EtagPath.Vector512 => Etag.FormatWidth.Vector512,
                    EtagPath.Vector256 => Etag.FormatWidth.Vector256,
                    _ => Etag.FormatWidth.Vector128,
                });
                break;
        }
    }

    /// <summary>Parses UTF-16 on one path; the internal paths are only given exactly 36 characters.</summary>
    public static bool TryParse(ReadOnlySpan<char> text, EtagPath path, out Etag result) => TryParseOn(text, path, out result);

    /// <summary>Parses UTF-8 on one path; the internal paths are only given exactly 36 bytes.</summary>
    public static bool TryParse(ReadOnlySpan<byte> utf8Text, EtagPath path, out Etag result) => TryParseOn(utf8Text, path, out result);

    private static bool TryParseOn<TChar>(ReadOnlySpan<TChar> text, EtagPath path, out Etag result)
        where TChar : unmanaged
    {
        if (path == EtagPath.Public)
        {
            return typeof(TChar) == typeof(char)
                ? Etag.TryParse(MemoryMarshal.Cast<TChar, char>(text), out result)
                : Etag.TryParse(MemoryMarshal.Cast<TChar, byte>(text), out result);
        }
        if (path is EtagPath.Vector256 or EtagPath.Vector512)
            throw new ArgumentException("Formatting-only path.");
        if (text.Length != Etag.FormattedLength)
            throw new ArgumentException($"The internal paths parse exactly 36 {(typeof(TChar) == typeof(char) ? "characters" : "bytes")}.");
        ref TChar first = ref MemoryMarshal.GetReference(text);
        return path == EtagPath.Scalar
            ? Etag.ParseScalar(ref first, out result).IsNone
            : Etag.TryParseVector(ref first, out result);
    }

    /// <summary>Whether position i of the textual form holds a '-'.</summary>
    public static bool IsDashPosition(int position) => position is 8 or 13 or 18 or 23;

    public static bool IsHexDigit(int character) => character is >= '0' and <= '9' or >= 'A' and <= 'F' or >= 'a' and <= 'f';

    /// <summary>Whether <paramref name="character"/> is acceptable at <paramref name="position"/>.</summary>
    public static bool IsValidAt(int position, int character) =>
        IsDashPosition(position) ? character == '-' : IsHexDigit(character);
}
