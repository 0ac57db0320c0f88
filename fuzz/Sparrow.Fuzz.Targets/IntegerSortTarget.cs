using System.Numerics;
using System.Runtime.InteropServices;
using Sparrow.Storage;

namespace Sparrow.Fuzz;

/// <summary>
/// IntegerSort.Sort (keys only, and keys with payloads) and SortUnique against MemoryExtensions.Sort. The first 2
/// bytes are parameters (missing ones read as 0), the rest the keys (little endian, the trailing partial key dropped):
/// <list type="bullet">
/// <item>byte 0: bits 0-1 the key type (int, uint, long, ulong); bits 2-3 the form (keys only, pairs, unique; 3 is
/// keys only); bit 4 keeps only each key's sign bit and low 3 bits (many equal keys, negatives among them);</item>
/// <item>byte 1: how many times the keys repeat (1..16), each repetition adding its number to every key (longer
/// arrays than the input's bytes give, for the vector partitions).</item>
/// </list>
/// Keys are sorted ending at a guard page, then starting after one (their payloads at the opposite edge): the keys
/// must equal the reference's, each payload (the key's original index) must still sit with its key and all of them
/// be there once; SortUnique's count and keys must be the reference's distinct keys.
/// </summary>
public static class IntegerSortTarget
{
    private const int HeaderLength = 2;

    private static readonly GuardedSlot Keys = new();
    private static readonly GuardedSlot Payloads = new();

    public static void Run(ReadOnlySpan<byte> input)
    {
        Span<byte> header = stackalloc byte[HeaderLength];
        header.Clear();
        input[..Math.Min(HeaderLength, input.Length)].CopyTo(header);
        ReadOnlySpan<byte> data = input[Math.Min(HeaderLength, input.Length)..];
        int form = header[0] >> 2 & 3;
        bool fewBits = (header[0] & 0x10) != 0;
        int repeats = header[1] % 16 + 1;

        switch (header[0] & 3)
        {
            case 0:
                Check<int, int>(ReadKeys<int>(data, repeats, fewBits), form, IntegerSort.Sort, IntegerSort.Sort, IntegerSort.SortUnique);
                break;
            case 1:
                Check<uint, int>(ReadKeys<uint>(data, repeats, fewBits), form, IntegerSort.Sort, IntegerSort.Sort, IntegerSort.SortUnique);
                break;
            case 2:
                Check<long, long>(ReadKeys<long>(data, repeats, fewBits), form, IntegerSort.Sort, IntegerSort.Sort, IntegerSort.SortUnique);
                break;
            default:
                Check<ulong, long>(ReadKeys<ulong>(data, repeats, fewBits), form, IntegerSort.Sort, IntegerSort.Sort, IntegerSort.SortUnique);
                break;
        }
    }

    private delegate void SortKeys<TKey>(Span<TKey> keys);
    private delegate void SortPairs<TKey, TValue>(Span<TKey> keys, Span<TValue> values);
    private delegate int SortUniqueKeys<TKey>(Span<TKey> keys);

    private static void Check<TKey, TValue>(TKey[] keys, int form, SortKeys<TKey> sort, SortPairs<TKey, TValue> sortPairs, SortUniqueKeys<TKey> sortUnique)
        where TKey : unmanaged, IBinaryInteger<TKey>
        where TValue : unmanaged, IBinaryInteger<TValue>
    {
        TKey[] expected = (TKey[])keys.Clone();
        expected.AsSpan().Sort();

        for (int edge = 0; edge < 2; edge++)
        {
            Span<TKey> placed = edge == 0 ? Keys.AtEnd<TKey>(keys.Length) : Keys.AtStart<TKey>(keys.Length);
            keys.CopyTo(placed);
            switch (form)
            {
                case 1:
                {
                    Span<TValue> payloads = edge == 0 ? Payloads.AtStart<TValue>(keys.Length) : Payloads.AtEnd<TValue>(keys.Length);
                    for (int i = 0; i < payloads.Length; i++)
                        payloads[i] = TValue.CreateTruncating(i);
                    sortPairs(placed, payloads);
                    CheckSorted(keys, placed, expected, "Sort(keys, values)");
                    var seen = new bool[keys.Length];
                    for (int i = 0; i < payloads.Length; i++)
                    {
                        int index = int.CreateTruncating(payloads[i]);
                        if ((uint)index >= (uint)keys.Length || seen[index] || keys[index] != placed[i])
                            Fail(keys, $"Sort(keys, values): position {i} holds key {placed[i]} with payload {payloads[i]}, "
                                + ((uint)index >= (uint)keys.Length ? "not an index" : seen[index] ? "seen twice" : $"the index of key {keys[index]}"));
                        seen[index] = true;
                    }
                    break;
                }
                case 2:
                {
                    int count = sortUnique(placed);
                    int distinct = expected.Length == 0 ? 0 : 1;
                    for (int i = 1; i < expected.Length; i++)
                        if (expected[i] != expected[i - 1])
                            expected[distinct++] = expected[i];
                    if (count != distinct || !placed[..count].SequenceEqual(expected.AsSpan(0, distinct)))
                        Fail(keys, $"SortUnique: {count} keys [{string.Join(",", placed[..Math.Max(0, Math.Min(count, placed.Length))].ToArray().Take(16))}...], expected {distinct}");
                    expected = (TKey[])keys.Clone();
                    expected.AsSpan().Sort();
                    break;
                }
                default:
                    sort(placed);
                    CheckSorted(keys, placed, expected, "Sort(keys)");
                    break;
            }
        }
    }

    private static void CheckSorted<TKey>(TKey[] keys, Span<TKey> sorted, TKey[] expected, string what)
        where TKey : unmanaged, IBinaryInteger<TKey>
    {
        if (!sorted.SequenceEqual(expected))
        {
            int at = sorted.CommonPrefixLength(expected);
            Fail(keys, $"{what}: position {at} holds {sorted[at]}, the reference {expected[at]}");
        }
    }

    /// <summary>The keys the data holds (little endian), repeated, the r-th repetition adding r; with <paramref name="fewBits"/> only the sign bit and low 3 bits of each.</summary>
    private static TKey[] ReadKeys<TKey>(ReadOnlySpan<byte> data, int repeats, bool fewBits)
        where TKey : unmanaged, IBinaryInteger<TKey>
    {
        ReadOnlySpan<TKey> source = MemoryMarshal.Cast<byte, TKey>(data);
        var keys = new TKey[source.Length * repeats];
        TKey mask = (TKey.One << (TKey.AllBitsSet.GetByteCount() * 8 - 1)) | TKey.CreateTruncating(7);
        for (int i = 0; i < keys.Length; i++)
        {
            TKey key = source[i % source.Length] + TKey.CreateTruncating(i / source.Length);
            keys[i] = fewBits ? key & mask : key;
        }
        return keys;
    }

    private static void Fail<TKey>(TKey[] keys, string message) =>
        FuzzMismatchException.Throw($"IntegerSort of {keys.Length} {typeof(TKey).Name} keys [{string.Join(",", keys.Take(24))}{(keys.Length > 24 ? "..." : "")}]: {message}");
}
