// Uses the packed Sparrow.Memory and Sparrow.Formatting as a storage engine would, checks every result against a
// plain reference, and checks what the packages carry. Exit code 0 when all is right, 1 otherwise.
//   dotnet <this>.dll <folder of .nupkg files> <version>
using System.IO.Compression;
using System.Runtime.InteropServices;
using System.Text;
using Sparrow;
using Sparrow.Formatting;

if (args.Length != 2)
{
    Console.Error.WriteLine("usage: Sparrow.PackageConsumer <folder of .nupkg files> <version>");
    return 2;
}

int checks = 0, failed = 0;
void Check(bool ok, string what)
{
    checks++;
    if (!ok && ++failed <= 20)
        Console.WriteLine($"  FAILED: {what}");
}

foreach (string id in new[] { "Sparrow.Memory", "Sparrow.Formatting" })
{
    string path = Path.Combine(args[0], $"{id}.{args[1]}.nupkg");
    Check(File.Exists(path), $"{path} exists");
    if (!File.Exists(path))
        continue;
    using ZipArchive package = ZipFile.OpenRead(path);
    string[] entries = package.Entries.Select(e => e.FullName).ToArray();
    foreach (string entry in new[] { "README.md", $"lib/net10.0/{id}.dll", $"lib/net10.0/{id}.xml" })
        Check(package.GetEntry(entry) is { Length: > 0 }, $"{id}: {entry} in the package (it has {string.Join(", ", entries)})");
    using var nuspec = new StreamReader(package.GetEntry($"{id}.nuspec")!.Open());
    string metadata = nuspec.ReadToEnd();
    Check(metadata.Contains("<readme>README.md</readme>", StringComparison.Ordinal), $"{id}: the nuspec names README.md as its readme");
    Check(metadata.Contains("<license type=\"expression\">MIT</license>", StringComparison.Ordinal), $"{id}: the nuspec has the MIT license expression");
    Check(!metadata.Contains("<dependency ", StringComparison.Ordinal), $"{id}: no package dependency (the libraries reference nothing but the framework)");
}

var random = new Random(13);
unsafe
{
    // Keys in native memory: equal, or differing at one random byte, at every length up to 300.
    const int Capacity = 300;
    byte* a = (byte*)NativeMemory.Alloc(Capacity), b = (byte*)NativeMemory.Alloc(Capacity);
    try
    {
        for (int trial = 0; trial < 5000; trial++)
        {
            int size = trial < Capacity ? trial : random.Next(Capacity + 1);
            random.NextBytes(new Span<byte>(a, size));
            new Span<byte>(a, size).CopyTo(new Span<byte>(b, size));
            if (size > 0 && trial % 4 != 0)
                b[random.Next(size)] = (byte)random.Next(256);

            int expected = Reference(a, size, b, size), shorter = size / 2;
            Check(Memory.Compare(a, b, size) == expected, $"Compare at size {size}: {Memory.Compare(a, b, size)}, expected {expected}");
            Check(Memory.CompareInline(a, b, size) == expected, $"CompareInline at size {size}");
            Check(Memory.SequenceEqual(a, b, size) == (expected == 0), $"SequenceEqual at size {size}");
            Check(Memory.Compare(a, shorter, b, size) == Reference(a, shorter, b, size), $"Compare of keys of {shorter} and {size} bytes");
            Check(Memory.Compare(new ReadOnlySpan<byte>(a, shorter), new ReadOnlySpan<byte>(b, size)) == Reference(a, shorter, b, size),
                $"Compare of spans of {shorter} and {size} bytes");
            Check(Memory.SequenceEqual(new ReadOnlySpan<byte>(a, size), new ReadOnlySpan<byte>(b, size)) == (expected == 0), $"SequenceEqual of spans of {size} bytes");

            // Copy and Move take the source first, as NativeMemory.Copy: b becomes a, and a stays as it was.
            byte[] source = new Span<byte>(a, size).ToArray();
            foreach (string form in (string[])["Copy", "CopyInline", "Move"])
            {
                Memory.Set(b, 0, size);
                if (form == "Copy")
                    Memory.Copy(a, b, size);
                else if (form == "CopyInline")
                    Memory.CopyInline(a, b, size);
                else
                    Memory.Move(new ReadOnlySpan<byte>(a, size), new Span<byte>(b, size));
                Check(new Span<byte>(b, size).SequenceEqual(source) && new Span<byte>(a, size).SequenceEqual(source), $"{form}(source, destination) of {size} bytes");
            }
        }
    }
    finally
    {
        NativeMemory.Free(a);
        NativeMemory.Free(b);
    }
}

Span<char> chars = stackalloc char[64];
Span<byte> utf8 = stackalloc byte[64];
for (int trial = 0; trial < 2000; trial++)
{
    // Etags against their definition: Restarts as 16 hex digits split 8-4-4, Changes as 16 split 4-12.
    var etag = new Etag(random.NextInt64(long.MinValue, long.MaxValue), random.NextInt64(long.MinValue, long.MaxValue));
    string hex = $"{etag.Restarts:X16}{etag.Changes:X16}";
    string expected = $"{hex[..8]}-{hex[8..12]}-{hex[12..16]}-{hex[16..20]}-{hex[20..]}";
    Check(etag.ToString() == expected, $"Etag.ToString: {etag}, expected {expected}");
    Check(etag.TryFormat(utf8, out int written) && Encoding.ASCII.GetString(utf8[..written]) == expected, $"Etag.TryFormat (UTF-8) of {expected}");
    Check(Etag.Parse(expected) == etag && Etag.TryParse(utf8[..written], out Etag parsed) && parsed == etag, $"Etag.Parse of {expected}");
    Check(!Etag.TryParse(expected.Replace('-', '+'), out _), $"Etag.TryParse rejects {expected.Replace('-', '+')}");

    // Timestamps against the BCL's round-trip format, for UTC and unspecified kinds.
    var when = new DateTime(random.NextInt64(DateTime.MinValue.Ticks, DateTime.MaxValue.Ticks), trial % 2 == 0 ? DateTimeKind.Utc : DateTimeKind.Unspecified);
    string o = when.ToString("O");
    Check(DateTimeFormatter.Format(when) == o, $"DateTimeFormatter.Format: {DateTimeFormatter.Format(when)}, expected {o}");
    Check(DateTimeFormatter.TryFormat(when, chars, out int length) && chars[..length].SequenceEqual(o), $"DateTimeFormatter.TryFormat of {o}");
    Check(DateTimeFormatter.TryParse(o, out DateTime back) && back == when && back.Kind == when.Kind, $"DateTimeFormatter.TryParse of {o}");
}

Console.WriteLine($"Sparrow.PackageConsumer, packages {args[1]} from {args[0]}: {checks - failed} of {checks} checks passed");
return failed == 0 ? 0 : 1;

// Key order by a byte loop: the first difference in the common prefix, else the shorter key first.
static unsafe int Reference(byte* a, int sizeA, byte* b, int sizeB)
{
    for (int i = 0; i < Math.Min(sizeA, sizeB); i++)
    {
        if (a[i] != b[i])
            return a[i] - b[i];
    }

    return sizeA - sizeB;
}
