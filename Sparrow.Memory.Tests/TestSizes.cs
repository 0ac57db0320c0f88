namespace Sparrow.Tests;

/// <summary>Sizes and positions shared by the Compare and SequenceEqual tests.</summary>
internal static class TestSizes
{
    /// <summary>Offsets 0 to <c>Slack - 1</c> are tried for each pointer; buffers need this many spare bytes.</summary>
    public const int Slack = 16;

    /// <summary>The largest size <see cref="RandomSize"/> returns.</summary>
    public const int MaxRandomSize = 1 << 20;

    /// <summary>Every size below 80, then sizes either side of the larger stride boundaries.</summary>
    public static readonly int[] AlignmentSizes = [.. Enumerable.Range(0, 80), 95, 96, 97, 127, 128, 129, 200, 255, 256, 257];

    /// <summary>Bytes a buffer needs for the largest alignment size at the largest offset.</summary>
    public static int AlignmentBufferSize => AlignmentSizes[^1] + Slack;

    /// <summary>The first, middle and last positions of <paramref name="size"/> bytes (none when it is 0).</summary>
    public static int[] SampledPositions(int size) => size == 0 ? [] : [0, size / 2, size - 1];

    /// <summary>
    /// A seeded size of at least <paramref name="minSize"/>: for even <paramref name="i"/> anywhere up to
    /// 1 MiB, for odd <paramref name="i"/> below 4 KiB, so short inputs, where the paths switch at 16, 32
    /// and 64 bytes, and their tails come up as often as the long strides do.
    /// </summary>
    public static int RandomSize(Random random, int i, int minSize) =>
        Math.Max(minSize, i % 2 == 0 ? random.Next(MaxRandomSize + 1) : random.Next(4096));
}
