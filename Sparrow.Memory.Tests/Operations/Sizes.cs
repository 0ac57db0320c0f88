namespace Sparrow.Tests;

/// <summary>
/// The sizes, alignments and positions the tests try, in one place. Every size 0..<see cref="MaxExhaustive"/>
/// is tried at every alignment of each pointer, and every size at or near a path's switch points at every
/// alignment pair; the other sizes are spread over the pairs so the run stays fast.
/// </summary>
internal static class Sizes
{
    /// <summary>Offsets 0..63 from a 64-byte boundary: every alignment within a cache line, for each pointer.</summary>
    public const int Alignments = 64;

    /// <summary>Every size up to this one is tried at every alignment.</summary>
    public const int MaxExhaustive = 300;

    /// <summary>Every size up to this one is tried at the guard pages.</summary>
    public const int MaxGuarded = 4096;

    /// <summary>The largest sampled size.</summary>
    public const int MaxSampled = 1 << 20;

    /// <summary>
    /// Of the sizes that are not <see cref="SwitchPoints"/>, an alignment pair tries those in one residue class
    /// modulo this (odd, so each residue class meets every combination of size and offsets modulo 8).
    /// </summary>
    private const int Spread = 17;

    /// <summary>Sizes where a path changes size class, vector width or block count: each at every alignment pair.</summary>
    private static readonly int[] SwitchPoints =
        [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, MaxExhaustive];

    private static readonly int[][] ByResidue =
    [
        .. Enumerable.Range(0, Spread).Select(residue =>
            SwitchPoints.Union(Enumerable.Range(0, MaxExhaustive + 1).Where(size => size % Spread == residue)).Order().ToArray()),
    ];

    /// <summary>Every size 0..<see cref="MaxExhaustive"/>.</summary>
    public static readonly int[] Exhaustive = [.. Enumerable.Range(0, MaxExhaustive + 1)];

    /// <summary>
    /// Sizes above <see cref="MaxExhaustive"/> up to 1 MiB: around powers of two, and seeded log-uniform ones, each
    /// with its own pair of alignment offsets.
    /// </summary>
    public static readonly (int Size, int Offset1, int Offset2)[] Sampled = SampleLargeSizes();

    /// <summary>The sizes tried with the first pointer at <paramref name="offset1"/> and the second at <paramref name="offset2"/>.</summary>
    public static int[] ForAlignments(int offset1, int offset2) => ByResidue[(offset1 + 2 * offset2) % Spread];

    /// <summary>The first, middle and last positions of <paramref name="size"/> bytes (none when it is 0).</summary>
    public static int[] Positions(int size) => size == 0 ? [] : [0, size / 2, size - 1];

    private static (int, int, int)[] SampleLargeSizes()
    {
        var random = new Random(10);
        int[] aroundPowersOfTwo = [511, 512, 513, 1023, 1024, 1025, 4095, 4096, 4097, 65535, 65536, 65537, MaxSampled - 1, MaxSampled];
        IEnumerable<int> logUniform = Enumerable.Range(0, 26)
            .Select(_ => (int)((MaxExhaustive + 1) * Math.Pow((double)MaxSampled / (MaxExhaustive + 1), random.NextDouble())));
        return [.. aroundPowersOfTwo.Concat(logUniform).Select(size => (size, random.Next(Alignments), random.Next(Alignments)))];
    }
}
