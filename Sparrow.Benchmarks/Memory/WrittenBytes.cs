namespace Sparrow.Benchmarks;

/// <summary>
/// The [GlobalSetup] check of the benchmarks that write bytes (copy, move, set): every implementation, run from
/// the same starting bytes, must leave the same bytes as the first one listed (the trusted alternative), or the
/// case fails before a wrong benchmark can report a number.
/// </summary>
internal static unsafe class WrittenBytes
{
    /// <param name="region">The bytes the implementations write (and any bytes around them they must leave alone).</param>
    /// <param name="length">Bytes in <paramref name="region"/>.</param>
    /// <param name="reset">Puts <paramref name="region"/> back in its starting state.</param>
    /// <param name="implementations">Each implementation's name and one run of its benchmark loop; the first is the reference.</param>
    public static void CheckAgree(byte* region, int length, Action reset, params ReadOnlySpan<(string Name, Action Run)> implementations)
    {
        byte[]? expected = null;
        foreach ((string name, Action run) in implementations)
        {
            reset();
            run();
            var written = new ReadOnlySpan<byte>(region, length);
            if (expected is null)
            {
                expected = written.ToArray();
            }
            else if (!written.SequenceEqual(expected))
            {
                throw new InvalidOperationException(
                    $"{name} leaves other bytes than {implementations[0].Name} (first difference at byte {written.CommonPrefixLength(expected)} of {length}).");
            }
        }
    }
}
