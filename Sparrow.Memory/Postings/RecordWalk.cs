namespace Sparrow.Storage;

/// <summary>
/// <see cref="PostingListReader.SkipTo"/>'s place in a walk over skip records that are each one load
/// (<see cref="PostingListFormat.RecordsLoadWhole"/>): the next block, its record and byte offset, and the value before
/// it. A path that walks records a group at a time (<see cref="UnpackAvx512Vbmi.PassGroups"/>) moves it forward.
/// </summary>
internal ref struct RecordWalk
{
    /// <summary>The encoded list.</summary>
    public ref byte Encoded;
    /// <summary>Its length in bytes.</summary>
    public int Length;
    /// <summary>Bits of a skip record: the code and the span field.</summary>
    public int RecordBits;
    /// <summary>The list's span base, added to each record's span field.</summary>
    public ulong SpanBase;
    /// <summary>The last block a group may start at: its records (up to the last block, excluded) lie inside the list, and their spans fit 64 bits added up.</summary>
    public int LastGroup;

    /// <summary>The next block.</summary>
    public int Block;
    /// <summary>The bit of its skip record in <see cref="Encoded"/>.</summary>
    public long Bit;
    /// <summary>Its byte offset.</summary>
    public int Offset;
    /// <summary>The value before its first: the last value of the block before it.</summary>
    public ulong Start;
    /// <summary>How many blocks with exceptions the group a walk stopped in holds, whatever stopped it (0 when no group stopped).</summary>
    public int ExceptionBlocks;
}
