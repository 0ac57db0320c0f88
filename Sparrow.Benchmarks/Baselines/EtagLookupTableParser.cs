namespace Sparrow.Benchmarks.Baselines;

/// <summary>
/// Historical etag parsing after the lookup-table rewrite (about 3,500 etags per ms at the time): an int
/// table indexed directly by the character for each of the 32 digit positions, the dashes skipped by a
/// position table and not checked. Kept in its original, lenient form.
/// </summary>
internal static class EtagLookupTableParser
{
    private static readonly int[] HexValue = BuildHexValue();

    private static readonly int[] DigitPositions =
        [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17, 19, 20, 21, 22, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35];

    private static int[] BuildHexValue()
    {
        int[] table = new int['z' + 1];
        for (int c = 0; c < table.Length; c++)
            table[c] = c is >= '0' and <= '9' ? c - '0' : c is >= 'A' and <= 'F' ? c - 'A' + 10 : c is >= 'a' and <= 'f' ? c - 'a' + 10 : -1;
        return table;
    }

    public static (long Restarts, long Changes) Parse(string text)
    {
        if (text.Length != 36)
            throw new FormatException("An etag is 36 characters long.");
        long restarts = 0, changes = 0;
        for (int i = 0; i < 16; i++)
        {
            int digit = HexValue[text[DigitPositions[i]]];
            if (digit < 0)
                throw new FormatException("Invalid etag.");
            restarts = restarts << 4 | (long)digit;
        }

        for (int i = 16; i < 32; i++)
        {
            int digit = HexValue[text[DigitPositions[i]]];
            if (digit < 0)
                throw new FormatException("Invalid etag.");
            changes = changes << 4 | (long)digit;
        }

        return (restarts, changes);
    }
}
