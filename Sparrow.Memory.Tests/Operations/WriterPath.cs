namespace Sparrow.Tests;

internal unsafe delegate void CopyFunction(byte* source, byte* destination, int byteCount);

internal unsafe delegate void MoveFunction(byte* source, byte* destination, int byteCount);

internal unsafe delegate void SetFunction(byte* destination, byte value, int byteCount);

/// <summary>
/// A path of an operation that writes (Copy, Move, Set). One check for all: the bytes around the destination
/// (<see cref="Bench.Margin"/> either side, and the source when it shares the arena) are filled from
/// <see cref="Noise"/>, copied to the bench's scratch, the reference writes the scratch copy and the path the
/// real bytes, and the two must agree byte for byte: the destination got the right bytes and nothing outside it
/// changed.
/// </summary>
internal abstract unsafe class WriterPath(string name, int minSize, int maxSize) : CodePath(name, minSize, maxSize)
{
    public override object? EmptyResult => null;

    /// <summary>
    /// Whether the bytes written are specified when the ranges overlap (Move); where not (Copy), only the bytes
    /// outside the destination are checked then.
    /// </summary>
    protected virtual bool DefinedOnOverlap => true;

    /// <summary>Writes <paramref name="size"/> bytes at <paramref name="destination"/> from <paramref name="source"/> or of <paramref name="value"/>.</summary>
    public abstract void Run(byte* destination, byte* source, byte value, int size);

    /// <summary>The operation's byte loop (<see cref="Reference"/>).</summary>
    protected abstract void Expected(byte* destination, byte* source, byte value, int size);

    public override object? Call(byte* first, byte* second, int size)
    {
        Run(first, second, 0xA5, size);
        return null;
    }

    public override void Check(Bench bench, byte* destination, byte* source, int size, Where where)
    {
        int variant = bench.NextVariant();
        Check(bench, destination, source, (byte)(variant * 0x3B), size, variant, where);
    }

    /// <inheritdoc cref="Check(Bench, byte*, byte*, int, Where)"/>
    public void Check(Bench bench, byte* destination, byte* source, byte value, int size, int variant, Where where)
    {
        Window window = bench.WindowAround(destination, UsesSecond ? source : null, size);
        Noise.Fill(window.Span, variant);
        if (!UsesSecond)
            new Span<byte>(destination, size).Replace(value, (byte)~value); // every byte set changes
        else if (!window.Contains(source, size))
            Noise.FillInverted(new Span<byte>(source, size), variant, (int)(destination - window.Low)); // every byte copied changes

        byte* expected = bench.Snapshot(window);
        Expected(window.Translate(destination, expected), window.Translate(source, expected), value, size);
        Run(destination, source, value, size);

        bool overlapping = UsesSecond && destination < source + size && source < destination + size;
        if (overlapping && !DefinedOnOverlap)
            Expect.SameBytesOutside(window, expected, destination, size, this, where);
        else
            Expect.SameBytes(window, expected, destination, size, this, where);
    }
}

/// <summary>A path of Copy: the bytes are unspecified on overlapping ranges, but nothing outside the destination is written.</summary>
internal sealed unsafe class CopyPath(string name, int minSize, int maxSize, CopyFunction function) : WriterPath(name, minSize, maxSize)
{
    protected override bool DefinedOnOverlap => false;

    public override void Run(byte* destination, byte* source, byte value, int size) => function(source, destination, size);

    protected override void Expected(byte* destination, byte* source, byte value, int size) => Reference.Copy(source, destination, size);
}

/// <summary>A path of Move: right whatever the overlap.</summary>
internal sealed unsafe class MovePath(string name, int minSize, int maxSize, MoveFunction function) : WriterPath(name, minSize, maxSize)
{
    public override void Run(byte* destination, byte* source, byte value, int size) => function(source, destination, size);

    protected override void Expected(byte* destination, byte* source, byte value, int size) => Reference.Move(source, destination, size);
}

/// <summary>A path of Set.</summary>
internal sealed unsafe class SetPath(string name, int minSize, int maxSize, SetFunction function) : WriterPath(name, minSize, maxSize)
{
    public override bool UsesSecond => false;

    public override void Run(byte* destination, byte* source, byte value, int size) => function(destination, value, size);

    protected override void Expected(byte* destination, byte* source, byte value, int size) => Reference.Set(destination, value, size);
}
