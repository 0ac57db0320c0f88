using Sparrow.Testing;

namespace Sparrow.Tests;

/// <summary>Where a run of bytes sits in its guarded arena.</summary>
internal enum Edge
{
    /// <summary>Starting right after the leading inaccessible page: a read or write before the first byte faults.</summary>
    AfterLeadingGuard,

    /// <summary>Ending right before the trailing inaccessible page: a read or write past the last byte faults.</summary>
    BeforeTrailingGuard,
}

/// <summary>
/// Two guarded arenas (<see cref="GuardedMemory"/>: the first for the destination or first input, the second for
/// the source or second input) and a scratch buffer where <see cref="WriterPath"/> lets the reference write what
/// the path should. Also the one place that says where runs of bytes are put in the arenas: at a guard page,
/// at an alignment offset, or overlapping.
/// </summary>
internal sealed unsafe class Bench : IDisposable
{
    /// <summary>Bytes checked either side of a destination (sentinels), and kept free before an aligned run.</summary>
    public const int Margin = 64;

    /// <summary>Both edges of an arena, named for failure messages.</summary>
    public static readonly (Edge Edge, string Name)[] Edges =
    [
        (Edge.AfterLeadingGuard, "after a leading guard page"),
        (Edge.BeforeTrailingGuard, "before a trailing guard page"),
    ];

    /// <summary>
    /// The two runs at opposite edges of their arenas, then the other way round: each run gets a guard page right
    /// before its first byte and, in the other placement, right after its last.
    /// </summary>
    public static readonly (Edge First, Edge Second, string Name)[] Placements =
    [
        (Edge.AfterLeadingGuard, Edge.BeforeTrailingGuard, "first after a leading guard page, second before a trailing one"),
        (Edge.BeforeTrailingGuard, Edge.AfterLeadingGuard, "first before a trailing guard page, second after a leading one"),
    ];

    private readonly NativeBuffer _scratch;
    private int _variant;

    /// <summary>Arenas of at least <paramref name="capacity"/> bytes each.</summary>
    public Bench(int capacity)
    {
        First = new GuardedMemory(capacity);
        Second = new GuardedMemory(capacity);
        _scratch = new NativeBuffer(First.Capacity);
    }

    public GuardedMemory First { get; }

    public GuardedMemory Second { get; }

    /// <summary>A new number for each checked call, so the bytes differ from call to call.</summary>
    public int NextVariant() => _variant++;

    /// <summary><paramref name="size"/> bytes of <paramref name="arena"/> at <paramref name="edge"/>.</summary>
    public static byte* At(GuardedMemory arena, Edge edge, int size) =>
        edge == Edge.AfterLeadingGuard ? arena.StartingAfterGuard : arena.EndingAtGuard(size);

    /// <summary>A run at <paramref name="offset"/> (0..63) from a 64-byte boundary, with <see cref="Margin"/> bytes before it.</summary>
    public static byte* Aligned(GuardedMemory arena, int offset) => arena.Start + Margin + offset;

    /// <summary>
    /// A destination and a source of <paramref name="size"/> bytes, <paramref name="distance"/> bytes apart
    /// (destination minus source), whose union sits in the first arena at <paramref name="edge"/>: a guard page
    /// before the lower run or after the higher one.
    /// </summary>
    public (nint Destination, nint Source) Overlapping(Edge edge, int distance, int size)
    {
        byte* union = At(First, edge, size + Math.Abs(distance));
        return distance >= 0 ? ((nint)(union + distance), (nint)union) : ((nint)union, (nint)(union - distance));
    }

    /// <summary>
    /// The bytes around <paramref name="size"/> bytes at <paramref name="destination"/>, and at
    /// <paramref name="source"/> when it is in the same arena: <see cref="Margin"/> either side, inside the arena.
    /// </summary>
    public Window WindowAround(byte* destination, byte* source, int size)
    {
        GuardedMemory arena = Holds(First, destination) ? First : Second;
        byte* low = destination;
        byte* high = destination + size;
        if (source != null && Holds(arena, source))
        {
            low = source < low ? source : low;
            high = source + size > high ? source + size : high;
        }

        low = low - arena.Start > Margin ? low - Margin : arena.Start;
        high = arena.End - high > Margin ? high + Margin : arena.End;
        return new Window(low, (int)(high - low));
    }

    /// <summary>Copies <paramref name="window"/> to the scratch buffer and returns the copy.</summary>
    public byte* Snapshot(Window window)
    {
        window.Span.CopyTo(_scratch.AsSpan());
        return _scratch.Pointer;
    }

    private static bool Holds(GuardedMemory arena, byte* p) => p >= arena.Start && p <= arena.End;

    public void Dispose()
    {
        First.Dispose();
        Second.Dispose();
        _scratch.Dispose();
    }
}

/// <summary>A range of accessible bytes around a checked call.</summary>
internal readonly unsafe struct Window(byte* low, int length)
{
    public byte* Low { get; } = low;

    public int Length { get; } = length;

    public Span<byte> Span => new(Low, Length);

    public bool Contains(byte* p, int size) => p >= Low && p + size <= Low + Length;

    /// <summary>The address in <paramref name="copy"/> (of this window) that corresponds to <paramref name="p"/>, or <paramref name="p"/> itself when it is outside.</summary>
    public byte* Translate(byte* p, byte* copy) => p >= Low && p < Low + Length ? copy + (p - Low) : p;
}
