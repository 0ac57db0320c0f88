namespace Sparrow.Fuzz;

/// <summary>The verdict of a parser that throws on bad input (Etag.Parse, DateTimeFormatter.Parse), as a bool.</summary>
internal static class ThrowingParser
{
    /// <summary>
    /// What a throwing parser makes of <paramref name="text"/>: true with its value, or false when it throws
    /// FormatException. Any other exception propagates: a crash for the fuzzer.
    /// </summary>
    public static bool Accepts<TText, TValue>(Func<TText, TValue> parse, TText text, out TValue value)
        where TText : allows ref struct
    {
        try
        {
            value = parse(text);
            return true;
        }
        catch (FormatException)
        {
            value = default!;
            return false;
        }
    }
}
