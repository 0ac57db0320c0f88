using System.Numerics;
using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

/// <summary>
/// The sort every path shares: introsort over a path's partition (<see cref="ISortPath.Partition"/>), insertion
/// sort for small ranges, heapsort once a range has been partitioned <see cref="DepthLimit"/> times. Recursion takes
/// the smaller side and loops on the larger, so the stack holds at most log2(n) frames.
/// </summary>
/// <remarks>
/// A partition splits at a bound, not around a pivot element: keys at most pivot - 1 to the front, the rest (from
/// the pivot up) behind, whose least key is then known to be the pivot. When the pivot is the least key of its
/// range (known so, or found when the front comes out empty) the range is split at the pivot itself instead, and
/// the front, every key equal to the pivot, is done: a range of a few distinct keys drops one of them per
/// partition. Each partition leaves both sides shorter than the range, so the loop always progresses.
/// </remarks>
internal static unsafe class IntroSort
{
    /// <summary>Partitions a range may go through before it is heapsorted: 2 (log2 n + 1), as introsort's.</summary>
    public static int DepthLimit(nint count) => 2 * (BitOperations.Log2((nuint)count) + 1);

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void Sort<T, TPayload, TPath>(T* keys, T* values, nint count)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPayload : struct, IPayload
        where TPath : struct, ISortPath
    {
        if (count < 2 || InOrder<T, TPayload>(keys, values, count))
            return;
        Sort<T, TPayload, TPath>(keys, values, count, DepthLimit(count), minKnown: false, min: default);
    }

    /// <summary>
    /// Whether the keys were ascending, or descending and are now reversed: one scan that stops at the first key
    /// out of order (at once, for most inputs), so sorted, reversed and all-equal input costs a pass, no partitions.
    /// </summary>
    private static bool InOrder<T, TPayload>(T* keys, T* values, nint count)
        where T : unmanaged, IBinaryInteger<T>
        where TPayload : struct, IPayload
    {
        nint i = 1;
        while (i < count && keys[i - 1] <= keys[i])
            i++;
        if (i == count)
            return true;
        if (i > 1 && keys[0] < keys[i - 1])
            return false;
        i = 1;
        while (i < count && keys[i - 1] >= keys[i])
            i++;
        if (i < count)
            return false;
        new Span<T>(keys, (int)count).Reverse();
        if (TPayload.Present)
            new Span<T>(values, (int)count).Reverse();
        return true;
    }

    /// <summary>
    /// Sorts with <paramref name="depth"/> partitions left before heapsort (tests pass small limits to prove the
    /// fallback); <paramref name="min"/> is the range's least key when <paramref name="minKnown"/>.
    /// </summary>
    public static void Sort<T, TPayload, TPath>(T* keys, T* values, nint count, int depth, bool minKnown, T min)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPayload : struct, IPayload
        where TPath : struct, ISortPath
    {
        nint small = TPath.SmallSize(sizeof(T), TPayload.Present);
        while (count > small)
        {
            if (depth == 0)
            {
                HeapSort<T, TPayload>(keys, values, count);
                return;
            }
            depth--;

            T pivot = count >= SampledRange ? SampledPivot<T, TPath>(keys, count) : Pivot(keys, count);
            nint front;
            if (pivot == T.MinValue || (minKnown && pivot == min)
                || (front = TPath.Partition<T, TPayload>(keys, values, count, pivot - T.One)) == 0)
            {
                // The pivot is the least key here: its copies go to the front, in place.
                front = TPath.Partition<T, TPayload>(keys, values, count, pivot);
                keys += front;
                values += front;
                count -= front;
                minKnown = false;
                continue;
            }

            // The front is below the pivot (its least key still the range's); the back starts at the pivot.
            nint back = count - front;
            if (front < back)
            {
                Sort<T, TPayload, TPath>(keys, values, front, depth, minKnown, min);
                keys += front;
                values += front;
                count = back;
                minKnown = true;
                min = pivot;
            }
            else
            {
                Sort<T, TPayload, TPath>(keys + front, values + front, back, depth, true, pivot);
                count = front;
            }
        }
        TPath.SmallSort<T, TPayload>(keys, values, count);
    }

    /// <summary>Ranges of at least this many keys take the median of a sample (<see cref="SampledPivot"/>) as pivot.</summary>
    private const int SampledRange = 2048;

