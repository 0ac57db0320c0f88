namespace Sparrow.Tests;

/// <summary>Values at every boundary of the encoding: each length class's ends (2^7k - 1, 2^7k, 2^7k + 1), every power of two and its neighbours, 0 and the maxima.</summary>
internal static class VarIntValues
{
    public static readonly ulong[] Boundaries64 = [.. BoundariesBelow(64)];

    public static readonly uint[] Boundaries32 = [.. BoundariesBelow(32).Select(v => (uint)v)];

    private static IEnumerable<ulong> BoundariesBelow(int bits)
    {
        ulong max = bits == 64 ? ulong.MaxValue : (1UL << bits) - 1;
        var values = new SortedSet<ulong> { 0, 1, 2, max, max - 1 };
        for (int shift = 1; shift < bits; shift++)
        {
            ulong power = 1UL << shift;
            values.UnionWith([power - 1, power, power + 1]);
        }

        return values.Where(v => v <= max);
    }
}
