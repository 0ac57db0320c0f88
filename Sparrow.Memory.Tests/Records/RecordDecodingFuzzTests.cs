using System.Buffers;
using Sparrow.Testing;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// A million random and mutated inputs (varint tables, record files, random bytes), each placed twice: ending
/// exactly at an inaccessible page and starting right after one, with the decoder's destination ending at one
/// too. Every SpanReader read, every bulk-decode path and RecordReader run over them. A read or write outside
/// the given memory faults the process; any exception but FormatException fails the test; every path must
/// agree with the others, and a sample with the scalar-reader model.
/// </summary>
public sealed unsafe class RecordDecodingFuzzTests : IDisposable
{
    private const int Inputs = 1_000_000;

    /// <summary>Long enough for two 64-byte steps of the vector path and a tail.</summary>
    private const int MaxLength = 160;

    /// <summary>One input in this many also runs the throwing forms (exceptions are slow) and the full model check.</summary>
    private const int ThrowingSample = 32;

    /// <summary>Bytes at the edges of the format: continuation bit, the 32- and 64-bit final-byte limits.</summary>
    private static readonly byte[] EdgeBytes = [0x00, 0x01, 0x02, 0x0F, 0x10, 0x7F, 0x80, 0xFF];

    private readonly GuardedMemory _input = new(MaxLength);
    private readonly GuardedMemory _output = new((MaxLength + 1) * sizeof(uint));
    private readonly uint[] _firstPathValues = new uint[MaxLength + 1];

    public void Dispose()
    {
        _input.Dispose();
        _output.Dispose();
    }

    [Fact]
    public void MillionRandomAndMutatedInputs_StayInBounds_AndThrowOnlyFormatException()
    {
        var random = new Random(2024);
        byte[][] seeds = Seeds(random);
        byte[] buffer = new byte[MaxLength];
        for (int i = 0; i < Inputs; i++)
        {
            int length = Generate(random, seeds, buffer);
            bool sample = i % ThrowingSample == 0;
            foreach (bool endingAtGuard in (bool[])[true, false])
            {
                byte* start = endingAtGuard ? _input.EndingAtGuard(length) : _input.StartingAfterGuard;
                buffer.AsSpan(0, length).CopyTo(new Span<byte>(start, length));
                var input = new ReadOnlySpan<byte>(start, length);
                ExerciseReader(input, random, sample);
                ExerciseDecode(input, random.Next(length + 2), sample);
                ExerciseRecords(input, sample);
            }
        }
    }

    /// <summary>Valid inputs to mutate: tables of 32- and 64-bit varints in every length mix, and small record files.</summary>
    private static byte[][] Seeds(Random random)
    {
        var seeds = new List<byte[]>();
        Span<byte> encoded = stackalloc byte[VarInt.MaxLength64];
        for (int i = 0; i < 256; i++)
        {
            var distribution = (VarIntDistribution)(i % 3);
            seeds.Add(VarIntSamples.Encode(VarIntSamples.Values(distribution, MaxLength / (1 + i % 3 * 2), seed: i)));
            seeds.Add(RecordSamples.Create(1 + i % 6, seed: i, maxValueLength: 24).Data);

            var wide = new List<byte>();
            while (wide.Count < MaxLength)
                wide.AddRange(encoded[..VarInt.Write(encoded, (ulong)random.NextInt64() >> random.Next(64))]);
            seeds.Add([.. wide]);
        }

        return [.. seeds.Select(s => s.Length > MaxLength ? s[..MaxLength] : s)];
    }

    /// <summary>Random bytes (one input in four), or a window of a seed with zero to four mutations; returns the length written to <paramref name="buffer"/>.</summary>
    private static int Generate(Random random, byte[][] seeds, byte[] buffer)
    {
        if (random.Next(4) == 0)
        {
            int randomLength = random.Next(MaxLength + 1);
            random.NextBytes(buffer.AsSpan(0, randomLength));
            return randomLength;
        }

        byte[] seed = seeds[random.Next(seeds.Length)];
        int skip = random.Next(3) == 0 ? random.Next(seed.Length + 1) : 0;
        int length = seed.Length - skip;
        seed.AsSpan(skip).CopyTo(buffer);
        for (int m = random.Next(5); m > 0 && length > 0; m--)
        {
            int at = random.Next(length);
            switch (random.Next(6))
            {
                case 0:
                    buffer[at] ^= (byte)(1 << random.Next(8));
                    break;
                case 1:
                    buffer[at] ^= 0x80;
                    break;
                case 2:
                    buffer[at] = EdgeBytes[random.Next(EdgeBytes.Length)];
                    break;
                case 3:
                    int run = Math.Min(1 + random.Next(12), MaxLength - at);
                    length = Math.Min(MaxLength, length + run);
                    buffer.AsSpan(at, length - at - run).CopyTo(buffer.AsSpan(at + run));
                    buffer.AsSpan(at, run).Fill(0x80);
                    break;
                case 4:
                    length = at;
                    break;
                default:
                    buffer[at] = (byte)random.Next(256);
                    break;
            }
        }

        return length;
    }

