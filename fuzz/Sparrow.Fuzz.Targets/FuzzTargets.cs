namespace Sparrow.Fuzz;

/// <summary>Checks one primitive on one input against its reference; a mismatch throws <see cref="FuzzMismatchException"/>.</summary>
/// <param name="input">The fuzzer's bytes (or a committed corpus file).</param>
public delegate void FuzzTargetRun(ReadOnlySpan<byte> input);

/// <summary>A named fuzz target: the name is the AFL++ executable's argument and the corpus folder (fuzz/corpus/&lt;name&gt;).</summary>
public sealed record FuzzTarget(string Name, FuzzTargetRun Run);

/// <summary>
/// Every target, in one list: a new target is one file with a <c>static void Run(ReadOnlySpan&lt;byte&gt;)</c>, one
/// line here, and a seed folder fuzz/corpus/&lt;name&gt;/.
/// </summary>
public static class FuzzTargets
{
    public static readonly FuzzTarget[] All =
    [
        new("etag", EtagTarget.Run),
        new("datetime", DateTimeTarget.Run),
        new("span-reader", SpanReaderTarget.Run),
        new("record-reader", RecordReaderTarget.Run),
        new("varint-decode", VarIntDecodeTarget.Run),
        new("sorted-key-table", SortedKeyTableTarget.Run),
        new("crc32c", Crc32CTarget.Run),
        new("memory", MemoryTarget.Run),
        new("posting-list", PostingListTarget.Run),
        new("integer-sort", IntegerSortTarget.Run),
    ];

    /// <summary>The target called <paramref name="name"/>, or null.</summary>
    public static FuzzTarget? Find(string name) => Array.Find(All, target => target.Name == name);
}
