using System.Diagnostics.CodeAnalysis;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
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
    /// <summary>The byte offset of the skip records in <see cref="_encoded"/>.</summary>
    private readonly int _recordsStart;
    /// <summary>
    /// The last block the walk passes skip records a group at a time from (<see cref="UnpackPath.LastRecordGroup"/>; -1 for
    /// none, and from the first group that finds half its blocks with exceptions on).
    /// </summary>
    private int _lastGroup;

    /// <summary>The next block to decode or skip.</summary>
    private int _block;
    /// <summary>The byte offset of <see cref="_block"/>.</summary>
    private int _offset;
    /// <summary>The value before <see cref="_block"/>'s first: the last value of the block before it.</summary>
    private ulong _start;
    /// <summary>
    /// The decoded values not yet read: <see cref="_buffer"/>[<see cref="_position"/>..<see cref="_buffered"/>), or, when
    /// <see cref="_narrow"/>, the 32-bit words at those indexes of its bytes, each value minus <see cref="_base"/>.
    /// </summary>
    private BlockOfUInt64 _buffer;
    /// <summary>Whether <see cref="_buffer"/> holds 32-bit offsets from <see cref="_base"/> (a block whose span fits 32 bits) rather than values.</summary>
    private bool _narrow;
    /// <summary>The value before the buffered block's first, when <see cref="_narrow"/>.</summary>
    private ulong _base;
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
        _recordsStart = header.RecordsStart;
        _lastGroup = UnpackPath.LastRecordGroup(header.BlockCount, header.RecordsStart, CodeBits + header.SpanWidth, header.SpanBase, encoded.Length);
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
                if (_narrow)
                    PostingList.Widen(ref Unsafe.Add(ref Narrow, _position), _base, ref Unsafe.Add(ref MemoryMarshal.GetReference(destination), written), take);
                else
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
                (int code, ulong span) = Record(_block);
                DecodeInto(ref Unsafe.Add(ref MemoryMarshal.GetReference(destination), written), deltas, code, span);
                written += deltas;
            }
            else if (written != 0)
            {
                // PERF: a block that does not fit waits for the next Read rather than being decoded for a few values.
                break;
            }
            else
            {
                (int code, ulong span) = Record(_block);
                DecodeIntoBuffer(deltas, code, span);
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
        if (_position < _buffered && BufferedValue(_buffered - 1) >= target)
        {
            _position = FirstAtOrAbove(_position, target);
            return true;
        }
        _position = _buffered = 0;
        if (!PassBlocksBelow(target, out int code, out ulong span))
            return false;
        DecodeIntoBuffer(DeltasInBlock(_count, _block), code, span);
        _position = FirstAtOrAbove(0, target);
        return true;
    }

    /// <summary>
    /// Passes, by their skip records alone, the blocks from <see cref="_block"/> on whose last value is below
    /// <paramref name="target"/>: false when that is all of them (nothing left to read); else the code and span of the
    /// block reached, read from its record on the way (checked, as <see cref="Record"/> checks them).
    /// </summary>
    private bool PassBlocksBelow(ulong target, out int code, out ulong span)
    {
        // PERF: the walk keeps everything it reads in locals, stored back once (fields of a ref struct are reloaded after
        // every store through a ref, and so are out parameters), and its loop makes no call, so that the JIT can keep them
        // in registers. It still keeps the byte offset on the stack: the loop compiled on its own kept it in a register,
        // but passing the walk's state through memory and back cost more than that store and load.
        int block = _block, offset = _offset, last = _blockCount - 1, length = _encoded.Length;
        int recordCode = 0;
        ulong start = _start, recordSpan = 0;
        ref byte encoded = ref MemoryMarshal.GetReference(_encoded);
        int recordBits = CodeBits + _spanWidth;
        if (RecordsLoadWhole(recordBits, length))
        {
            ulong spanBase = _spanBase, recordMask = (1UL << recordBits) - 1;
            long bit = 8L * _recordsStart + (long)block * recordBits, lastLoad = length - sizeof(ulong);
            int lastGroup = _lastGroup;
            // A record at a time: the first two groups' worth (a target a few blocks on is found before a group could be
            // set up and its sums waited for), the rest of a group that stopped at a block with exceptions (or a malformed
            // one, named here), the block a group stopped at as the target's (found at once), or the blocks after the last group.
            int records = 2 * UnpackPath.RecordGroup;
            while (true)
            {
                int stop = block <= lastGroup ? Math.Min(block + records, last) : last;
                records = UnpackPath.RecordGroup;
                bool found = false;
                for (; block < stop; block++, bit += recordBits)
                {
                    bool spanFits = TrySplitRecord(LoadRecord(ref encoded, bit, lastLoad, recordMask), spanBase, out recordCode, out recordSpan);
                    ulong end = start + recordSpan;
                    if (!spanFits || end < start)
                        ThrowMalformed(offset);
                    if (end >= target)
                    {
                        found = true;
                        break;
                    }
                    start = end;
                    offset = PassedBlockEnd(ref encoded, length, offset, recordCode);
                }
                if (found || block >= last)
                    break;
                if (block <= lastGroup)
                {
                    var walk = new RecordWalk
                    {
                        Encoded = ref encoded, Length = length, RecordBits = recordBits, SpanBase = spanBase, LastGroup = lastGroup,
                        Block = block, Bit = bit, Offset = offset, Start = start,
                    };
                    UnpackPath.PassRecordGroups(ref walk, target);
                    (block, bit, offset, start) = (walk.Block, walk.Bit, walk.Offset, walk.Start);
                    // PERF: a list whose blocks mostly have exceptions (outliers in most blocks) stops every group within a
                    // block or two: it walks a record at a time from here on, which took a far skip there a quarter longer.
                    if (walk.ExceptionBlocks >= UnpackPath.RecordGroup / 2)
                        lastGroup = _lastGroup = -1;
                }
            }
        }
        else
        {
            for (; block < last; block++)
            {
                (recordCode, recordSpan) = RecordAt(block, offset);
                if (recordSpan > ulong.MaxValue - start)
                    ThrowMalformed(offset);
                if (start + recordSpan >= target)
                    break;
                start += recordSpan;
                offset = PassedBlockEnd(ref encoded, length, offset, recordCode);
            }
        }
        if (block == last)
        {
            // The last block, shorter than the others, is laid out from its bytes; nothing remains past it.
            (recordCode, recordSpan) = RecordAt(block, offset);
            if (recordSpan > ulong.MaxValue - start)
                ThrowMalformed(offset);
            if (start + recordSpan < target)
            {
                offset = LastBlockEnd(offset, recordCode);
                start += recordSpan;
                block++;
            }
        }
        (_block, _offset, _start) = (block, offset, start);
        (code, span) = (recordCode, recordSpan);
        return block <= last;
    }

    /// <summary>
    /// The end of the full block at <paramref name="offset"/> with <paramref name="code"/>: 16 bytes per bit of width, and
    /// with exceptions its two exception bytes, its positions and its high parts, known from those two bytes.
    /// </summary>
    // One length check for both kinds of block: a block that runs past the list is named by its own offset.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int PassedBlockEnd(ref byte encoded, int length, int offset, int code)
    {
        int size = code * (BlockLength / 8);
        if (code >= ExceptionCodes)
        {
            if (length - offset < 2)
                ThrowMalformed(offset);
            uint exceptions = Unsafe.Add(ref encoded, offset), exceptionWidth = Unsafe.Add(ref encoded, offset + 1);
            // 1..128 exceptions of 1..64 - width high bits each (the width is code - ExceptionCodes).
            if (exceptions - 1 >= BlockLength || exceptionWidth - 1 >= (uint)(64 + ExceptionCodes - code))
                ThrowMalformed(offset);
            size += 2 - ExceptionCodes * (BlockLength / 8) + (int)exceptions + (int)((exceptions * exceptionWidth + 7) >> 3);
        }
        if (size > length - offset)
            ThrowMalformed(offset);
        return offset + size;
    }

    /// <summary>The code and span of the skip record of <paramref name="block"/>, read field by field; the block is at <paramref name="offset"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly (int Code, ulong Span) RecordAt(int block, int offset)
    {
        if (!TryReadRecord(_records, block, _spanWidth, _spanBase, out int code, out ulong span))
            ThrowMalformed(offset);
        return (code, span);
    }

    /// <summary>The end of the last block, at <paramref name="offset"/> with <paramref name="code"/>: the end of the list, or the list is malformed.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly int LastBlockEnd(int offset, int code)
    {
        if (!TryLayOut(_encoded, offset, code, DeltasInBlock(_count, _blockCount - 1), out Block layout) || layout.End != _encoded.Length)
            ThrowMalformed(offset);
        return layout.End;
    }

    /// <summary>The 32-bit words of <see cref="_buffer"/>, when it holds offsets (<see cref="_narrow"/>).</summary>
    [UnscopedRef]
    private ref uint Narrow => ref Unsafe.As<ulong, uint>(ref _buffer[0]);

    /// <summary>Buffered value <paramref name="index"/>.</summary>
    private readonly ulong BufferedValue(int index) =>
        _narrow ? _base + Unsafe.Add(ref Unsafe.As<ulong, uint>(ref Unsafe.AsRef(in _buffer[0])), index) : _buffer[index];

    /// <summary>The index of the first buffered value at or above <paramref name="target"/>, from <paramref name="from"/>; one exists.</summary>
    private readonly int FirstAtOrAbove(int from, ulong target)
    {
        ref ulong values = ref Unsafe.AsRef(in _buffer[0]);
        if (!_narrow)
            return Math.Max(from, CountBelow(ref values, _buffered, target));
        // The last buffered offset is at or above target - _base, so that fits 32 bits; a target at or below _base is
        // below every value.
        uint relative = target <= _base ? 0 : (uint)(target - _base);
        return Math.Max(from, CountBelow(ref Unsafe.As<ulong, uint>(ref values), _buffered, relative));
    }

    /// <summary>How many of the <paramref name="length"/> ascending values at <paramref name="values"/> are below <paramref name="target"/>, one vector at a time.</summary>
    // PERF: the values ascend, so the first at or above target is at the count of those below it: counted with compares,
    // no branch on the values (a binary search mispredicted about every other of its seven steps), and every value read
    // by a vector load of the bytes one of the decoder's vector stores wrote, which forwards. A first level of scalar loads
    // (the last of each sixteen) waited on the stores it read parts of: SkipTo then Read took about 3 ns longer.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int CountBelow<T>(ref T values, int length, T target) where T : unmanaged, IBinaryInteger<T>
    {
        int i = 0, count = 0;
        if (Vector512.IsHardwareAccelerated)
        {
            // PERF: a compare of 64 bytes, counted from its mask: half the steps of Vector<T>, which stays 256 bits wide.
            var targets512 = Vector512.Create(target);
            for (; i + Vector512<T>.Count <= length; i += Vector512<T>.Count)
                count += BitOperations.PopCount(Vector512.LessThan(Vector512.LoadUnsafe(ref values, (nuint)i), targets512).ExtractMostSignificantBits());
        }
        else
        {
            var targets = new Vector<T>(target);
            Vector<T> below = Vector<T>.Zero;
            // A lane below is all ones: subtracting it counts one.
            for (; i + Vector<T>.Count <= length; i += Vector<T>.Count)
                below -= Vector.LessThan(Vector.LoadUnsafe(ref values, (nuint)i), targets);
            count = int.CreateTruncating(Vector.Sum(below));
        }
        for (; i < length; i++)
            count += Unsafe.Add(ref values, i) < target ? 1 : 0;
        return count;
    }

    /// <summary>The code and span of the skip record of <paramref name="block"/>, its span checked to fit after <see cref="_start"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly (int Code, ulong Span) Record(int block)
    {
        if (!TryReadRecord(_records, block, _spanWidth, _spanBase, out int code, out ulong span) || span > ulong.MaxValue - _start)
            ThrowMalformed(_offset);
        return (code, span);
    }

    /// <summary>
    /// Decodes block <see cref="_block"/> of <paramref name="deltas"/> values, whose record holds <paramref name="code"/>
    /// and <paramref name="span"/>, into <see cref="_buffer"/> and moves past it: as 32-bit offsets from the value before
    /// it when its span fits 32 bits, else as values.
    /// </summary>
    // PERF: offsets, because SkipTo decodes a block to find a value in it and Read then widens only the rest: half the
    // stores of 64-bit values, no widening of the values before the target, and sixteen compares a vector in the search.
    // PERF: compiled on its own, the block decoder inlined into it: inlined, the decoder's arguments and layout grew
    // the caller's frame to 800 bytes, zeroed on every SkipTo and Read, even those that decode nothing.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void DecodeIntoBuffer(int deltas, int code, ulong span)
    {
        // The buffer's state changes only once the block has decoded: after a FormatException it holds nothing to read.
        ulong before = _start;
        if (span > uint.MaxValue)
        {
            DecodeBlock(ref _buffer[0], before, deltas, code, span);
            (_narrow, _buffered) = (false, deltas);
            return;
        }
        DecodeBlock(ref Narrow, 0, deltas, code, span);
        (_narrow, _base, _buffered) = (true, before, deltas);
    }

    /// <summary>
    /// Decodes block <see cref="_block"/> of <paramref name="deltas"/> values, whose record holds <paramref name="code"/>
    /// and <paramref name="span"/>, into <paramref name="values"/> on top of <paramref name="start"/> (the value before the
    /// block for 64-bit values, 0 for 32-bit offsets from it) and moves past it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void DecodeBlock<T>(ref T values, ulong start, int deltas, int code, ulong span)
        where T : unmanaged
    {
        int end;
        // PERF: the common block (full, no exceptions, sums below 2^32) straight to the kernel, as Decode sends it.
        if (code <= PostingBlockDecoder.MaxFusedWidth && _block != _blockCount - 1)
        {
            end = _offset + code * (BlockLength / 8);
            if (end > _encoded.Length || !PostingList.TryDecodeFusedBlock(ref Unsafe.Add(ref MemoryMarshal.GetReference(_encoded), _offset), code, start, span, ref values))
                ThrowMalformed(_offset);
        }
        else
        {
            end = DecodeLaidOut(ref values, start, deltas, code, span);
        }
        PassDecoded(span, end);
    }

    /// <summary>
    /// Decodes block <see cref="_block"/> as <see cref="DecodeBlock{T}"/> does, from its layout (a block with exceptions, the
    /// last block, or one wider than the fused kernels); returns the byte offset past it.
    /// </summary>
    // PERF: compiled on its own: inlined, the layout and the general decoder's arguments took 400 bytes of the caller's
    // frame, zeroed on every call, also for the common block, which needs none of it.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly int DecodeLaidOut<T>(ref T values, ulong start, int deltas, int code, ulong span)
        where T : unmanaged
    {
        if (!TryLayOut(_encoded, _offset, code, deltas, out Block layout) || !PostingList.TryDecodeBlock(_encoded, layout, deltas, start, span, ref values))
            ThrowMalformed(_offset);
        return layout.End;
    }

    /// <summary>Decodes block <see cref="_block"/> straight into the caller's <paramref name="values"/>, as <see cref="DecodeBlock{T}"/>.</summary>
    // PERF: compiled on its own, as DecodeIntoBuffer is, for the same frame.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void DecodeInto(ref ulong values, int deltas, int code, ulong span) => DecodeBlock(ref values, _start, deltas, code, span);

    /// <summary>Moves past the block just decoded, of <paramref name="span"/>, which ends at byte <paramref name="end"/>.</summary>
    private void PassDecoded(ulong span, int end)
    {
        _start += span;
        _offset = end;
        _block++;
        if (_block == _blockCount && _offset != _encoded.Length)
            throw new FormatException($"Malformed posting list: {_encoded.Length - _offset} bytes follow its last block, at byte offset {_offset}.");
    }

    private static void ThrowMalformed(int offset) =>
        throw new FormatException($"Malformed posting list: the block at byte offset {offset} (or its skip record) is not one an encoder writes.");
}
