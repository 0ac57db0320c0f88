// Uses the packed Sparrow.Memory and Sparrow.Formatting as a storage engine would, checks every result against a
// plain reference, and checks what the packages and their symbol packages carry. Exit code 0 when all is right, 1
// otherwise. .ci/run runs it twice: on the JIT, and published with NativeAOT.
//   dotnet <this>.dll <folder of .nupkg files> <version>
//   <published executable> <folder of .nupkg files> <version>
using System.IO.Compression;
using System.Reflection.Metadata;
using System.Runtime.InteropServices;
using System.Text;
using Sparrow.Storage;
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
    Check(metadata.Contains("<repository type=\"git\"", StringComparison.Ordinal) && metadata.Contains(" commit=\"", StringComparison.Ordinal),
        $"{id}: the nuspec names the git commit it was built from");

    // The symbol package: the portable PDB, with every source file embedded (a debugger needs no repository URL).
    string symbols = Path.ChangeExtension(path, ".snupkg");
    Check(File.Exists(symbols), $"{symbols} exists");
    if (File.Exists(symbols))
        CheckSymbols(id, symbols);
}

void CheckSymbols(string id, string symbols)
{
    using ZipArchive package = ZipFile.OpenRead(symbols);
    ZipArchiveEntry? entry = package.GetEntry($"lib/net10.0/{id}.pdb");
    Check(entry is { Length: > 0 }, $"{id}: lib/net10.0/{id}.pdb in the symbol package");
    if (entry is null)
        return;
    var pdb = new MemoryStream();
    using (Stream stream = entry.Open())
        stream.CopyTo(pdb);
    pdb.Position = 0;
    using MetadataReaderProvider provider = MetadataReaderProvider.FromPortablePdbStream(pdb);
    MetadataReader reader = provider.GetMetadataReader();
    var embeddedSource = new Guid("0E8A571B-6926-466E-B4AD-8AB04611F5FE");
    int documents = 0, embedded = 0;
    foreach (DocumentHandle handle in reader.Documents)
    {
        documents++;
        foreach (CustomDebugInformationHandle information in reader.GetCustomDebugInformation(handle))
        {
            if (reader.GetGuid(reader.GetCustomDebugInformation(information).Kind) == embeddedSource)
                embedded++;
        }

        // CI builds map the repository's path to /_/ (ContinuousIntegrationBuild): no build machine's path in the PDB.
        string name = reader.GetString(reader.GetDocument(handle).Name);
        if (Environment.GetEnvironmentVariable("CI") == "true")
            Check(name.StartsWith("/_/", StringComparison.Ordinal), $"{id}: a CI build's PDB has deterministic paths ({name})");
    }

    Check(documents > 10 && embedded == documents, $"{id}: every source file embedded in the PDB ({embedded} of {documents})");
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
            Check(Bytes.Compare(a, b, size) == expected, $"Compare at size {size}: {Bytes.Compare(a, b, size)}, expected {expected}");
            Check(Bytes.CompareInline(a, b, size) == expected, $"CompareInline at size {size}");
            Check(Bytes.SequenceEqual(a, b, size) == (expected == 0), $"SequenceEqual at size {size}");
            Check(Bytes.Compare(a, shorter, b, size) == Reference(a, shorter, b, size), $"Compare of keys of {shorter} and {size} bytes");
            Check(Bytes.Compare(new ReadOnlySpan<byte>(a, shorter), new ReadOnlySpan<byte>(b, size)) == Reference(a, shorter, b, size),
                $"Compare of spans of {shorter} and {size} bytes");
            Check(Bytes.SequenceEqual(new ReadOnlySpan<byte>(a, size), new ReadOnlySpan<byte>(b, size)) == (expected == 0), $"SequenceEqual of spans of {size} bytes");

            // Copy and Move take the source first, as NativeMemory.Copy: b becomes a, and a stays as it was.
            byte[] source = new Span<byte>(a, size).ToArray();
            foreach (string form in (string[])["Copy", "CopyInline", "Move"])
            {
                Bytes.Set(b, 0, size);
                if (form == "Copy")
                    Bytes.Copy(a, b, size);
                else if (form == "CopyInline")
                    Bytes.CopyInline(a, b, size);
                else
                    Bytes.Move(new ReadOnlySpan<byte>(a, size), new Span<byte>(b, size));
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

// Keys in managed arrays, in the collections of .NET: ByteKeyComparer orders them as the byte loop does.
var index = new SortedDictionary<byte[], int>(ByteKeyComparer.Instance);
var byContent = new Dictionary<byte[], int>(ByteKeyComparer.Instance);
for (int i = 0; i < 3000; i++)
{
    byte[] key = new byte[random.Next(i % 10 == 0 ? 300 : 12)];
    for (int j = 0; j < key.Length; j++)
        key[j] = (byte)(random.Next(4) == 0 ? random.Next(256) : 'a' + random.Next(3));
    index[key] = i;
    byContent[(byte[])key.Clone()] = i;
    Check(index[(byte[])key.Clone()] == i && byContent[key] == i, $"SortedDictionary and Dictionary find a copy of a key of {key.Length} bytes");
}

byte[]? previous = null;
foreach (byte[] key in index.Keys)
{
    if (previous is not null)
        Check(ReferenceOfArrays(previous, key) < 0, "SortedDictionary<byte[], int> with ByteKeyComparer enumerates in key order");

    Check(Bytes.CompareInline(key, key.AsSpan().ToArray()) == 0, "CompareInline over spans of equal keys");
    previous = key;
}

Check(index.Count == byContent.Count, $"SortedDictionary and Dictionary hold the same keys ({index.Count}, {byContent.Count})");

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

// Which compiler made the code that ran: under NativeAOT the JIT compiled no method. (RuntimeFeature.IsDynamicCodeSupported
// cannot tell: PublishAot turns it off in the JIT build's runtimeconfig too.)
string compiler = System.Runtime.JitInfo.GetCompiledMethodCount() > 0 ? "JIT" : "NativeAOT";
Console.WriteLine($"Sparrow.PackageConsumer ({compiler}), packages {args[1]} from {args[0]}: {checks - failed} of {checks} checks passed");
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

static unsafe int ReferenceOfArrays(byte[] x, byte[] y)
{
    fixed (byte* a = x, b = y)
        return Reference(a, x.Length, b, y.Length);
}
