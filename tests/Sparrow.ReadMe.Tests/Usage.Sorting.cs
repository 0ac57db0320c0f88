using Sparrow.Storage;

namespace Sparrow.ReadMe.Tests;

public sealed partial class Usage
{
    [Fact]
    public void Sorting_keys_payloads_and_distinct_keys()
    {
        // Keys in place, ascending: signed types in signed order.
        long[] ids = [42, -7, 1_000_000, 0, -7];
        IntegerSort.Sort(ids);
        Assert.Equal([-7, -7, 0, 42, 1_000_000], ids);

        // A payload moves with its key, as Array.Sort(keys, items) does.
        ulong[] keys = [30, 10, 20];
        long[] pages = [3, 1, 2];
        IntegerSort.Sort(keys, pages);
        Assert.Equal([10ul, 20, 30], keys);
        Assert.Equal([1L, 2, 3], pages);

        // Sorted, then each distinct key once at the front.
        uint[] terms = [5, 3, 5, 1, 3];
        int distinct = IntegerSort.SortUnique(terms);
        Assert.Equal([1u, 3, 5], terms[..distinct]);
    }
}
