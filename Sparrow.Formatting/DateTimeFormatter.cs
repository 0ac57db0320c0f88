namespace Sparrow.Formatting;

/// <summary>
/// Formats and parses the sortable timestamp <c>yyyy-MM-ddTHH:mm:ss.fffffff</c> (27 characters, e.g.
/// <c>2015-01-15T00:41:16.6616631</c>), followed by <c>Z</c> (28 characters) when the value is UTC.
/// The text sorts lexicographically in time order. UTF-16 and UTF-8 forms are identical character for
/// character. No culture, no format string and no time zone is consulted, and nothing is allocated except
/// the string returned by <see cref="Format(DateTime)"/>.
/// </summary>
public static partial class DateTimeFormatter
{
    /// <summary>The longest text this formatter writes or accepts: 28 characters (the UTC form).</summary>
    public const int MaxFormattedLength = 28;

    /// <summary>Length of the form without a suffix (<see cref="DateTimeKind.Unspecified"/> and <see cref="DateTimeKind.Local"/>).</summary>
    internal const int UnspecifiedLength = 27;

    /// <summary>Length of the UTC form: <see cref="UnspecifiedLength"/> plus the trailing <c>Z</c>.</summary>
    internal const int UtcLength = MaxFormattedLength;

    /// <summary>Offset of the trailing <c>Z</c> in the UTC form.</summary>
    internal const int UtcSuffixOffset = UnspecifiedLength;

    internal const ulong TicksPerSecond = 10_000_000;
    internal const ulong TicksPerDay = TicksPerSecond * SecondsPerDay;
    internal const uint SecondsPerDay = 86_400;
}
