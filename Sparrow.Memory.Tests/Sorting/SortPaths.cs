using System.Numerics;
using System.Runtime.InteropServices;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// Every way into the integer sort: the public methods (which choose the widest path here), and the sort over each
/// path's partition called directly, so the scalar and narrower vector paths are proven on an AVX-512 machine too.
/// </summary>
internal static unsafe class SortPaths
{
    public const string Public = "IntegerSort";

    private static readonly (string Name, string? SkipReason)[] All =
    [
        (Public, null),
        (nameof(SortScalar), null),
        (nameof(SortVector128), SkipReasons.Lacking(SortVector128.IsSupported, "128-bit vectors with a byte shuffle (SSSE3, AdvSimd)")),
        (nameof(SortAvx2), SkipReasons.Lacking(SortAvx2.IsSupported, "AVX2")),
        (nameof(SortAvx512), SkipReasons.Lacking(SortAvx512.IsSupported, "AVX-512F with accelerated 512-bit vectors")),
    ];

    public static TheoryData<string> Names => new(All.Select(p => new TheoryDataRow<string>(p.Name) { Skip = p.SkipReason }));

    /// <summary>Sorts <paramref name="keys"/> (with <paramref name="values"/> when not empty) through the path named <paramref name="path"/>.</summary>
    public static void Sort<T>(string path, Span<T> keys, Span<T> values, bool withValues, int? depthLimit = null)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        if (path == Public && depthLimit is null)
        {
            SortPublic(keys, values, withValues);
            return;
        }
        fixed (T* k = keys)
        fixed (T* v = values)
        {
            int depth = depthLimit ?? (keys.Length < 2 ? 0 : IntroSort.DepthLimit(keys.Length));
            if (withValues)
                Run<T, WithValues>(path, k, v, keys.Length, depth);
            else
                Run<T, KeysOnly>(path, k, null, keys.Length, depth);
        }
    }

    /// <summary>Sorts and keeps each distinct key once through the path named <paramref name="path"/>; returns how many.</summary>
    public static int SortUnique<T>(string path, Span<T> keys) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        if (path == Public)
        {
            if (typeof(T) == typeof(uint)) return IntegerSort.SortUnique(MemoryMarshal.Cast<T, uint>(keys));
            if (typeof(T) == typeof(ulong)) return IntegerSort.SortUnique(MemoryMarshal.Cast<T, ulong>(keys));
            if (typeof(T) == typeof(int)) return IntegerSort.SortUnique(MemoryMarshal.Cast<T, int>(keys));
            if (typeof(T) == typeof(long)) return IntegerSort.SortUnique(MemoryMarshal.Cast<T, long>(keys));
        }
        Sort(path, keys, default, withValues: false);
        if (keys.Length < 2)
            return keys.Length;
        fixed (T* k = keys)
            return path == nameof(SortAvx512) ? (int)SortAvx512.Unique(k, keys.Length) : (int)IntroSort.Unique(k, 1, 1, keys.Length);
    }

    /// <summary>
    /// Partitions <paramref name="keys"/> (with <paramref name="values"/> when <paramref name="withValues"/>) at
    /// <paramref name="bound"/> through the path named <paramref name="path"/> (the public name: the widest here);
    /// returns how many keys went to the front. The keys must be more than the path's small size.
    /// </summary>
    public static nint Partition<T>(string path, Span<T> keys, Span<T> values, bool withValues, T bound)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        fixed (T* k = keys)
        fixed (T* v = values)
            return withValues ? Partition<T, WithValues>(path, k, v, keys.Length, bound) : Partition<T, KeysOnly>(path, k, null, keys.Length, bound);
    }

    /// <summary>The small size of the path named <paramref name="path"/>: a partition takes more keys than that.</summary>
    public static nint SmallSize(string path, int keySize, bool payload) => path switch
    {
        Public or nameof(SortAvx512) when SortAvx512.IsSupported => SortAvx512.SmallSize(keySize, payload),
        nameof(SortAvx2) => SortAvx2.SmallSize(keySize, payload),
        nameof(SortVector128) => SortVector128.SmallSize(keySize, payload),
        nameof(SortScalar) or Public => SortScalar.SmallSize(keySize, payload),
        _ => throw new ArgumentException($"No path named {path}.", nameof(path)),
    };

    private static nint Partition<T, TPayload>(string path, T* keys, T* values, nint count, T bound)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPayload : struct, IPayload => path switch
    {
        Public or nameof(SortAvx512) when SortAvx512.IsSupported => SortAvx512.Partition<T, TPayload>(keys, values, count, bound),
        nameof(SortAvx2) => SortAvx2.Partition<T, TPayload>(keys, values, count, bound),
        nameof(SortVector128) => SortVector128.Partition<T, TPayload>(keys, values, count, bound),
        nameof(SortScalar) or Public => SortScalar.Partition<T, TPayload>(keys, values, count, bound),
        _ => throw new ArgumentException($"No path named {path}.", nameof(path)),
    };

    private static void Run<T, TPayload>(string path, T* keys, T* values, nint count, int depth)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPayload : struct, IPayload
    {
        switch (path)
        {
            case Public or nameof(SortAvx512) when SortAvx512.IsSupported:
                IntroSort.Sort<T, TPayload, SortAvx512>(keys, values, count, depth, false, default); break;
            case nameof(SortAvx2):
                IntroSort.Sort<T, TPayload, SortAvx2>(keys, values, count, depth, false, default); break;
            case nameof(SortVector128):
                IntroSort.Sort<T, TPayload, SortVector128>(keys, values, count, depth, false, default); break;
            case nameof(SortScalar) or Public:
                IntroSort.Sort<T, TPayload, SortScalar>(keys, values, count, depth, false, default); break;
            default:
                throw new ArgumentException($"No path named {path}.", nameof(path));
        }
    }

    private static void SortPublic<T>(Span<T> keys, Span<T> values, bool withValues) where T : unmanaged
    {
        if (typeof(T) == typeof(int) && withValues) IntegerSort.Sort(MemoryMarshal.Cast<T, int>(keys), MemoryMarshal.Cast<T, int>(values));
        else if (typeof(T) == typeof(uint) && withValues) IntegerSort.Sort(MemoryMarshal.Cast<T, uint>(keys), MemoryMarshal.Cast<T, int>(values));
        else if (typeof(T) == typeof(long) && withValues) IntegerSort.Sort(MemoryMarshal.Cast<T, long>(keys), MemoryMarshal.Cast<T, long>(values));
        else if (typeof(T) == typeof(ulong) && withValues) IntegerSort.Sort(MemoryMarshal.Cast<T, ulong>(keys), MemoryMarshal.Cast<T, long>(values));
        else if (typeof(T) == typeof(int)) IntegerSort.Sort(MemoryMarshal.Cast<T, int>(keys));
        else if (typeof(T) == typeof(uint)) IntegerSort.Sort(MemoryMarshal.Cast<T, uint>(keys));
        else if (typeof(T) == typeof(long)) IntegerSort.Sort(MemoryMarshal.Cast<T, long>(keys));
        else if (typeof(T) == typeof(ulong)) IntegerSort.Sort(MemoryMarshal.Cast<T, ulong>(keys));
        else throw new ArgumentException($"No public sort of {typeof(T).Name}.", nameof(keys));
    }
}
