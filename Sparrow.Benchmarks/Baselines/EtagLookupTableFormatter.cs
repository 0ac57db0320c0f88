namespace Sparrow.Benchmarks.Baselines;

/// <summary>
/// Historical etag formatting (about 1,800 etags per ms at the time): allocate a 36-character string of
/// dashes, pin it and overwrite the digits in place from a byte → "XX" lookup table. Writing into a string
/// after it is created is what the library must never do (strings are immutable and may be shared); it is
/// reproduced here only as the yardstick it once was, on a string this method just allocated.
/// </summary>
internal static unsafe class EtagLookupTableFormatter
{
    private static readonly string[] ByteToHex = Enumerable.Range(0, 256).Select(b => b.ToString("X2")).ToArray();

    public static string Format(long restarts, long changes)
    {
        string result = new('-', 36);
        fixed (char* chars = result)
        {
            int position = 0;
            for (int i = 0; i < 16; i++)
            {
                long value = i < 8 ? restarts : changes;
                byte b = (byte)(value >> (56 - 8 * (i & 7)));
                if (i is 4 or 6 or 8 or 10)
                    position++;
                string hex = ByteToHex[b];
                chars[position++] = hex[0];
                chars[position++] = hex[1];
            }
        }

        return result;
    }
}
