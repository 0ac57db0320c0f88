using System.Runtime.CompilerServices;

namespace Sparrow.Formatting;

/// <summary>
/// A 16-byte version stamp: two 64-bit counters, <see cref="Restarts"/> and <see cref="Changes"/>, shown as
/// 36 uppercase hex characters (<c>01234567-89AB-CDEF-1122-334455667788</c>). Etags sort as unsigned
/// (Restarts, Changes) pairs, and that order agrees with the ordinal order of their strings and with the
/// byte order of <see cref="WriteBytes(Span{byte})"/>.
/// </summary>
public readonly partial struct Etag : IEquatable<Etag>, IComparable<Etag>, IComparable,
    ISpanFormattable, IUtf8SpanFormattable, ISpanParsable<Etag>, IUtf8SpanParsable<Etag>
{
    /// <summary>The number of characters (UTF-16) or bytes (UTF-8) of the textual form.</summary>
    public const int FormattedLength = 36;

    /// <summary>The number of bytes written by <see cref="WriteBytes(Span{byte})"/>.</summary>
    public const int ByteLength = 16;

    /// <summary>The page size whose boundaries a vector store must not cross (4 KiB on every x64 and Arm64 OS).</summary>
    private const nuint PageSize = 4096;

    private readonly long _restarts;
    private readonly long _changes;

    /// <summary>Creates an etag from its two counters.</summary>
    /// <param name="restarts">The most significant counter (the first 16 hex digits).</param>
    /// <param name="changes">The least significant counter (the last 16 hex digits).</param>
    public Etag(long restarts, long changes)
    {
        _restarts = restarts;
        _changes = changes;
    }

    /// <summary>The etag whose counters are both zero.</summary>
    public static Etag Empty => default;

    /// <summary>The most significant counter, compared as an unsigned 64-bit value.</summary>
    public long Restarts => _restarts;

    /// <summary>The least significant counter, compared as an unsigned 64-bit value.</summary>
    public long Changes => _changes;

    /// <summary>Whether both counters equal those of <paramref name="other"/>.</summary>
    /// <param name="other">The etag to compare with.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool Equals(Etag other) => _restarts == other._restarts & _changes == other._changes;

    /// <summary>Whether <paramref name="obj"/> is an <see cref="Etag"/> equal to this one.</summary>
    /// <param name="obj">The object to compare with.</param>
    public override bool Equals(object? obj) => obj is Etag other && Equals(other);

    /// <summary>A hash code consistent with <see cref="Equals(Etag)"/>.</summary>
    public override int GetHashCode() => HashCode.Combine(_restarts, _changes);

    /// <summary>
    /// Compares by <see cref="Restarts"/>, then <see cref="Changes"/>, both as unsigned 64-bit values.
    /// </summary>
    /// <param name="other">The etag to compare with.</param>
    /// <returns>Negative when this etag sorts first, zero when equal, positive when it sorts after.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int CompareTo(Etag other)
    {
        ulong left = (ulong)_restarts;
        ulong right = (ulong)other._restarts;
        if (left == right)
        {
            left = (ulong)_changes;
            right = (ulong)other._changes;
        }

        return (left > right ? 1 : 0) - (left < right ? 1 : 0);
    }

    /// <summary>Compares with another boxed etag; <see langword="null"/> sorts first.</summary>
    /// <param name="obj">An <see cref="Etag"/> or <see langword="null"/>.</param>
    /// <exception cref="ArgumentException"><paramref name="obj"/> is not an <see cref="Etag"/>.</exception>
    public int CompareTo(object? obj) => obj switch
    {
        null => 1,
        Etag other => CompareTo(other),
        _ => throw new ArgumentException("The object to compare with must be an Etag.", nameof(obj)),
    };

    /// <summary>Whether two etags are equal.</summary>
    public static bool operator ==(Etag left, Etag right) => left.Equals(right);

    /// <summary>Whether two etags differ.</summary>
    public static bool operator !=(Etag left, Etag right) => !left.Equals(right);

    /// <summary>Whether <paramref name="left"/> sorts before <paramref name="right"/>.</summary>
    public static bool operator <(Etag left, Etag right) => left.CompareTo(right) < 0;

    /// <summary>Whether <paramref name="left"/> sorts before or equals <paramref name="right"/>.</summary>
    public static bool operator <=(Etag left, Etag right) => left.CompareTo(right) <= 0;

    /// <summary>Whether <paramref name="left"/> sorts after <paramref name="right"/>.</summary>
    public static bool operator >(Etag left, Etag right) => left.CompareTo(right) > 0;

    /// <summary>Whether <paramref name="left"/> sorts after or equals <paramref name="right"/>.</summary>
    public static bool operator >=(Etag left, Etag right) => left.CompareTo(right) >= 0;
}
