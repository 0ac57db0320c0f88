using System.Numerics;
using System.Runtime.InteropServices;

namespace Sparrow.Tests;

/// <summary>The shapes of input a sort must handle, each made for any key type from a seed.</summary>
internal static class SortInputs
{
    public static readonly string[] Shapes =
    [
        "uniform", "few distinct", "all equal", "sorted", "reversed", "nearly sorted", "organ pipe", "sawtooth",
        "extremes", "median-of-3 killer",
    ];

    public static T[] Make<T>(string shape, int length, int seed) where T : unmanaged, IBinaryInteger<T>, IMinMaxValue<T>
    {
        var random = new Random(seed);
        var keys = new T[length];
        switch (shape)
        {
            case "uniform":
                Fill(keys, random);
                break;
            case "few distinct":
                T[] few = [T.CreateTruncating(random.NextInt64()), T.CreateTruncating(random.NextInt64()), T.Zero, T.MaxValue];
                for (int i = 0; i < length; i++)
                    keys[i] = few[random.Next(few.Length)];
                break;
            case "all equal":
                keys.AsSpan().Fill(T.CreateTruncating(random.NextInt64()));
                break;
            case "sorted":
                Fill(keys, random);
                keys.AsSpan().Sort();
                break;
            case "reversed":
                Fill(keys, random);
                keys.AsSpan().Sort();
                keys.AsSpan().Reverse();
                break;
            case "nearly sorted":
                Fill(keys, random);
                keys.AsSpan().Sort();
                for (int swaps = length / 20 + 1; swaps > 0 && length > 1; swaps--)
                {
                    int a = random.Next(length), b = random.Next(length);
                    (keys[a], keys[b]) = (keys[b], keys[a]);
                }
                break;
            case "organ pipe":
                for (int i = 0; i < length; i++)
                    keys[i] = T.CreateTruncating(Math.Min(i, length - 1 - i)) - T.CreateTruncating(length / 4);
                break;
            case "sawtooth":
                int tooth = Math.Max(1, length / 7 + random.Next(5));
                for (int i = 0; i < length; i++)
                    keys[i] = T.CreateTruncating(i % tooth) - T.CreateTruncating(tooth / 2);
                break;
            case "extremes":
                T[] edges = [T.MinValue, T.MinValue + T.One, T.MaxValue, T.MaxValue - T.One, T.Zero, T.Zero - T.One, T.One];
                for (int i = 0; i < length; i++)
                    keys[i] = edges[random.Next(edges.Length)];
                break;
            case "median-of-3 killer":
                // Musser's sequence: every median of the first, middle and last key is the second smallest.
                int half = length / 2;
                for (int i = 1; i <= half; i++)
                {
                    keys[i - 1] = T.CreateTruncating((i & 1) != 0 ? i : half + i - 1);
                    keys[half + i - 1] = T.CreateTruncating(2 * i);
                }
                if ((length & 1) != 0)
                    keys[length - 1] = T.CreateTruncating(length);
                break;
            default:
                throw new ArgumentException($"No shape {shape}.", nameof(shape));
        }
        return keys;
    }

    private static void Fill<T>(T[] keys, Random random) where T : unmanaged, IBinaryInteger<T>
    {
        random.NextBytes(MemoryMarshal.AsBytes(keys.AsSpan()));
    }
}
