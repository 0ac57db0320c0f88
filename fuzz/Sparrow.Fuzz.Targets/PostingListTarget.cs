using System.Buffers;
using Sparrow.Storage;

namespace Sparrow.Fuzz;

/// <summary>
/// PostingList.Decode, GetCount, Encode and PostingListReader against each other and a plain model of the list.
/// The first 4 bytes are parameters (missing ones read as 0), then a reader script of byte 2's length, then the
/// data:
/// <list type="bullet">
/// <item>bytes 0 and 1: the lengths of the uint and ulong destinations, relative to the count (one short, exact, or
/// longer);</item>
/// <item>byte 2: the script's length; each script byte is a Read (its buffer size) or a SkipTo (its target, relative to
/// the model's values);</item>
/// <item>byte 3: how many times the data's gaps repeat in the list derived from them (below).</item>
/// </list>
/// (a) The data decoded as a list: the status is Done, DestinationTooSmall or InvalidData; Done gives strictly
/// ascending values, as many as GetCount says, which re-encode and decode to themselves; uint and ulong agree (uint
/// InvalidData exactly when a value exceeds uint.MaxValue); the reader, by plain reads, throws FormatException
/// exactly when Decode says InvalidData, and, by the script, returns Decode's values (throwing only FormatException,
/// and only on bytes Decode rejects). (b) A strictly ascending list derived from the data (the first value and the
/// gaps are its varints) is encoded and checked the same way. Every input, encoding and destination is placed
/// against a guard page, ending at one and then starting after one.
/// </summary>
public static class PostingListTarget
{
    private const int HeaderLength = 4;
    /// <summary>Lists longer than this are decoded into short destinations only (a few bytes of header can claim int.MaxValue values).</summary>
    private const int ModelLimit = 1 << 20;
    private const int DrainSize = 61;

    private static readonly GuardedSlot Encoded = new();
    private static readonly GuardedSlot Encoding = new();
    private static readonly GuardedSlot UInt32Values = new();
    private static readonly GuardedSlot UInt64Values = new();

    public static void Run(ReadOnlySpan<byte> input)
    {
        Span<byte> header = stackalloc byte[HeaderLength];
        header.Clear();
        input[..Math.Min(HeaderLength, input.Length)].CopyTo(header);
        ReadOnlySpan<byte> rest = input[Math.Min(HeaderLength, input.Length)..];
        ReadOnlySpan<byte> script = rest[..Math.Min(header[2], rest.Length)];
        ReadOnlySpan<byte> data = rest[script.Length..];

        for (int edge = 0; edge < 2; edge++)
        {
            ReadOnlySpan<byte> encoded = edge == 0 ? Encoded.CopyAtEnd(data) : Encoded.CopyAtStart(data);
            CheckDecode(encoded, header, script, edge);
        }

        ulong[] derived = Derive(data, header[3] % 8 + 1);
        for (int edge = 0; edge < 2; edge++)
            CheckEncode(derived, header, script, edge);
    }

    /// <summary>(a): the bytes as an encoded list.</summary>
    private static void CheckDecode(ReadOnlySpan<byte> encoded, ReadOnlySpan<byte> header, ReadOnlySpan<byte> script, int edge)
    {
        int count;
        try
        {
            count = PostingList.GetCount(encoded);
        }
        catch (FormatException)
        {
            count = -1;
        }

        if (count < 0 || count > ModelLimit)
        {
            // Unknown or huge: a short destination gives no Done, and nothing written.
            CheckShort<uint>(encoded, header[0], edge, count);
            CheckShort<ulong>(encoded, header[1], edge, count);
            CheckReader(encoded, script, null, OperationStatus.InvalidData, count);
            return;
        }

        var model = new ulong[count];
        OperationStatus status = PostingList.Decode(encoded, model, out int written);
        if (status is not (OperationStatus.Done or OperationStatus.InvalidData) || written != (status == OperationStatus.Done ? count : 0))
            Fail(encoded, $"Decode into ulong[{count}] (the count GetCount read): {status}, wrote {written}");
        if (status == OperationStatus.Done)
            CheckList(encoded, model);

        bool fitsUInt32 = status == OperationStatus.Done && (count == 0 || model[^1] <= uint.MaxValue);
        CheckDestination<uint>(encoded, model, fitsUInt32 ? OperationStatus.Done : OperationStatus.InvalidData, Math.Max(0, count + Slack(header[0])), edge);
        CheckDestination<ulong>(encoded, model, status, Math.Max(0, count + Slack(header[1])), edge);
        CheckReader(encoded, script, status == OperationStatus.Done ? model : null, status, count);
    }

