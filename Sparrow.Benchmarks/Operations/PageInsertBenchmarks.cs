using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using Sparrow.Benchmarks.Reporting;

namespace Sparrow.Benchmarks;

/// <summary>
/// A page's slot array filled by inserts: <see cref="Keys"/> keys in random (seeded) order into a sorted array of
/// 2-byte slots (the keys' offsets) at the start of a 4 KiB page, each insert shifting the tail of the array up by
/// one slot with a move (Sparrow's Move against the same loop on Buffer.MemoryCopy and memmove). Each key's slot
/// index at its turn is computed in setup, so the loop measures the shifts and slot writes, not a key search.
/// Reported per insert.
/// </summary>
public unsafe class PageInsertBenchmarks
{
    private const int Keys = 1000;
    private const int PageSize = 4096;
    private const int Seed = 1729;

    private ushort* _page;
    private int* _slotIndexes;
    private ushort* _keyOffsets;
    private ushort[] _sortedOffsets = null!;

    [GlobalSetup]
    public void Setup()
    {
        _page = (ushort*)NativeMemory.AlignedAlloc(PageSize, PageSize);
        _slotIndexes = (int*)NativeMemory.AlignedAlloc(Keys * sizeof(int), 64);
        _keyOffsets = (ushort*)NativeMemory.AlignedAlloc(Keys * sizeof(ushort), 64);

        // Key k (0..999, its rank) lives at offset 2048 + 2k of the page; the keys arrive in a shuffled order and each
        // goes to the slot index that keeps the array sorted: the count of smaller keys inserted before it.
        var random = new Random(Seed);
        int[] order = [.. Enumerable.Range(0, Keys)];
        random.Shuffle(order);
        var inserted = new List<int>(Keys);
        for (int i = 0; i < Keys; i++)
        {
            int slot = ~inserted.BinarySearch(order[i]);
            inserted.Insert(slot, order[i]);
            _slotIndexes[i] = slot;
            _keyOffsets[i] = OffsetOf(order[i]);
        }

        _sortedOffsets = [.. Enumerable.Range(0, Keys).Select(OffsetOf)];

        foreach ((string name, Action insertAll) in WrittenBytes.BenchmarkMethods(this))
            CheckSlotArray(name, insertAll);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        NativeMemory.AlignedFree(_page);
        NativeMemory.AlignedFree(_slotIndexes);
        NativeMemory.AlignedFree(_keyOffsets);
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Keys), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public void BufferMemoryCopy() => InsertAll<BufferMemoryCopier>();

    [Benchmark(OperationsPerInvoke = Keys), BenchmarkCategory(Category.Alternative, Category.Headline)]
    public void Memmove() => InsertAll<MemmoveCopier>();

    [Benchmark(OperationsPerInvoke = Keys), BenchmarkCategory(Category.Sparrow, Category.Headline)]
    [Target(0.6, nameof(BufferMemoryCopy))]
    public void Move() => InsertAll<SparrowMover>();

    private static ushort OffsetOf(int key) => (ushort)(PageSize / 2 + 2 * key);

    private void InsertAll<TMover>() where TMover : struct, IByteCopier
    {
        ushort* slots = _page;
        int* slotIndexes = _slotIndexes;
        ushort* keyOffsets = _keyOffsets;
        for (int count = 0; count < Keys; count++)
        {
            int slot = slotIndexes[count];
            TMover.Copy((byte*)(slots + slot), (byte*)(slots + slot + 1), (count - slot) * sizeof(ushort));
            slots[slot] = keyOffsets[count];
        }
    }

    /// <summary>Every implementation must leave the slot array sorted by key, the rest of the page as it was.</summary>
    private void CheckSlotArray(string name, Action insertAll)
    {
        var page = new Span<ushort>(_page, PageSize / sizeof(ushort));
        page.Fill(0xCCCC);
        insertAll();
        if (!page[..Keys].SequenceEqual(_sortedOffsets) || page[Keys..].ContainsAnyExcept((ushort)0xCCCC))
            throw new InvalidOperationException($"{name} leaves a wrong slot array.");
    }
}
