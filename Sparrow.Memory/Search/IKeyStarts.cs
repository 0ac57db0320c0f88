namespace Sparrow.Storage;

/// <summary>
/// How a <see cref="SortedKeyTable"/> stores where each key starts in its key bytes: one struct per width, chosen
/// per table where it is built (2 bytes when all keys together hold at most <see cref="ushort.MaxValue"/> bytes,
/// else 4); the search is compiled once per struct, with the read inlined.
/// </summary>
internal unsafe interface IKeyStarts
{
    /// <summary>The bytes of one start.</summary>
    static abstract int Width { get; }

    /// <summary>Where key <paramref name="slot"/> starts (the slot after the last: where the last ends).</summary>
    static abstract int At(byte* starts, int slot);

    /// <summary>Stores where key <paramref name="slot"/> starts (building the table).</summary>
    static abstract void Put(byte* starts, int slot, int start);
}
