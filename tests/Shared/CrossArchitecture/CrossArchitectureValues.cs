using System.Reflection;

namespace Sparrow.Testing;

/// <summary>
/// The cross-architecture values file (<c>tests/Shared/CrossArchitecture/values.txt</c>): inputs, and the results an
/// x64 machine computed for them, one case per line, <c>kind field field ...</c>, fields separated by one space.
/// Written by <c>tools/cross-arch-data</c>; embedded in Sparrow.Memory.Tests and Sparrow.Formatting.Tests, whose
/// CrossArchitectureTests check every line value for value wherever they run (natively, and as linux-arm64 code
/// under qemu-user in CI).
/// </summary>
/// <remarks>Bytes are uppercase hex (<see cref="Hex"/>), an empty field is <see cref="Empty"/>; lines starting with <c>#</c> are comments.</remarks>
public static class CrossArchitectureValues
{
    /// <summary>The name under which the test projects embed the file.</summary>
    public const string ResourceName = "cross-architecture-values.txt";

    /// <summary>What stands for empty bytes or an empty list.</summary>
    public const string Empty = "-";

    /// <summary><c>compare x y Compare(x, y, min) Compare(x, |x|, y, |y|) SequenceEqual(x, y, min)</c>.</summary>
    public const string Compare = "compare";

    /// <summary><c>varint32 capacity source status bytesConsumed valuesWritten values</c>: VarInt.Decode into <c>capacity</c> values.</summary>
    public const string VarInt32 = "varint32";

    /// <summary><c>varint64 source position values</c>: SpanReader.TryReadVarUInt64 until it returns false, and where it stopped.</summary>
    public const string VarInt64 = "varint64";

    /// <summary><c>crc32c source checksum</c>: the CRC-32C (Castagnoli) of the bytes, as 8 hex digits.</summary>
    public const string Crc32C = "crc32c";

    /// <summary><c>etag bytes text</c>: the etag of 16 big-endian bytes, and its text.</summary>
    public const string Etag = "etag";

    /// <summary><c>timestamp ticks kind text</c>: a DateTime and its sortable text.</summary>
    public const string Timestamp = "timestamp";

    /// <summary>The fields after the kind, with the line number, of every line of <paramref name="kind"/> in the embedded file.</summary>
    public static List<(int Line, string[] Fields)> Read(string kind)
    {
        Assembly assembly = typeof(CrossArchitectureValues).Assembly;
        using Stream stream = assembly.GetManifestResourceStream(ResourceName)
            ?? throw new InvalidOperationException($"{assembly.GetName().Name} does not embed {ResourceName}");
        using var reader = new StreamReader(stream);
        var rows = new List<(int, string[])>();
        int number = 0;
        while (reader.ReadLine() is { } line)
        {
            number++;
            string[] fields = line.Split(' ');
            if (fields[0] == kind)
                rows.Add((number, fields[1..]));
        }

        return rows;
    }

    /// <summary>A line of the file.</summary>
    public static string Line(string kind, params object[] fields) => string.Join(' ', [kind, .. fields]);

    /// <summary>Bytes as a field.</summary>
    public static string Hex(ReadOnlySpan<byte> bytes) => bytes.IsEmpty ? Empty : Convert.ToHexString(bytes);

    /// <summary>A field as bytes.</summary>
    public static byte[] Bytes(string field) => field == Empty ? [] : Convert.FromHexString(field);

    /// <summary>Numbers as one field, comma-separated.</summary>
    public static string List<T>(IEnumerable<T> values) => values.Any() ? string.Join(',', values) : Empty;

    /// <summary>A field as numbers.</summary>
    public static ulong[] Numbers(string field) => field == Empty ? [] : [.. field.Split(',').Select(ulong.Parse)];
}
