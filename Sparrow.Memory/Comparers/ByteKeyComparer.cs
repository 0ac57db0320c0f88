namespace Sparrow.Storage;

/// <summary>
/// Byte keys (<see cref="T:byte[]"/> and <see cref="ReadOnlyMemory{T}"/> of bytes) in key order, for the
/// collections and sorts of .NET: <see cref="SortedDictionary{TKey, TValue}"/>, <see cref="SortedSet{T}"/>,
/// <see cref="Array.Sort{T}(T[], IComparer{T})"/>, <see cref="Dictionary{TKey, TValue}"/> and
/// <see cref="HashSet{T}"/>. Key order is memcmp order over the common prefix, then the shorter key first, as
/// <see cref="Bytes.Compare(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/>; equality is equal length and equal bytes.
/// </summary>
/// <remarks>
/// <para>
/// <see langword="null"/> follows the .NET comparer conventions: it sorts before every key (an empty key
/// included), equals only <see langword="null"/>, and <see cref="GetHashCode(byte[])"/> rejects it as
/// <see cref="StringComparer"/> does.
/// </para>
/// <para>
/// The hash is <see cref="HashCode.AddBytes(ReadOnlySpan{byte})"/>, seeded at random once per process (so keys
/// chosen by an adversary cannot be made to collide in a way that holds across runs, and a hash must never be
/// stored); an array and a memory of the same bytes hash alike.
/// </para>
/// </remarks>
public sealed class ByteKeyComparer :
    IComparer<byte[]?>, IEqualityComparer<byte[]?>, IComparer<ReadOnlyMemory<byte>>, IEqualityComparer<ReadOnlyMemory<byte>>
{
    private ByteKeyComparer()
    {
    }

    /// <summary>The one instance: the comparer holds no state.</summary>
    public static ByteKeyComparer Instance { get; } = new();

    /// <summary>Compares two keys in key order.</summary>
    /// <param name="x">The first key, or <see langword="null"/>.</param>
    /// <param name="y">The second key, or <see langword="null"/>.</param>
    /// <returns>
    /// The value of <see cref="Bytes.Compare(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/> (the first byte difference,
    /// else the length difference); when either is <see langword="null"/>: 0 if both are, else negative when
    /// <paramref name="x"/> is, positive when <paramref name="y"/> is.
    /// </returns>
    public int Compare(byte[]? x, byte[]? y)
    {
        if (x is null)
            return y is null ? 0 : -1;
        if (y is null)
            return 1;
        return Bytes.CompareInline(x, y);
    }

    /// <summary>Tests whether two keys have the same length and the same bytes.</summary>
    /// <param name="x">The first key, or <see langword="null"/>.</param>
    /// <param name="y">The second key, or <see langword="null"/>.</param>
    /// <returns><see langword="true"/> when the keys are equal, or both <see langword="null"/>.</returns>
    public bool Equals(byte[]? x, byte[]? y)
    {
        if (x is null || y is null)
            return x is null && y is null;
        return Bytes.SequenceEqual(x, y);
    }

    /// <summary>A hash of the key's bytes, equal for equal keys (within one process).</summary>
    /// <param name="obj">The key.</param>
    /// <returns>The hash.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="obj"/> is <see langword="null"/>.</exception>
    public int GetHashCode(byte[] obj)
    {
        ArgumentNullException.ThrowIfNull(obj);
        return Hash(obj);
    }

    /// <summary>Compares two keys in key order.</summary>
    /// <param name="x">The first key.</param>
    /// <param name="y">The second key.</param>
    /// <returns>The value of <see cref="Bytes.Compare(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/> on their spans.</returns>
    public int Compare(ReadOnlyMemory<byte> x, ReadOnlyMemory<byte> y) => Bytes.CompareInline(x.Span, y.Span);

    /// <summary>Tests whether two keys have the same length and the same bytes.</summary>
    /// <param name="x">The first key.</param>
    /// <param name="y">The second key.</param>
    /// <returns><see langword="true"/> when the keys are equal.</returns>
    public bool Equals(ReadOnlyMemory<byte> x, ReadOnlyMemory<byte> y) => Bytes.SequenceEqual(x.Span, y.Span);

    /// <summary>A hash of the key's bytes, equal for equal keys (within one process) and to the hash of an array of the same bytes.</summary>
    /// <param name="obj">The key.</param>
    /// <returns>The hash.</returns>
    public int GetHashCode(ReadOnlyMemory<byte> obj) => Hash(obj.Span);

    private static int Hash(ReadOnlySpan<byte> key)
    {
        // The length first: AddBytes feeds whole 4-byte words and then the bytes left one by one, so without it
        // [1] and [1, 0, 0, 0] would add the same values and always collide.
        var hash = new HashCode();
        hash.Add(key.Length);
        hash.AddBytes(key);
        return hash.ToHashCode();
    }
}
