using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Sparrow.Formatting;

public readonly partial struct Etag
{
    /// <summary>
    /// The 36-character uppercase form: the 16 hex digits of <see cref="Restarts"/> split 8-4-4, then the
    /// 16 hex digits of <see cref="Changes"/> split 4-12, joined by '-'.
    /// </summary>
    /// <returns>A new string; nothing else is allocated.</returns>
    public override string ToString() => NewString();

    /// <summary>The same as <see cref="ToString()"/>: an etag has a single textual form.</summary>
    /// <param name="format">Ignored.</param>
    /// <param name="formatProvider">Ignored.</param>
    public string ToString(string? format, IFormatProvider? formatProvider) => NewString();

    /// <summary>Writes the 36 characters of <see cref="ToString()"/> as UTF-16.</summary>
    /// <param name="destination">Where to write; at least <see cref="FormattedLength"/> characters.</param>
    /// <param name="charsWritten">36 on success, 0 when <paramref name="destination"/> is too short.</param>
    /// <param name="format">Ignored: an etag has a single textual form.</param>
    /// <param name="provider">Ignored.</param>
    /// <returns>False, having written nothing, when <paramref name="destination"/> is shorter than 36.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider? provider = null) =>
        TryFormatCore(destination, out charsWritten);

    /// <summary>Writes the 36 characters of <see cref="ToString()"/> as UTF-8.</summary>
    /// <param name="utf8Destination">Where to write; at least <see cref="FormattedLength"/> bytes.</param>
    /// <param name="bytesWritten">36 on success, 0 when <paramref name="utf8Destination"/> is too short.</param>
    /// <param name="format">Ignored: an etag has a single textual form.</param>
    /// <param name="provider">Ignored.</param>
    /// <returns>False, having written nothing, when <paramref name="utf8Destination"/> is shorter than 36.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryFormat(Span<byte> utf8Destination, out int bytesWritten, ReadOnlySpan<char> format = default, IFormatProvider? provider = null) =>
        TryFormatCore(utf8Destination, out bytesWritten);

    /// <summary>
    /// Writes the 36 elements (char or byte) into <paramref name="destination"/>; false, having written nothing
    /// and with <paramref name="written"/> 0, when it is shorter than 36.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryFormatCore<TChar>(Span<TChar> destination, out int written)
        where TChar : unmanaged
    {
        if (destination.Length < FormattedLength)
        {
            written = 0;
            return false;
        }

        FormatCore(ref MemoryMarshal.GetReference(destination));
        written = FormattedLength;
        return true;
    }

    /// <summary>Writes the 36 characters at <paramref name="destination"/> (char or byte) on the best path.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void FormatCore<TChar>(ref TChar destination)
        where TChar : unmanaged
    {
        if (Vector128.IsHardwareAccelerated)
            FormatVector((ulong)_restarts, (ulong)_changes, ref destination, MachineFormatWidth);
        else
            FormatScalar((ulong)_restarts, (ulong)_changes, ref destination);
    }

    /// <summary>
    /// The 36 characters in a new string. PERF: written straight into the string, which nothing else has seen yet:
    /// no stack buffer and copy (new string(span)) and no callback through a delegate (string.Create)
    /// (EtagToStringBenchmarks.EtagToString, against GuidToString).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private unsafe string NewString()
    {
        string text = UninitializedString.Allocate(FormattedLength);
        fixed (char* characters = text)
            FormatCore(ref *characters);
        return text;
    }
}
