namespace Sparrow.Tests;

/// <summary>The operations that only read (Compare and SequenceEqual), every path: exhaustive small cases.</summary>
public sealed unsafe class ComparisonTests
{
    private const int MaxExhaustiveSize = 512;

    public static TheoryData<string> ComparisonPaths => Paths.Names([.. Paths.Compare, .. Paths.Equal]);

    /// <summary>
    /// At every size: equal inputs, the same pointer twice, and each of the path's
    /// <see cref="ComparisonPath.Plants"/> at every position with a later difference of the other sign.
    /// </summary>
    [Theory]
    [MemberData(nameof(ComparisonPaths))]
    public void EqualInputs_TheSamePointer_AndEachDifferenceAtEveryPositionOfEverySize(string name)
    {
        ComparisonPath path = Paths.Named<ComparisonPath>(name);
        using var a = new NativeBuffer(MaxExhaustiveSize);
        using var b = new NativeBuffer(MaxExhaustiveSize);
        new Random(1).NextBytes(a.AsSpan());
        a.AsSpan().CopyTo(b.AsSpan());
        var where = new Where("64-byte-aligned buffers");

        for (int size = path.MinSize; size <= Math.Min(MaxExhaustiveSize, path.MaxSize); size++)
        {
            path.CheckEqual(a.Pointer, b.Pointer, size, where);
            path.CheckEqual(a.Pointer, a.Pointer, size, new Where("the same pointer twice"));
            for (int position = 0; position < size; position++)
            {
                foreach ((byte X, byte Y) difference in path.Plants)
                    path.CheckDifferenceAt(a.Pointer, b.Pointer, size, position, difference, where);
            }
        }
    }
}
