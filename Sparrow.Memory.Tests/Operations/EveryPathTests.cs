using Sparrow.Testing;

namespace Sparrow.Tests;

/// <summary>
/// Every path of every operation (<see cref="Paths.All"/>), each checked by its operation's
/// <see cref="CodePath.Check"/> against the operation's reference: readers on equal inputs, on a difference at the
/// first, middle and last byte and on random bytes after a common prefix; writers byte for byte over the
/// destination and <see cref="Bench.Margin"/> sentinel bytes either side. A read or write outside the given
/// bytes next to a guard page faults the test process, so passing proves the bounds.
/// </summary>
public sealed unsafe class EveryPathTests
{
    public static TheoryData<string> All => Paths.Names(Paths.All);

    public static TheoryData<string> AcceptingZero => Paths.Names(Paths.All.Where(p => p.Accepts(0)));

    public static TheoryData<string> CheckingSize => Paths.Names(Paths.All.Where(p => p.ChecksSize));

    [Theory]
    [MemberData(nameof(All))]
    public void EverySizeTo4096_AtBothGuardPagesOfEachRun(string name)
    {
        CodePath path = Paths.Named(name);
        using var bench = new Bench(Sizes.MaxGuarded);
        foreach ((Edge first, Edge second, string placement) in Bench.Placements)
        {
            var where = new Where(placement);
            for (int size = path.MinSize; size <= Math.Min(Sizes.MaxGuarded, path.MaxSize); size++)
                path.Check(bench, Bench.At(bench.First, first, size), Bench.At(bench.Second, second, size), size, where);
        }
    }

    [Theory]
    [MemberData(nameof(All))]
    public void EverySizeTo300_AtEveryAlignmentOfEachPointer(string name)
    {
        CodePath path = Paths.Named(name);
        using var bench = new Bench(2 * Bench.Margin + Sizes.Alignments + Sizes.MaxExhaustive);
        for (int offset1 = 0; offset1 < Sizes.Alignments; offset1++)
        {
            // One run (Set): all of its sizes at each of its alignments.
            for (int offset2 = 0; offset2 < (path.UsesSecond ? Sizes.Alignments : 1); offset2++)
            {
                byte* first = Bench.Aligned(bench.First, offset1);
                byte* second = Bench.Aligned(bench.Second, offset2);
                var where = new Where("offsets {0}/{1}", offset1, offset2);
                foreach (int size in path.UsesSecond ? Sizes.ForAlignments(offset1, offset2) : Sizes.Exhaustive)
                {
                    if (path.Accepts(size))
                        path.Check(bench, first, second, size, where);
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(All))]
    public void SampledSizesTo1MiB_AtSampledAlignments(string name)
    {
        CodePath path = Paths.Named(name);
        using var bench = new Bench(2 * Bench.Margin + Sizes.Alignments + Sizes.MaxSampled);
        foreach ((int size, int offset1, int offset2) in Sizes.Sampled)
        {
            if (path.Accepts(size))
                path.Check(bench, Bench.Aligned(bench.First, offset1), Bench.Aligned(bench.Second, offset2), size, new Where("offsets {0}/{1}", offset1, offset2));
        }
    }

    /// <summary>Size 0 touches nothing: null pointers, and pointers into an inaccessible page, where any access faults.</summary>
    [Theory]
    [MemberData(nameof(AcceptingZero))]
    public void SizeZero_TouchesNoMemory(string name)
    {
        CodePath path = Paths.Named(name);
        using var guarded = new GuardedMemory(1);
        Assert.Equal(path.EmptyResult, path.Call(null, null, 0));
        Assert.Equal(path.EmptyResult, path.Call(guarded.End, guarded.Start - 1, 0));
        Assert.Equal(path.EmptyResult, path.Call(guarded.Start - 1, guarded.End, 0));
    }

    /// <summary>A negative size throws before anything is read or written.</summary>
    [Theory]
    [MemberData(nameof(CheckingSize))]
    public void NegativeSize_ThrowsArgumentOutOfRange_AndTouchesNothing(string name)
    {
        CodePath path = Paths.Named(name);
        using var bench = new Bench(Sizes.MaxGuarded);
        bench.First.AsSpan().Fill(0x5A);
        bench.Second.AsSpan().Fill(0xA5);
        byte* first = Bench.Aligned(bench.First, 0);
        byte* second = Bench.Aligned(bench.Second, 0);
        foreach (int size in (int[])[-1, -2, -16, -17, -33, -64, -4096, int.MinValue, int.MinValue + 1])
        {
            Assert.Throws<ArgumentOutOfRangeException>(() => path.Call(first, second, size));
            Assert.Throws<ArgumentOutOfRangeException>(() => path.Call(bench.First.End, bench.Second.End, size));
            Assert.Equal(-1, bench.First.AsSpan().IndexOfAnyExcept((byte)0x5A));
            Assert.Equal(-1, bench.Second.AsSpan().IndexOfAnyExcept((byte)0xA5));
        }
    }
}
