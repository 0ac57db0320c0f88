using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// Copy and Move on overlapping ranges, and the span overloads' destination length. Move must give the source's
/// bytes whatever the overlap; Copy's bytes are unspecified then, but it never writes outside the destination.
/// The union of the two ranges sits at each guard page, so neither reads or writes past it.
/// </summary>
public sealed unsafe class CopyAndMoveTests
{
    private const int MaxDistance = 64;

    private delegate void SpanTransfer(ReadOnlySpan<byte> source, Span<byte> destination);

    public static TheoryData<string> CopyAndMovePaths => Paths.Names([.. Paths.Copy, .. Paths.Move]);

    public static TheoryData<string> CopyAndMovePathsTo1MiB => Paths.Names(Paths.Copy.Concat<CodePath>(Paths.Move).Where(p => p.Accepts(Sizes.MaxSampled)));

    [Theory]
    [MemberData(nameof(CopyAndMovePaths))]
    public void OverlapDistancesMinus64To64_EverySizeTo300(string name)
    {
        CodePath path = Paths.Named(name);
        using var bench = new Bench(2 * Bench.Margin + MaxDistance + Sizes.MaxExhaustive);
        foreach ((Edge edge, string edgeName) in Bench.Edges)
        {
            var where = new Where($"destination - source = {{0}}, their union {edgeName}");
            for (int distance = -MaxDistance; distance <= MaxDistance; distance++)
            {
                for (int size = path.MinSize; size <= Math.Min(Sizes.MaxExhaustive, path.MaxSize); size++)
                {
                    (nint destination, nint source) = bench.Overlapping(edge, distance, size);
                    path.Check(bench, (byte*)destination, (byte*)source, size, where with { A = distance });
                }
            }
        }
    }

    public static TheoryData<string> MovePaths => Paths.Names(Paths.Move);

    /// <summary>
    /// The distances the test above leaves out: every one up to one past the size, either way. A backward move loads
    /// its first block only with the loop's last block, which is right only while every store before then lands above
    /// the first block's source bytes, at every distance below the size.
    /// </summary>
    [Theory]
    [MemberData(nameof(MovePaths))]
    public void OverlapDistancesAbove64_UpToTheSize_EverySizeTo300(string name)
    {
        CodePath path = Paths.Named(name);
        using var bench = new Bench(2 * Bench.Margin + 2 * Sizes.MaxExhaustive + 1);
        foreach ((Edge edge, string edgeName) in Bench.Edges)
        {
            var where = new Where($"destination - source = {{0}}, their union {edgeName}");
            for (int size = path.MinSize; size <= Math.Min(Sizes.MaxExhaustive, path.MaxSize); size++)
            {
                for (int distance = MaxDistance + 1; distance <= size + 1; distance++)
                {
                    foreach (int signed in (int[])[distance, -distance])
                    {
                        (nint destination, nint source) = bench.Overlapping(edge, signed, size);
                        path.Check(bench, (byte*)destination, (byte*)source, size, where with { A = signed });
                    }
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(CopyAndMovePathsTo1MiB))]
    public void OneMebibyte_ShiftedEitherWay_ByFewAndManyBytes(string name)
    {
        CodePath path = Paths.Named(name);
        using var bench = new Bench(2 * Bench.Margin + 4095 + Sizes.MaxSampled);
        foreach ((Edge edge, string edgeName) in Bench.Edges)
        {
            var where = new Where($"destination - source = {{0}}, their union {edgeName}");
            foreach (int distance in (int[])[1, -1, 7, -7, 64, -64, 4095, -4095])
            {
                (nint destination, nint source) = bench.Overlapping(edge, distance, Sizes.MaxSampled);
                path.Check(bench, (byte*)destination, (byte*)source, Sizes.MaxSampled, where with { A = distance });
            }
        }
    }

    public static TheoryData<string> SpanOverloads => ["Copy", "Move"];

    [Theory]
    [MemberData(nameof(SpanOverloads))]
    public void SpanOverload_DestinationTooShort_ThrowsArgumentException_AndWritesNothing(string operation)
    {
        SpanTransfer transfer = operation == "Copy" ? Bytes.Copy : Bytes.Move;
        const int MaxSize = 300;
        using var bench = new Bench(MaxSize);
        Noise.Fill(bench.Second.AsSpan(), 0);
        foreach (int size in Enumerable.Range(1, MaxSize))
        {
            foreach (int length in (int[])[size - 1, size / 2, 0])
            {
                // The destination ends at a guard page: a write of its missing bytes would fault.
                byte* destination = Bench.At(bench.First, Edge.BeforeTrailingGuard, length);
                byte* source = bench.Second.Start;
                bench.First.AsSpan().Fill(0x5A);
                var exception = Assert.Throws<ArgumentException>(
                    () => transfer(new ReadOnlySpan<byte>(source, size), new Span<byte>(destination, length)));
                Assert.Equal("destination", exception.ParamName);
                Assert.Equal(-1, bench.First.AsSpan().IndexOfAnyExcept((byte)0x5A));
            }
        }
    }

    [Theory]
    [MemberData(nameof(SpanOverloads))]
    public void SpanOverload_LongerDestination_OnlyItsStartIsWritten(string operation)
    {
        SpanTransfer transfer = operation == "Copy" ? Bytes.Copy : Bytes.Move;
        const int MaxSize = 300;
        using var bench = new Bench(2 * MaxSize);
        Noise.Fill(bench.Second.AsSpan(), 0);
        for (int size = 0; size <= MaxSize; size++)
        {
            foreach (int extra in (int[])[1, 7, 64, MaxSize])
            {
                bench.First.AsSpan().Fill(0x5A);
                var source = new ReadOnlySpan<byte>(bench.Second.Start, size);
                var destination = new Span<byte>(bench.First.Start, size + extra);
                transfer(source, destination);
                Assert.True(destination[..size].SequenceEqual(source), $"{operation}: size {size}: the source's bytes");
                Assert.Equal(-1, bench.First.AsSpan()[size..].IndexOfAnyExcept((byte)0x5A));
            }
        }
    }
}
