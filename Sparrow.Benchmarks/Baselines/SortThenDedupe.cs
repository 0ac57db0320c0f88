namespace Sparrow.Benchmarks.Baselines;

/// <summary>
/// Distinct keys as a .NET user writes them today: MemoryExtensions.Sort, then one pass that keeps each key that
/// differs from the last one kept.
/// </summary>
internal static class SortThenDedupe
{
    public static int SortUnique(Span<ulong> keys)
    {
        keys.Sort();
        if (keys.Length == 0)
            return 0;
        int kept = 1;
        for (int i = 1; i < keys.Length; i++)
        {
            if (keys[i] != keys[kept - 1])
                keys[kept++] = keys[i];
        }
        return kept;
    }
}
