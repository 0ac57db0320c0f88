using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Sparrow.Storage;
using Sparrow.Formatting;

// aot-measure: nanoseconds per call of a few headline operations, the median of 21 timed rounds of about 20 ms each
// after 200 ms of warm-up (which lets the JIT tier up; NativeAOT code is final from the start). One line per
// operation, "<operation>\t<ns>", after a line saying which compiler made this code and what it enabled. A
// diagnostic for comparing builds of this program on one machine, not a published benchmark.
//   dotnet run -c Release --project tools/aot-measure      (run.sh builds and runs it three ways)

string compiler = System.Runtime.JitInfo.GetCompiledMethodCount() > 0 ? "JIT" : "NativeAOT";
Console.WriteLine($"# {compiler}: Avx512BW={Avx512BW.IsSupported} Avx512Vbmi={Avx512Vbmi.IsSupported} Avx2={Avx2.IsSupported} " +
    $"Pclmulqdq.V512={Pclmulqdq.V512.IsSupported} Pclmulqdq={Pclmulqdq.IsSupported} Bmi2={Bmi2.IsSupported} Sse42={Sse42.IsSupported} " +
    $"Vector512={Vector512.IsHardwareAccelerated} " +
    $"Vector256={Vector256.IsHardwareAccelerated} Vector128={Vector128.IsHardwareAccelerated}");

Measure("Compare 12 B", new CompareCase(12).Run);
Measure("Compare 4 KiB", new CompareCase(4096).Run);
Measure("Crc32C 4 KiB", new Crc32CCase(4096).Run);
Measure("SortedKeyTable.Search", new SearchCase().Run);
Measure("Etag.TryFormat (UTF-8)", new EtagCase().Run);
return 0;

// Each case runs its operation `count` times and returns a value that depends on every result.
static void Measure(string name, Func<int, long> run)
{
    const int Rounds = 21;
    long sink = 0;
    int count = 1;
    var clock = Stopwatch.StartNew();
    while (clock.ElapsedMilliseconds < 200)
    {
        sink += run(count);
        count = Math.Min(count * 2, 1 << 24);
    }

    // Calls per round: about 20 ms at the speed the warm-up ended with.
    clock.Restart();
    sink += run(count);
    int perRound = (int)Math.Clamp(count * 20.0 / Math.Max(clock.Elapsed.TotalMilliseconds, 0.001), 1, 1 << 28);
    var nanoseconds = new double[Rounds];
    for (int round = 0; round < Rounds; round++)
    {
        long start = Stopwatch.GetTimestamp();
        sink += run(perRound);
        nanoseconds[round] = Stopwatch.GetElapsedTime(start).TotalNanoseconds / perRound;
    }

    Array.Sort(nanoseconds);
    Console.WriteLine($"{name}\t{nanoseconds[Rounds / 2]:F2}\t(sink {sink & 1})");
}

/// <summary>Bytes.Compare of keys in native memory that differ at their last byte: every byte is read.</summary>
internal sealed unsafe class CompareCase
{
    private readonly byte* _x, _y;
    private readonly int _size;

    public CompareCase(int size)
    {
        _size = size;
        _x = (byte*)NativeMemory.AlignedAlloc((nuint)size, 64);
        _y = (byte*)NativeMemory.AlignedAlloc((nuint)size, 64);
        new Random(1).NextBytes(new Span<byte>(_x, size));
        new Span<byte>(_x, size).CopyTo(new Span<byte>(_y, size));
        _y[size - 1] ^= 1;
    }

    public long Run(int count)
    {
        long sum = 0;
        for (int i = 0; i < count; i++)
            sum += Bytes.Compare(_x, _y, _size);
        return sum;
    }
}

/// <summary>Crc32C.HashToUInt32 of a page.</summary>
internal sealed class Crc32CCase(int size)
{
    private readonly byte[] _page = Page(size);

    public long Run(int count)
    {
        long sum = 0;
        for (int i = 0; i < count; i++)
            sum += Crc32C.HashToUInt32(_page);
        return sum;
    }

    private static byte[] Page(int size)
    {
        byte[] page = new byte[size];
        new Random(2).NextBytes(page);
        return page;
    }
}

/// <summary>SortedKeyTable.Search of present keys, in a random order, in a table of 50,000 document ids.</summary>
internal sealed class SearchCase
{
    private readonly SortedKeyTable _table;
    private readonly byte[][] _lookups;

    public SearchCase()
    {
        byte[][] keys = Enumerable.Range(0, 50_000).Select(i => System.Text.Encoding.ASCII.GetBytes($"users/{i * 7:D8}")).ToArray();
        _table = SortedKeyTable.Create(keys);
        var random = new Random(3);
        _lookups = Enumerable.Range(0, 4096).Select(_ => keys[random.Next(keys.Length)]).ToArray();
    }

    public long Run(int count)
    {
        long sum = 0;
        for (int i = 0; i < count; i++)
            sum += _table.Search(_lookups[i & 4095]);
        return sum;
    }
}

/// <summary>Etag.TryFormat into a UTF-8 buffer, over etags of random values.</summary>
internal sealed class EtagCase
{
    private readonly Etag[] _etags;
    private readonly byte[] _destination = new byte[Etag.FormattedLength];

    public EtagCase()
    {
        var random = new Random(4);
        _etags = Enumerable.Range(0, 1024).Select(_ => new Etag(random.NextInt64(), random.NextInt64())).ToArray();
    }

    public long Run(int count)
    {
        long sum = 0;
        for (int i = 0; i < count; i++)
        {
            _etags[i & 1023].TryFormat(_destination, out int written);
            sum += written + _destination[35];
        }

        return sum;
    }
}