    /// <summary>Random reads until the end or 24 reads; a Try read that fails, or a read that throws, must consume nothing.</summary>
    private static void ExerciseReader(ReadOnlySpan<byte> input, Random random, bool throwing)
    {
        var reader = new SpanReader(input);
        for (int step = 0; step < 24 && !reader.End; step++)
        {
            int before = reader.Position;
            int choice = random.Next(VarIntChecks.Reads.Length + FixedWidthReads.All.Length + 3);
            bool useThrowingForm = throwing && random.Next(2) == 0;
            try
            {
                bool read;
                if (choice < VarIntChecks.Reads.Length)
                    read = ReadValue(ref reader, VarIntChecks.Reads[choice].TryRead, VarIntChecks.Reads[choice].Read, useThrowingForm);
                else if ((choice -= VarIntChecks.Reads.Length) < FixedWidthReads.All.Length)
                    read = ReadValue(ref reader, FixedWidthReads.All[choice].TryRead, FixedWidthReads.All[choice].Read, useThrowingForm);
                else
                    read = ReadRun(ref reader, choice - FixedWidthReads.All.Length, ByteCount(random, reader.Remaining), useThrowingForm);

                if (read ? reader.Position <= before || reader.Position > input.Length : reader.Position != before)
                    Assert.Fail($"read {read}: position {before} → {reader.Position} of {input.Length}");
            }
            catch (FormatException) when (useThrowingForm)
            {
                if (reader.Position != before)
                    Assert.Fail($"a read that threw moved the position from {before} to {reader.Position}");
                return;
            }
        }
    }

    /// <summary>One value read in the chosen form; whether it read one (the throwing form throws instead of returning false).</summary>
    private static bool ReadValue(ref SpanReader reader, TryReadFunction tryRead, ReadFunction read, bool throwingForm)
    {
        if (!throwingForm)
            return tryRead(ref reader, out _);
        read(ref reader);
        return true;
    }

    /// <summary>A byte count around what remains, sometimes negative or huge.</summary>
    private static int ByteCount(Random random, int remaining) => random.Next(8) switch
    {
        0 => int.MinValue,
        1 => int.MaxValue,
        _ => random.Next(-2, remaining + 3),
    };

    /// <summary>ReadBytes, Skip or ReadLengthPrefixedBytes (<paramref name="which"/> 0..2); whether it consumed anything (a zero-length read passes as consumed).</summary>
    private static bool ReadRun(ref SpanReader reader, int which, int count, bool throwingForm)
    {
        int before = reader.Position;
        bool ok;
        if (throwingForm)
        {
            _ = which switch
            {
                0 => reader.ReadBytes(count).Length,
                1 => Skipped(ref reader, count),
                _ => reader.ReadLengthPrefixedBytes().Length,
            };
            ok = true;
        }
        else
        {
            ok = which switch
            {
                0 => reader.TryReadBytes(count, out _),
                1 => reader.TrySkip(count),
                _ => reader.TryReadLengthPrefixedBytes(out _),
            };
        }

        // Zero bytes read: the position legitimately stays; report it as a failed read so the caller's check holds.
        return ok && reader.Position != before;
    }

    private static int Skipped(ref SpanReader reader, int count)
    {
        reader.Skip(count);
        return count;
    }

    /// <summary>Every path into a destination ending at a guard page; all must agree, and (sampled) match the model.</summary>
    private void ExerciseDecode(ReadOnlySpan<byte> input, int destinationLength, bool checkModel)
    {
        var destination = new Span<uint>((uint*)_output.End - destinationLength, destinationLength);
        OperationStatus firstStatus = default;
        int firstConsumed = 0, firstWritten = 0;
        for (int p = 0; p < VarIntPaths.Decode.Length; p++)
        {
            OperationStatus status = VarIntPaths.Decode[p].Function(input, destination, out int consumed, out int written);
            if (p == 0)
            {
                (firstStatus, firstConsumed, firstWritten) = (status, consumed, written);
                destination[..written].CopyTo(_firstPathValues);
            }
            else if (status != firstStatus || consumed != firstConsumed || written != firstWritten || !destination[..written].SequenceEqual(_firstPathValues.AsSpan(0, written)))
            {
                Assert.Fail($"{VarIntPaths.Decode[p].Name} disagrees with {VarIntPaths.Decode[0].Name} on [{Convert.ToHexString(input)}] into {destinationLength}: "
                    + $"{status}/{consumed}/{written} against {firstStatus}/{firstConsumed}/{firstWritten}.");
            }
        }

        if (checkModel)
            DecodeModel.Check(VarIntPaths.Decode[^1], input, destinationLength);
    }

    /// <summary>Records until the end or the first malformed one; a failed move consumes nothing.</summary>
    private static void ExerciseRecords(ReadOnlySpan<byte> input, bool throwing)
    {
        var records = new RecordReader(input);
        while (records.TryMoveNext())
        {
        }

        if (records.Position > input.Length || records.Remaining != input.Length - records.Position)
            Assert.Fail($"TryMoveNext stopped at {records.Position} of {input.Length}");
        if (!throwing)
            return;

        var throwingRecords = new RecordReader(input);
        try
        {
            while (throwingRecords.MoveNext())
            {
            }
        }
        catch (FormatException)
        {
            if (throwingRecords.Position != records.Position)
                Assert.Fail($"MoveNext threw at {throwingRecords.Position}; TryMoveNext stopped at {records.Position}");
        }
    }
}
