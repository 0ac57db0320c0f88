using Sparrow.Testing;

namespace Sparrow.Tests;

/// <summary>
/// Every API and path at every size 0..512 on buffers that end exactly at an inaccessible page or start
/// right after one. A read outside the given bytes faults the test process, so passing proves the bounds.
/// </summary>
public sealed unsafe class GuardPageTests : IDisposable
{
    private const int MaxSize = 512;
    private const byte Fill = 0x5A;

    private readonly GuardedMemory _first = new(MaxSize);
    private readonly GuardedMemory _second = new(MaxSize);

    public GuardPageTests()
    {
        _first.AsSpan().Fill(Fill);
        _second.AsSpan().Fill(Fill);
    }

    public void Dispose()
    {
        _first.Dispose();
        _second.Dispose();
    }

    public static TheoryData<string> ComparePathNames => CompareTests.PathNames;

    public static TheoryData<string> EqualPathNames => SequenceEqualTests.PathNames;

    /// <summary>Both buffers at the end of their region, both at the start, and each mix.</summary>
    private (nint P1, nint P2, string Placement)[] Placements(int size1, int size2) =>
    [
        ((nint)_first.EndingAtGuard(size1), (nint)_second.EndingAtGuard(size2), "both ending at a guard page"),
        ((nint)_first.StartingAfterGuard, (nint)_second.StartingAfterGuard, "both starting after a guard page"),
        ((nint)_first.EndingAtGuard(size1), (nint)_second.StartingAfterGuard, "ending / starting"),
        ((nint)_first.StartingAfterGuard, (nint)_second.EndingAtGuard(size2), "starting / ending"),
    ];

    [Theory]
    [MemberData(nameof(ComparePathNames))]
    public void ComparePaths_StayInsideTheBuffers(string name)
    {
        ComparePath path = Paths.CompareNamed(name);
        for (int size = path.MinSize; size <= Math.Min(MaxSize, path.MaxSize); size++)
        {
            foreach ((nint p1, nint p2, string placement) in Placements(size, size))
            {
                string context = $"{path.Name}, {placement}";
                Check.Equal(0, path.Function((byte*)p1, (byte*)p2, size), context, size);
                if (size == 0)
                    continue;
                foreach (int position in (int[])[0, size - 1])
                {
                    ((byte*)p2)[position] = Fill + 1;
                    Check.Equal(-1, path.Function((byte*)p1, (byte*)p2, size), context, size, position);
                    ((byte*)p2)[position] = Fill;
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(EqualPathNames))]
    public void EqualPaths_StayInsideTheBuffers(string name)
    {
        EqualPath path = Paths.EqualNamed(name);
        for (int size = path.MinSize; size <= Math.Min(MaxSize, path.MaxSize); size++)
        {
            foreach ((nint p1, nint p2, string placement) in Placements(size, size))
            {
                string context = $"{path.Name}, {placement}";
                Check.Equal(true, path.Function((byte*)p1, (byte*)p2, size), context, size);
                if (size == 0)
                    continue;
                foreach (int position in (int[])[0, size - 1])
                {
                    ((byte*)p2)[position] = Fill + 1;
                    Check.Equal(false, path.Function((byte*)p1, (byte*)p2, size), context, size, position);
                    ((byte*)p2)[position] = Fill;
                }
            }
        }
    }

    [Fact]
    public void LengthAwareAndSpanOverloads_StayInsideTheBuffers()
    {
        for (int size1 = 0; size1 <= MaxSize; size1++)
        {
            foreach (int size2 in (int[])[0, size1 - 1, size1, size1 + 1, size1 + 9])
            {
                if (size2 < 0 || size2 > MaxSize)
                    continue;
                foreach ((nint p1, nint p2, string placement) in Placements(size1, size2))
                {
                    var x = new ReadOnlySpan<byte>((byte*)p1, size1);
                    var y = new ReadOnlySpan<byte>((byte*)p2, size2);
                    Check.KeyOrder(size1 - size2, Memory.Compare((byte*)p1, size1, (byte*)p2, size2), "Compare(byte*, int, byte*, int), " + placement, size1, size2);
                    Check.KeyOrder(size1 - size2, Memory.Compare(x, y), "Compare(ReadOnlySpan<byte>, ReadOnlySpan<byte>), " + placement, size1, size2);
                    Check.KeyOrder(size1 == size2 ? 1 : 0, Memory.SequenceEqual(x, y) ? 1 : 0, "SequenceEqual(ReadOnlySpan<byte>, ReadOnlySpan<byte>), " + placement, size1, size2);
                }
            }
        }
    }

    /// <summary>
    /// Failure mode: a word loop that steps 8 bytes while any byte is left reads up to 7 bytes past the
    /// end. The scalar path is called directly (the public API takes the vector path on this machine) on
    /// equal bytes, so it scans to the very last byte of a buffer that ends at a guard page.
    /// </summary>
    [Fact]
    public void WordLoop_NeverReadsPastTheEnd()
    {
        for (int size = WordStrides.Block; size <= MaxSize; size++)
        {
            byte* p1 = _first.EndingAtGuard(size);
            byte* p2 = _second.EndingAtGuard(size);
            Check.Equal(0, WordStrides.Compare(p1, p2, (nuint)size), "WordStrides.Compare", size);
            Check.Equal(true, WordStrides.Equal(p1, p2, (nuint)size), "WordStrides.Equal", size);
            Check.Equal(0, Memory.Compare(p1, p2, size), "Compare(byte*, byte*, int)", size);
        }
    }
}