    /// <summary>(b): a list derived from the data, encoded into a destination of GetMaxEncodedLength, then decoded.</summary>
    private static void CheckEncode(ulong[] values, ReadOnlySpan<byte> header, ReadOnlySpan<byte> script, int edge)
    {
        int maxLength = PostingList.GetMaxEncodedLength(values.Length);
        Span<byte> destination = edge == 0 ? Encoding.AtEnd<byte>(maxLength) : Encoding.AtStart<byte>(maxLength);
        ReadOnlySpan<ulong> source = edge == 0 ? UInt64Values.CopyAtStart<ulong>(values) : UInt64Values.CopyAtEnd<ulong>(values);
        int length = PostingList.Encode(source, destination);
        byte[] encoding = destination[..length].ToArray();

        if (values.Length == 0 || values[^1] <= uint.MaxValue)
        {
            uint[] narrow = Array.ConvertAll(values, value => (uint)value);
            ReadOnlySpan<uint> narrowSource = edge == 0 ? UInt32Values.CopyAtEnd<uint>(narrow) : UInt32Values.CopyAtStart<uint>(narrow);
            int narrowLength = PostingList.Encode(narrowSource, destination);
            if (!destination[..narrowLength].SequenceEqual(encoding))
                Fail(encoding, $"Encode of the same {values.Length} values as uint wrote [{Spans.Hex(destination[..narrowLength])}]");
        }

        ReadOnlySpan<byte> encoded = edge == 0 ? Encoded.CopyAtStart<byte>(encoding) : Encoded.CopyAtEnd<byte>(encoding);
        var decoded = new ulong[values.Length];
        OperationStatus status = PostingList.Decode(encoded, decoded, out int written);
        if (status != OperationStatus.Done || written != values.Length || !decoded.AsSpan().SequenceEqual(values))
            Fail(encoded, $"Decode of the encoding of {values.Length} values: {status}, wrote {written}, not the values encoded");
        CheckList(encoded, decoded);
        bool fitsUInt32 = values.Length == 0 || values[^1] <= uint.MaxValue;
        CheckDestination<uint>(encoded, decoded, fitsUInt32 ? OperationStatus.Done : OperationStatus.InvalidData, Math.Max(0, values.Length + Slack(header[0])), edge);
        CheckDestination<ulong>(encoded, decoded, OperationStatus.Done, Math.Max(0, values.Length + Slack(header[1])), edge);
        CheckReader(encoded, script, decoded, OperationStatus.Done, values.Length);
    }

    /// <summary>A decoded list: strictly ascending, GetCount values, and it re-encodes to bytes that decode to it.</summary>
    private static void CheckList(ReadOnlySpan<byte> encoded, ulong[] values)
    {
        for (int i = 1; i < values.Length; i++)
            if (values[i] <= values[i - 1])
                Fail(encoded, $"Decode gave value {i} = {values[i]} after {values[i - 1]}: not strictly ascending");
        if (PostingList.GetCount(encoded) != values.Length)
            Fail(encoded, $"GetCount {PostingList.GetCount(encoded)}, Decode {values.Length} values");

        var encoding = new byte[PostingList.GetMaxEncodedLength(values.Length)];
        int length = PostingList.Encode(values, encoding);
        var again = new ulong[values.Length];
        if (PostingList.Decode(encoding.AsSpan(0, length), again, out int written) != OperationStatus.Done || written != values.Length
            || !again.AsSpan().SequenceEqual(values))
            Fail(encoded, $"the decoded values re-encode to [{Spans.Hex(encoding.AsSpan(0, length))}], which does not decode to them");
    }