    /// <summary>
    /// The median of keys taken at even steps across the range, as many as the path's small sort sorts at once (an
    /// odd count, at most 63) and sorted by it: a pivot closer to the range's median than the ninther.
    /// </summary>
    /// <remarks>
    /// PERF: each partition is a pass over the range; a pivot off the median leaves a longer side, and the longer
    /// side more passes. The ninther's splits cost about a tenth more passes than the median's; a sample of 31 about
    /// two hundredths. The sample is one vector network's sort on the paths that have one, a few hundred cycles
    /// against the range's thousands of keys. Not inlined: the sample's stack room is freed before the recursion.
    /// The room is an inline array, not a stackalloc (which brings a stack cookie check, and a zeroing helper call
    /// on some paths), and not zeroed: every key the small sort reads is written first.
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining), SkipLocalsInit]
    private static T SampledPivot<T, TPath>(T* keys, nint count)
        where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
        where TPath : struct, ISortPath
    {
        nint samples = (Math.Min(TPath.SmallSize(sizeof(T), false), SampleRoom<T>.Length) - 1) | 1;
        Unsafe.SkipInit(out SampleRoom<T> room);
        T* sample = (T*)Unsafe.AsPointer(ref Unsafe.As<SampleRoom<T>, T>(ref room));
        nint step = count / samples;
        T* at = keys + (step >> 1);
        for (nint i = 0; i < samples; i++)
            sample[i] = at[i * step];
        TPath.SmallSort<T, KeysOnly>(sample, null, samples);
        return sample[samples >> 1];
    }

    /// <summary>Room on the stack for the keys of <see cref="SampledPivot"/>'s sample.</summary>
    [InlineArray(Length)]
    private struct SampleRoom<T>
    {
        public const int Length = 64;
        private T _key;
    }

    /// <summary>The median of three keys for short ranges, else the median of three medians of three (Tukey's ninther).</summary>
    private static T Pivot<T>(T* keys, nint count) where T : unmanaged, IBinaryInteger<T>
    {
        nint last = count - 1;
        if (count < 128)
            return Median(keys[0], keys[last >> 1], keys[last]);
        nint step = last >> 3;
        return Median(
            Median(keys[0], keys[step], keys[2 * step]),
            Median(keys[3 * step], keys[4 * step], keys[5 * step]),
            Median(keys[6 * step], keys[7 * step], keys[last]));
    }

    private static T Median<T>(T a, T b, T c) where T : unmanaged, IBinaryInteger<T>
    {
        if (a > b)
            (a, b) = (b, a);
        return c <= a ? a : c >= b ? b : c;
    }

    /// <summary>Sorts a short range by insertion, each payload moving with its key.</summary>
    public static void InsertionSort<T, TPayload>(T* keys, T* values, nint count)
        where T : unmanaged, IBinaryInteger<T>
        where TPayload : struct, IPayload
    {
        for (nint i = 1; i < count; i++)
        {
            T key = keys[i];
            T value = TPayload.Present ? values[i] : default;
            nint j = i - 1;
            while (j >= 0 && keys[j] > key)
            {
                keys[j + 1] = keys[j];
                if (TPayload.Present)
                    values[j + 1] = values[j];
                j--;
            }
            keys[j + 1] = key;
            if (TPayload.Present)
                values[j + 1] = value;
        }
    }

    /// <summary>The fallback that keeps the worst case O(n log n): a max-heap, then its root swapped to the end.</summary>
    public static void HeapSort<T, TPayload>(T* keys, T* values, nint count)
        where T : unmanaged, IBinaryInteger<T>
        where TPayload : struct, IPayload
    {
        for (nint i = (count >> 1) - 1; i >= 0; i--)
            SiftDown<T, TPayload>(keys, values, i, count);
        for (nint end = count - 1; end > 0; end--)
        {
            (keys[0], keys[end]) = (keys[end], keys[0]);
            if (TPayload.Present)
                (values[0], values[end]) = (values[end], values[0]);
            SiftDown<T, TPayload>(keys, values, 0, end);
        }
    }

    private static void SiftDown<T, TPayload>(T* keys, T* values, nint root, nint count)
        where T : unmanaged, IBinaryInteger<T>
        where TPayload : struct, IPayload
    {
        T key = keys[root];
        T value = TPayload.Present ? values[root] : default;
        while (true)
        {
            nint child = 2 * root + 1;
            if (child >= count)
                break;
            if (child + 1 < count && keys[child + 1] > keys[child])
                child++;
            if (keys[child] <= key)
                break;
            keys[root] = keys[child];
            if (TPayload.Present)
                values[root] = values[child];
            root = child;
        }
        keys[root] = key;
        if (TPayload.Present)
            values[root] = value;
    }

    /// <summary>
    /// Moves each distinct key of the sorted <paramref name="count"/> keys once to the front; returns how many.
    /// Branch-free: every key is written at the next free slot, which advances when it differs from the last kept.
    /// </summary>
    public static nint Unique<T>(T* keys, nint start, nint kept, nint count) where T : unmanaged, IBinaryInteger<T>
    {
        for (nint i = start; i < count; i++)
        {
            T key = keys[i];
            keys[kept] = key;
            kept += key != keys[kept - 1] ? 1 : 0;
        }
        return kept;
    }
}
