using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using static Sparrow.Storage.PostingListFormat;

namespace Sparrow.Storage;

/// <summary>
/// Reads an encoded <see cref="PostingList"/> front to back, a block of 128 values at a time, and skips whole
/// blocks without decoding them: <see cref="SkipTo"/> walks the skip records (each block's width and the sum of its
/// deltas), so passing a block costs a record, not its values.
/// </summary>
/// <remarks>
/// Blocks are checked as they are decoded, as <see cref="PostingList.Decode(ReadOnlySpan{byte}, Span{ulong}, out int)"/>
/// checks them; a malformed one throws a <see cref="FormatException"/> naming its byte offset. Reading and skipping
/// allocate nothing.
/// </remarks>
public ref struct PostingListReader
{
    private readonly ReadOnlySpan<byte> _encoded;
    private readonly ReadOnlySpan<byte> _records;
    private readonly int _count;
    private readonly int _blockCount;
    private readonly int _spanWidth;
    private readonly ulong _spanBase;

    /// <summary>The next block to decode or skip.</summary>
    private int _block;
    /// <summary>The byte offset of <see cref="_block"/>.</summary>
    private int _offset;
    /// <summary>The value before <see cref="_block"/>'s first: the last value of the block before it.</summary>
    private ulong _start;
    /// <summary>The decoded values not yet read: <see cref="_buffer"/>[<see cref="_position"/>..<see cref="_buffered"/>).</summary>
    private BlockOfUInt64 _buffer;
    private int _buffered;
    private int _position;

    /// <summary>Starts reading <paramref name="encoded"/>; its header is read and checked here, its blocks as they are reached.</summary>
    /// <param name="encoded">An encoded list.</param>
    /// <exception cref="FormatException">The header (version, count, first value, span fields, skip records' length) is malformed.</exception>
    public PostingListReader(ReadOnlySpan<byte> encoded)
    {
        if (!TryReadHeader(encoded, out Header header))
            throw new FormatException("Not a posting list: its header (version byte at offset 0, count, first value, span width and base, skip records) is malformed or truncated.");
        if (header.Count <= 1 && header.BlocksStart != encoded.Length)
            throw new FormatException($"Malformed posting list: {encoded.Length - header.BlocksStart} bytes follow its end at byte offset {header.BlocksStart}.");
        _encoded = encoded;
        _records = encoded[header.RecordsStart..header.BlocksStart];
        _count = header.Count;
        _blockCount = header.BlockCount;
        _spanWidth = header.SpanWidth;
        _spanBase = header.SpanBase;
        _offset = header.BlocksStart;
        _start = header.First;
        if (header.Count != 0)
        {
            _buffer[0] = header.First;
            _buffered = 1;
        }
    }

    /// <summary>The number of values in the list.</summary>
    public readonly int Count => _count;

    /// <summary>Reads the next values into <paramref name="destination"/>: the rest of the current block, then whole blocks while they fit.</summary>
    /// <param name="destination">Where the values go.</param>
    /// <returns>
    /// How many were written: at least one while values remain (0 at the end), at most <paramref name="destination"/>'s
    /// length. It stops short of filling the buffer at a block's end when the next block would not fit whole, so a
    /// <see cref="Read"/> after <see cref="SkipTo"/> into a destination of 128 gives the rest of the block the target is
    /// in (the first value of the list counts as a block of its own), decoding no other.
    /// </returns>
    /// <exception cref="FormatException">A block is malformed (the message names its byte offset).</exception>
    public int Read(scoped Span<ulong> destination)
    {
        int written = 0;
        while (written < destination.Length)
        {
            if (_position < _buffered)
            {
                int take = Math.Min(_buffered - _position, destination.Length - written);
                ((ReadOnlySpan<ulong>)_buffer)[_position..(_position + take)].CopyTo(destination[written..]);
                _position += take;
                written += take;
                continue;
            }
            if (_block == _blockCount)
                break;
            int deltas = DeltasInBlock(_count, _block);
            // PERF: a block that fits goes straight to the caller's buffer, without the copy through ours.
            if (destination.Length - written >= deltas)
            {
                DecodeBlock(ref Unsafe.Add(ref MemoryMarshal.GetReference(destination), written), deltas);
                written += deltas;
            }
            else if (written != 0)
            {
                // PERF: a block that does not fit waits for the next Read rather than being decoded for a few values.
                break;
            }
            else
            {
                DecodeBlock(ref _buffer[0], deltas);
                _buffered = deltas;
                _position = 0;
            }
        }
        return written;
    }

    /// <summary>
    /// Moves forward to the first value at or above <paramref name="target"/>, never backward: the next
    /// <see cref="Read"/> starts there. Blocks that end below it are passed by their skip records, undecoded.
    /// </summary>
    /// <param name="target">The value to reach.</param>
    /// <returns>Whether such a value remains; when not, nothing is left to read.</returns>
    /// <exception cref="FormatException">A skip record or the block reached is malformed (the message names its byte offset).</exception>
    public bool SkipTo(ulong target)
    {
        if (_position < _buffered && _buffer[_buffered - 1] >= target)
        {
            _position = FirstAtOrAbove(_position, target);
            return true;
        }
        _position = _buffered = 0;
        // PERF: the walk keeps the block, its offset and the value before it in locals, stored back once.
        int block = _block, offset = _offset;
        ulong start = _start;
        for (; block < _blockCount; block++)
        {
            if (!TryReadRecord(_records, block, _spanWidth, _spanBase, out int code, out ulong span) || span > ulong.MaxValue - start)
                ThrowMalformed(offset);
            if (start + span >= target)
            {
                (_block, _offset, _start) = (block, offset, start);
                int deltas = DeltasInBlock(_count, block);
                DecodeBlock(ref _buffer[0], deltas, code, span);
                _buffered = deltas;
                _position = FirstAtOrAbove(0, target);
                return true;
            }
            // A full block without exceptions is 16 bytes per bit of width; any other is laid out from its bytes.
            if (code < ExceptionCodes && block < _blockCount - 1 && code * (BlockLength / 8) <= _encoded.Length - offset)
                offset += code * (BlockLength / 8);
            else if (TryLayOut(_encoded, offset, code, DeltasInBlock(_count, block), out Block layout))
                offset = layout.End;
            else
                ThrowMalformed(offset);
            start += span;
        }
        (_block, _offset, _start) = (block, offset, start);
        return false;
    }

    /// <summary>The index of the first buffered value at or above <paramref name="target"/>, from <paramref name="from"/>; one exists.</summary>
    private readonly int FirstAtOrAbove(int from, ulong target)
    {
        // The values ascend, so the first at or above target is at the count of those below it (or at from, when
        // those before from are all it counts). PERF: counted with vector compares, no branch on the values; a binary
        // search mispredicted about every other of its seven steps.
        ref ulong values = ref Unsafe.AsRef(in _buffer[0]);
        var targets = new Vector<ulong>(target);
        Vector<ulong> below = Vector<ulong>.Zero;
        int i = 0;
        for (; i + Vector<ulong>.Count <= _buffered; i += Vector<ulong>.Count)
            below -= Vector.LessThan(Vector.LoadUnsafe(ref values, (nuint)i), targets);
        int count = (int)Vector.Sum(below);
        for (; i < _buffered; i++)
            count += Unsafe.Add(ref values, i) < target ? 1 : 0;
        return Math.Max(from, count);
    }

    /// <summary>The code and span of the skip record of <paramref name="block"/>, its span checked to fit after <see cref="_start"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly (int Code, ulong Span) Record(int block)
    {
        if (!TryReadRecord(_records, block, _spanWidth, _spanBase, out int code, out ulong span) || span > ulong.MaxValue - _start)
            ThrowMalformed(_offset);
        return (code, span);
    }

    /// <summary>Decodes block <see cref="_block"/> of <paramref name="deltas"/> values into <paramref name="values"/> and moves past it.</summary>
    private void DecodeBlock(ref ulong values, int deltas)
    {
        (int code, ulong span) = Record(_block);
        DecodeBlock(ref values, deltas, code, span);
    }

    /// <summary>As <see cref="DecodeBlock(ref ulong, int)"/>, with the block's skip record already read.</summary>
    private void DecodeBlock(ref ulong values, int deltas, int code, ulong span)
    {
        if (!TryLayOut(_encoded, _offset, code, deltas, out Block layout) || !PostingList.TryDecodeBlock(_encoded, layout, deltas, _start, span, ref values))
            ThrowMalformed(_offset);
        _start += span;
        _offset = layout.End;
        _block++;
        if (_block == _blockCount && _offset != _encoded.Length)
            throw new FormatException($"Malformed posting list: {_encoded.Length - _offset} bytes follow its last block, at byte offset {_offset}.");
    }

    private static void ThrowMalformed(int offset) =>
        throw new FormatException($"Malformed posting list: the block at byte offset {offset} (or its skip record) is not one an encoder writes.");
}
