namespace Sparrow.Benchmarks;

/// <summary>
/// The encoding a formatting benchmark writes. A parameter rather than separate methods, so each Sparrow
/// encoding is compared with the same encoding of the alternative (the verdict compares within a case).
/// </summary>
public enum TextEncoding
{
    /// <summary>Span&lt;char&gt;.</summary>
    Utf16,

    /// <summary>Span&lt;byte&gt;.</summary>
    Utf8,
}
