using System.Globalization;

namespace Sparrow.Benchmarks.Reporting;

/// <summary>Every number the reports print, formatted in one place (invariant culture).</summary>
internal static class Format
{
    public static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);

    /// <summary>"1.47 ns", "42.1 ns", "12.3 μs", "4.5 ms": a time per operation.</summary>
    public static string Time(double ns) => ns switch
    {
        < 10 => Invariant($"{ns:0.00} ns"),
        < 10_000 => Invariant($"{ns:0.0} ns"),
        < 10_000_000 => Invariant($"{ns / 1e3:0.0} μs"),
        _ => Invariant($"{ns / 1e6:0.0} ms"),
    };

    /// <summary>"1,370" (a whole number with thousands separators), or "-" for none.</summary>
    public static string Whole(double? value) => value is { } v ? Invariant($"{v:N0}") : "-";

    /// <summary>"0.62x", "11x" (a ratio of two figures), or "-" for none.</summary>
    public static string Times(double? ratio) => ratio switch { null => "-", >= 10 => Invariant($"{ratio:0}x"), _ => Invariant($"{ratio:0.0#}x") };
}
