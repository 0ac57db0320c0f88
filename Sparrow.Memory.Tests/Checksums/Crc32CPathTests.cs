using Sparrow.Testing;

namespace Sparrow.Tests;

/// <summary>
/// Every CRC-32C path, called directly, against the bit-at-a-time reference: every length 0..1024 at every
/// alignment 0..63, every length 0..2100 at two alignments (past every path's thresholds and every folding
/// width's whole and partial vectors), long random inputs, and inputs fenced by guard pages at both ends.
/// </summary>
public sealed unsafe class Crc32CPathTests
{
    private const int SweepLength = 1024;
    private const int Alignments = 64;
    private const int LongSweepLength = 2100;

    /// <summary>Two starting registers: all ones (a fresh checksum) and an arbitrary one (an Append).</summary>
    private static readonly uint[] States = [~0u, 0x9E3779B9];

    private static readonly byte[] Sweep = Seeded(SweepLength, seed: 19);

    /// <summary>The reference register after each prefix of <see cref="Sweep"/>, per starting state, computed one byte at a time.</summary>
    private static readonly uint[][] SweepPrefixes = [.. States.Select(Prefixes)];

    public static TheoryData<string> Names => Crc32CPaths.Names;

    [Theory]
    [MemberData(nameof(Names))]
    public void EveryLengthAtEveryAlignment_MatchesTheReference(string name)
    {
        Crc32CPath path = Crc32CPaths.Named(name);
        using var buffer = new NativeBuffer(SweepLength + Alignments);
        for (int alignment = 0; alignment < Alignments; alignment++)
        {
            byte* start = buffer.Pointer + alignment;
            Sweep.CopyTo(new Span<byte>(start, SweepLength));
            int which = alignment & 1;
            for (int length = path.MinLength; length <= SweepLength; length++)
            {
                uint actual = path.Function(States[which], start, (nuint)length);
                if (actual != SweepPrefixes[which][length])
                    Assert.Fail($"{name}: length {length} at alignment {alignment} from 0x{States[which]:X8}: 0x{actual:X8}, expected 0x{SweepPrefixes[which][length]:X8}");
            }
        }
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void EveryLengthTo2100_MatchesTheReference(string name)
    {
        Crc32CPath path = Crc32CPaths.Named(name);
        using var buffer = new NativeBuffer(LongSweepLength + 1);
        foreach (int alignment in (int[])[0, 1])
        {
            byte* start = buffer.Pointer + alignment;
            LongSweep.Value.Input.CopyTo(new Span<byte>(start, LongSweepLength));
            for (int length = path.MinLength; length <= LongSweepLength; length++)
            {
                uint actual = path.Function(~0u, start, (nuint)length);
                if (actual != LongSweep.Value.Prefixes[length])
                    Assert.Fail($"{name}: length {length} at alignment {alignment}: 0x{actual:X8}, expected 0x{LongSweep.Value.Prefixes[length]:X8}");
            }
        }
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void LongRandomInputs_MatchTheReference(string name)
    {
        Crc32CPath path = Crc32CPaths.Named(name);
        foreach ((byte[] input, uint expected) in LongInputs.Value)
        {
            fixed (byte* p = input)
                Assert.Equal(expected, path.Function(~0u, p, (nuint)input.Length));
        }
    }

    /// <summary>The input's first byte right after an inaccessible page, then its last byte right before one: a read past either end faults.</summary>
    [Theory]
    [MemberData(nameof(Names))]
    public void InputsAgainstGuardPages_ReadNothingOutside(string name)
    {
        Crc32CPath path = Crc32CPaths.Named(name);
        using var memory = new GuardedMemory(8192);
        Span<byte> all = memory.AsSpan();
        new Random(23).NextBytes(all);
        int[] lengths = [.. Enumerable.Range(0, 300), 511, 1000, 1023, 4095, 4096, 4097, 8191, 8192];
        foreach (int length in lengths.Where(l => l >= path.MinLength && l <= memory.Capacity))
        {
            byte* first = memory.StartingAfterGuard, last = memory.EndingAtGuard(length);
            Assert.Equal(Crc32CReference.Update(~0u, new ReadOnlySpan<byte>(first, length)), path.Function(~0u, first, (nuint)length));
            Assert.Equal(Crc32CReference.Update(~0u, new ReadOnlySpan<byte>(last, length)), path.Function(~0u, last, (nuint)length));
        }
    }

    /// <summary>A few long inputs (up to 1 MiB, lengths that leave every kind of tail) and their reference registers, computed once.</summary>
    private static readonly Lazy<(byte[] Input, uint Register)[]> LongInputs = new(() =>
        [.. new[] { 1 << 20, 65536 + 4096 + 64 + 16 + 7, 300_007 }.Select((length, i) =>
        {
            byte[] input = Seeded(length, seed: 100 + i);
            return (input, Crc32CReference.Update(~0u, input));
        })]);

    /// <summary>A 2100-byte input and the reference register (from all ones) after each of its prefixes, computed once.</summary>
    private static readonly Lazy<(byte[] Input, uint[] Prefixes)> LongSweep = new(() =>
    {
        byte[] input = Seeded(LongSweepLength, seed: 29);
        var prefixes = new uint[LongSweepLength + 1];
        prefixes[0] = ~0u;
        for (int i = 0; i < LongSweepLength; i++)
            prefixes[i + 1] = Crc32CReference.Update(prefixes[i], input[i]);
        return (input, prefixes);
    });

    private static uint[] Prefixes(uint state)
    {
        var prefixes = new uint[SweepLength + 1];
        prefixes[0] = state;
        for (int i = 0; i < SweepLength; i++)
            prefixes[i + 1] = Crc32CReference.Update(prefixes[i], Sweep[i]);
        return prefixes;
    }

    internal static byte[] Seeded(int length, int seed)
    {
        var bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }
}
