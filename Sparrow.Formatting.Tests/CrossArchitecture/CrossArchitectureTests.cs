using System.Text;
using Sparrow.Testing;
using static Sparrow.Testing.CrossArchitectureAssert;
using static Sparrow.Testing.CrossArchitectureValues;

namespace Sparrow.Formatting.Tests;

/// <summary>
/// Every etag and timestamp of the cross-architecture values file formats to, and parses back from, the text
/// recorded on x64, in UTF-16 and UTF-8 (<see cref="CrossArchitectureValues"/>); natively and under qemu-user as
/// linux-arm64 code, where the Vector128 paths run on AdvSimd.
/// </summary>
public sealed class CrossArchitectureTests
{
    [Fact]
    public void Etag_FormatsAndParses_AsOnX64() => EveryLine(CrossArchitectureValues.Etag, fields =>
    {
        byte[] bytes = Bytes(fields[0]);
        string text = fields[1];
        Etag etag = Etag.FromBytes(bytes);
        Span<byte> utf8 = stackalloc byte[Etag.FormattedLength];
        Span<byte> written = stackalloc byte[Etag.ByteLength];
        Etag.Parse(Encoding.UTF8.GetBytes(text)).WriteBytes(written);
        string utf8Parsed = Hex(written);
        Etag.Parse(text).WriteBytes(written);
        return Differs("ToString", text, etag.ToString())
            ?? Differs("TryFormat (UTF-8)", text, etag.TryFormat(utf8, out int length) ? Encoding.UTF8.GetString(utf8[..length]) : "false")
            ?? Differs("Parse(string).WriteBytes", fields[0], Hex(written))
            ?? Differs("Parse(UTF-8).WriteBytes", fields[0], utf8Parsed);
    });

    [Fact]
    public void Timestamp_FormatsAndParses_AsOnX64() => EveryLine(CrossArchitectureValues.Timestamp, fields =>
    {
        var value = new DateTime(long.Parse(fields[0]), Enum.Parse<DateTimeKind>(fields[1]));
        string text = fields[2];
        Span<byte> utf8 = stackalloc byte[DateTimeFormatter.MaxFormattedLength];
        DateTime parsed = DateTimeFormatter.Parse(text);
        DateTime utf8Parsed = DateTimeFormatter.Parse(Encoding.UTF8.GetBytes(text));
        return Differs("Format", text, DateTimeFormatter.Format(value))
            ?? Differs("TryFormat (UTF-8)", text, DateTimeFormatter.TryFormat(value, utf8, out int length) ? Encoding.UTF8.GetString(utf8[..length]) : "false")
            ?? Differs("Parse(string)", $"{fields[0]} {fields[1]}", $"{parsed.Ticks} {parsed.Kind}")
            ?? Differs("Parse(UTF-8)", $"{fields[0]} {fields[1]}", $"{utf8Parsed.Ticks} {utf8Parsed.Kind}");
    });
}
