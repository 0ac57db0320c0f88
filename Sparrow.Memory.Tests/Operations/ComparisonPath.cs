namespace Sparrow.Tests;

internal unsafe delegate int CompareFunction(byte* x, byte* y, int byteCount);

internal unsafe delegate bool EqualFunction(byte* x, byte* y, int byteCount);

/// <summary>
/// A path of an operation that only reads its two inputs (Compare, SequenceEqual): checked on equal inputs, on a
/// difference planted at the first, middle and last byte, and against the reference on random bytes after a
/// common prefix.
/// </summary>
internal abstract unsafe class ComparisonPath(string name, int minSize, int maxSize) : CodePath(name, minSize, maxSize)
{
    /// <summary>
    /// The differences worth planting at each position: for Compare, whose result is their value, every pair of
    /// <see cref="Differences.All"/>; for SequenceEqual, whose result is a flag, a low, a high and every bit flipped.
    /// </summary>
    public abstract (byte X, byte Y)[] Plants { get; }

    /// <summary>
    /// Plants <paramref name="difference"/> at <paramref name="position"/> of inputs that are equal before it and,
    /// when there is room, a difference of the other sign at the last byte, so only the first difference may
    /// decide; checks the exact result, then restores the inputs.
    /// </summary>
    public abstract void CheckDifferenceAt(byte* x, byte* y, int size, int position, (byte X, byte Y) difference, Where where);

    /// <summary>Checks that <paramref name="size"/> bytes at <paramref name="x"/> and <paramref name="y"/>, which are equal, compare equal.</summary>
    public abstract void CheckEqual(byte* x, byte* y, int size, Where where);
}

/// <inheritdoc cref="ComparisonPath"/>
/// <typeparam name="TResult">What the operation returns: a difference or a flag.</typeparam>
internal abstract unsafe class ComparisonPath<TResult>(string name, int minSize, int maxSize) : ComparisonPath(name, minSize, maxSize)
    where TResult : IEquatable<TResult>
{
    /// <summary>The result for equal inputs (and for size 0).</summary>
    public abstract TResult Equal { get; }

    public override object? EmptyResult => Equal;

    /// <summary>The result when the first difference is <paramref name="x"/> against <paramref name="y"/>.</summary>
    public abstract TResult Differing(byte x, byte y);

    public abstract TResult Run(byte* x, byte* y, int size);

    /// <summary>The operation's byte loop (<see cref="Reference"/>).</summary>
    protected abstract TResult Expected(byte* x, byte* y, int size);

    public override object? Call(byte* first, byte* second, int size) => Run(first, second, size);

    public override void Check(Bench bench, byte* x, byte* y, int size, Where where)
    {
        int variant = bench.NextVariant();
        Noise.Fill(new Span<byte>(x, size), variant);
        new ReadOnlySpan<byte>(x, size).CopyTo(new Span<byte>(y, size));
        CheckEqual(x, y, size, where);
        if (size == 0)
            return;

        foreach (int position in Sizes.Positions(size))
            CheckDifferenceAt(x, y, size, position, Plants[(variant + position) % Plants.Length], where);

        // Random bytes from a pseudo-random position on: the first of them that differs decides.
        int start = variant % size;
        Noise.Fill(new Span<byte>(y + start, size - start), variant + 1);
        Expect.Equal(Expected(x, y, size), Run(x, y, size), this, size, where, start);
    }

    public override void CheckEqual(byte* x, byte* y, int size, Where where) => Expect.Equal(Equal, Run(x, y, size), this, size, where);

    public override void CheckDifferenceAt(byte* x, byte* y, int size, int position, (byte X, byte Y) difference, Where where)
    {
        int last = size - 1;
        byte x0 = x[position], y0 = y[position], xLast = x[last], yLast = y[last];
        x[position] = difference.X;
        y[position] = difference.Y;
        if (position < last)
        {
            x[last] = difference.X > difference.Y ? (byte)0x00 : (byte)0xFF;
            y[last] = difference.X > difference.Y ? (byte)0xFF : (byte)0x00;
        }

        Expect.Equal(Differing(difference.X, difference.Y), Run(x, y, size), this, size, where, position);
        x[last] = xLast;
        y[last] = yLast;
        x[position] = x0;
        y[position] = y0;
    }
}

/// <summary>A path of Compare: 0 when equal, else exactly <c>x[i] - y[i]</c> at the first difference.</summary>
internal sealed unsafe class ComparePath(string name, int minSize, int maxSize, CompareFunction function)
    : ComparisonPath<int>(name, minSize, maxSize)
{
    public override (byte X, byte Y)[] Plants => Differences.All;

    public override int Equal => 0;

    public override int Differing(byte x, byte y) => x - y;

    public override int Run(byte* x, byte* y, int size) => function(x, y, size);

    protected override int Expected(byte* x, byte* y, int size) => Reference.Compare(x, y, size);
}

/// <summary>A path of SequenceEqual.</summary>
internal sealed unsafe class EqualPath(string name, int minSize, int maxSize, EqualFunction function)
    : ComparisonPath<bool>(name, minSize, maxSize)
{
    public override (byte X, byte Y)[] Plants => Differences.Flips;

    public override bool Equal => true;

    public override bool Differing(byte x, byte y) => false;

    public override bool Run(byte* x, byte* y, int size) => function(x, y, size);

    protected override bool Expected(byte* x, byte* y, int size) => Reference.Equal(x, y, size);
}

/// <summary>Byte pairs a first difference is planted with.</summary>
internal static class Differences
{
    /// <summary>Pairs that trip signed arithmetic, in both orders; one that shows the value is exact; a flip of the lowest and of the highest bit.</summary>
    public static readonly (byte X, byte Y)[] All =
    [
        (0x00, 0xFF), (0xFF, 0x00),
        (0x7F, 0x80), (0x80, 0x7F),
        (0x01, 0xFF), (0xFF, 0x01),
        (0x10, 0x13), (0x13, 0x10),
        (0x5B, 0x5A), (0x5A, 0xDA),
    ];

    /// <summary>The lowest bit, the highest bit, every bit.</summary>
    public static readonly (byte X, byte Y)[] Flips = [(0x5B, 0x5A), (0x5A, 0xDA), (0x00, 0xFF)];
}