    /// <summary>Decode into a destination of <paramref name="length"/> elements at a guard page (the opposite edge to the input's).</summary>
    private static void CheckDestination<T>(ReadOnlySpan<byte> encoded, ulong[] model, OperationStatus full, int length, int edge)
        where T : unmanaged
    {
        GuardedSlot slot = typeof(T) == typeof(uint) ? UInt32Values : UInt64Values;
        Span<T> destination = edge == 0 ? slot.AtStart<T>(length) : slot.AtEnd<T>(length);
        OperationStatus status = Decode(encoded, destination, out int written);
        string what = $"Decode into {typeof(T).Name}[{length}] (count {model.Length})";
        if (length < model.Length)
        {
            // Short: DestinationTooSmall for a list that decodes, either for one that does not (the header may be fine).
            bool expected = full == OperationStatus.Done ? status == OperationStatus.DestinationTooSmall
                : status is OperationStatus.DestinationTooSmall or OperationStatus.InvalidData;
            if (!expected || written != 0)
                Fail(encoded, $"{what}: {status}, wrote {written}; the full decode is {full}");
            return;
        }

        if (status != full || written != (full == OperationStatus.Done ? model.Length : 0))
            Fail(encoded, $"{what}: {status}, wrote {written}; expected {full}");
        for (int i = 0; i < written; i++)
            if (ToUInt64(destination[i]) != model[i])
                Fail(encoded, $"{what}: value {i} is {ToUInt64(destination[i])}, the model's {model[i]}");
    }

    /// <summary>A list whose count is unknown or too large to model: a destination of at most 255 elements never gets Done.</summary>
    private static void CheckShort<T>(ReadOnlySpan<byte> encoded, int length, int edge, int count)
        where T : unmanaged
    {
        if (count >= 0 && length >= count)
            return;
        GuardedSlot slot = typeof(T) == typeof(uint) ? UInt32Values : UInt64Values;
        Span<T> destination = edge == 0 ? slot.AtStart<T>(length) : slot.AtEnd<T>(length);
        OperationStatus status = Decode(encoded, destination, out int written);
        bool expected = count < 0 ? status == OperationStatus.InvalidData : status is OperationStatus.DestinationTooSmall or OperationStatus.InvalidData;
        if (!expected || written != 0)
            Fail(encoded, $"Decode into {typeof(T).Name}[{length}] (count {count}): {status}, wrote {written}");
    }

    /// <summary>
    /// The reader by plain reads (throws exactly when Decode says InvalidData, else gives its values), then by the
    /// script (Read and SkipTo against the model; FormatException only, only on a list Decode rejects).
    /// </summary>
    private static void CheckReader(ReadOnlySpan<byte> encoded, ReadOnlySpan<byte> script, ulong[]? model, OperationStatus status, int count)
    {
        bool modelled = count >= 0 && count <= ModelLimit;
        Span<ulong> buffer = stackalloc ulong[300];
        int size = script.IsEmpty ? DrainSize : Math.Max(1, ReadSize(script[0]));
        int position = 0;
        try
        {
            var reader = new PostingListReader(encoded);
            if (reader.Count != count)
                Fail(encoded, $"PostingListReader.Count {reader.Count}, GetCount {count}");
            int read;
            while ((read = reader.Read(buffer[..size])) > 0 && position <= ModelLimit)
            {
                CheckRead(encoded, model, position, buffer[..read], size, "plain reads");
                position += read;
            }
            if (modelled && model is null)
                Fail(encoded, $"PostingListReader read {position} values of a list Decode says is {status}");
            if (model is not null && position != model.Length)
                Fail(encoded, $"PostingListReader read {position} values, Decode {model.Length}");
        }
        catch (FormatException) when (model is null)
        {
        }

        if (script.IsEmpty)
            return;
        position = 0;
        try
        {
            var reader = new PostingListReader(encoded);
            foreach (byte step in script)
            {
                if ((step & 1) == 0)
                {
                    int want = ReadSize(step);
                    int read = reader.Read(buffer[..want]);
                    CheckRead(encoded, model, position, buffer[..read], want, $"Read after position {position}");
                    position += read;
                }
                else
                {
                    ulong target = Target(step, model, position);
                    bool found = reader.SkipTo(target);
                    if (model is not null)
                    {
                        int next = position;
                        while (next < model.Length && model[next] < target)
                            next++;
                        if (found != next < model.Length)
                            Fail(encoded, $"SkipTo({target}) from position {position}: {found}, the model's next position is {next} of {model.Length}");
                        position = next;
                    }
                }
            }
            while (true)
            {
                int read = reader.Read(buffer[..DrainSize]);
                if (read == 0 || position > ModelLimit)
                    break;
                CheckRead(encoded, model, position, buffer[..read], DrainSize, "the last reads");
                position += read;
            }
            if (model is not null && position != model.Length)
                Fail(encoded, $"the scripted reader ended at {position} of {model.Length} values");
        }
        catch (FormatException) when (model is null)
        {
        }
    }

