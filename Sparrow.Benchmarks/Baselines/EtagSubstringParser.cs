using System.Globalization;

namespace Sparrow.Benchmarks.Baselines;

/// <summary>
/// Historical etag parsing (about 5 etags per ms at the time, exceptions included): strip the dashes, then
/// Substring + byte.Parse(NumberStyles.HexNumber) for each of the 16 bytes.
/// </summary>
internal static class EtagSubstringParser
{
    public static (long Restarts, long Changes) Parse(string text)
    {
        if (text.Length != 36)
            throw new FormatException("An etag is 36 characters long.");
        string digits = text.Replace("-", string.Empty);
        long restarts = 0, changes = 0;
        for (int i = 0; i < 8; i++)
        {
            restarts = restarts << 8 | byte.Parse(digits.Substring(i * 2, 2), NumberStyles.HexNumber, CultureInfo.InvariantCulture);
            changes = changes << 8 | byte.Parse(digits.Substring(16 + i * 2, 2), NumberStyles.HexNumber, CultureInfo.InvariantCulture);
        }

        return (restarts, changes);
    }
}
