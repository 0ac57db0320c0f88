namespace Sparrow.Tests;

public sealed unsafe class SetTests
{
    public static TheoryData<string> SetPaths => Paths.Names(Paths.Set);

    /// <summary>Every byte value at every size 0..300, between sentinel bytes that must not change (<see cref="WriterPath"/>).</summary>
    [Theory]
    [MemberData(nameof(SetPaths))]
    public void EveryByteValue_EverySizeTo300_ChangesNothingOutside(string name)
    {
        SetPath path = Paths.Named<SetPath>(name);
        using var bench = new Bench(2 * Bench.Margin + Sizes.Alignments + Sizes.MaxExhaustive);
        for (int value = 0; value < 256; value++)
        {
            int offset = value % Sizes.Alignments;
            byte* destination = Bench.Aligned(bench.First, offset);
            var where = new Where("value {0}, offset {1}", value, offset);
            for (int size = path.MinSize; size <= Math.Min(Sizes.MaxExhaustive, path.MaxSize); size++)
                path.Check(bench, destination, null, (byte)value, size, bench.NextVariant(), where);
        }
    }
}