    private static void CheckRead(ReadOnlySpan<byte> encoded, ulong[]? model, int position, ReadOnlySpan<ulong> read, int wanted, string where)
    {
        if (model is null)
            return;
        // Read may stop short at a block's end, but gives at least one value while some remain.
        int most = Math.Min(wanted, model.Length - position);
        int least = Math.Min(most, 1);
        if (read.Length < least || read.Length > most || !read.SequenceEqual(model.AsSpan(position, read.Length)))
            Fail(encoded, $"PostingListReader, {where}: {read.Length} values [{string.Join(",", read.ToArray().Take(8))}...], expected {least}..{most} from position {position}");
    }

    /// <summary>A Read's buffer size: 0..126, or 300 (more than two blocks).</summary>
    private static int ReadSize(byte step) => step >> 1 == 127 ? 300 : step >> 1;

    /// <summary>
    /// A SkipTo target near a model value (below, at or above the value ahead³ steps ahead: up to 27,000, far enough for
    /// the reader to pass skip records a group at a time), or a fixed one.
    /// </summary>
    private static ulong Target(byte step, ulong[]? model, int position)
    {
        int ahead = step >> 3;
        if (model is null || model.Length == 0)
            return (ulong)ahead << ((step >> 1 & 3) * 16);
        ulong value = model[Math.Min(position + ahead * ahead * ahead, model.Length - 1)];
        return (step >> 1 & 3) switch
        {
            0 => value - 1,
            1 => value,
            2 => value + 1,
            _ => ahead == 31 ? ulong.MaxValue : 0,
        };
    }

    /// <summary>The list the data describes as varints (LEB128, up to 10 bytes, modulo 2^64): the first value, then the gaps (each value is the one before plus its gap plus 1), repeated; it ends at the first that would pass 2^64.</summary>
    private static ulong[] Derive(ReadOnlySpan<byte> data, int repeats)
    {
        var numbers = new List<ulong>();
        for (int i = 0; i < data.Length;)
        {
            ulong number = 0;
            for (int shift = 0; i < data.Length && shift < 70; shift += 7)
            {
                byte b = data[i++];
                number |= shift < 64 ? (ulong)(b & 0x7F) << shift : 0;
                if (b < 0x80)
                    break;
            }
            numbers.Add(number);
        }

        var values = new List<ulong>();
        if (numbers.Count == 0)
            return [];
        values.Add(numbers[0]);
        for (int r = 0; r < repeats; r++)
            for (int i = 1; i < numbers.Count; i++)
            {
                ulong last = values[^1];
                if (last == ulong.MaxValue || numbers[i] > ulong.MaxValue - last - 1)
                    return [.. values];
                values.Add(last + numbers[i] + 1);
            }
        return [.. values];
    }

    /// <summary>0 (exact) for most bytes; 1 (one short: -1) or 2..31 (longer) by the low bits.</summary>
    private static int Slack(byte b) => (b & 3) switch { 0 or 1 => 0, 2 => -1, _ => b >> 3 };

    private static OperationStatus Decode<T>(ReadOnlySpan<byte> encoded, Span<T> destination, out int written)
        where T : unmanaged =>
        typeof(T) == typeof(uint)
            ? PostingList.Decode(encoded, System.Runtime.InteropServices.MemoryMarshal.Cast<T, uint>(destination), out written)
            : PostingList.Decode(encoded, System.Runtime.InteropServices.MemoryMarshal.Cast<T, ulong>(destination), out written);

    private static ulong ToUInt64<T>(T value)
        where T : unmanaged =>
        typeof(T) == typeof(uint) ? (uint)(object)value : (ulong)(object)value;

    private static void Fail(ReadOnlySpan<byte> encoded, string message) =>
        FuzzMismatchException.Throw($"posting list [{Spans.Hex(encoded)}]: {message}");
}
