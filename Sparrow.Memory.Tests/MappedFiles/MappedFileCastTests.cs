using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Sparrow.Tests;

/// <summary>
/// Cast&lt;T&gt; and Read&lt;T&gt; of every primitive type at every alignment, against BinaryPrimitives reads of
/// the same bytes. The file is a page and a bit, so values straddle the page boundary at every alignment.
/// </summary>
public sealed class MappedFileCastTests : IDisposable
{
    private const int FileSize = 4096 + 100;
    private const int Alignments = 32;

    private readonly MappedBytes _mapped = new(FileSize, seed: 11);

    public void Dispose() => _mapped.Dispose();

    /// <summary>Reads a value from its little-endian bytes: the reference the map is checked against.</summary>
    private delegate T LittleEndianReader<T>(ReadOnlySpan<byte> bytes);

    public static TheoryData<string> TypeNames => new(
        "byte", "sbyte", "short", "ushort", "int", "uint", "long", "ulong", "float", "double", "char", "Half", "Int128", "UInt128");

    [Theory]
    [MemberData(nameof(TypeNames))]
    public void EveryAlignment_MatchesBinaryPrimitives(string type)
    {
        switch (type)
        {
            case "byte": Check<byte>(b => b[0]); break;
            case "sbyte": Check<sbyte>(b => (sbyte)b[0]); break;
            case "short": Check<short>(BinaryPrimitives.ReadInt16LittleEndian); break;
            case "ushort": Check<ushort>(BinaryPrimitives.ReadUInt16LittleEndian); break;
            case "int": Check<int>(BinaryPrimitives.ReadInt32LittleEndian); break;
            case "uint": Check<uint>(BinaryPrimitives.ReadUInt32LittleEndian); break;
            case "long": Check<long>(BinaryPrimitives.ReadInt64LittleEndian); break;
            case "ulong": Check<ulong>(BinaryPrimitives.ReadUInt64LittleEndian); break;
            case "float": Check<float>(BinaryPrimitives.ReadSingleLittleEndian); break;
            case "double": Check<double>(BinaryPrimitives.ReadDoubleLittleEndian); break;
            case "char": Check<char>(b => (char)BinaryPrimitives.ReadUInt16LittleEndian(b)); break;
            case "Half": Check<Half>(BinaryPrimitives.ReadHalfLittleEndian); break;
            case "Int128": Check<Int128>(BinaryPrimitives.ReadInt128LittleEndian); break;
            case "UInt128": Check<UInt128>(BinaryPrimitives.ReadUInt128LittleEndian); break;
            default: throw new ArgumentException($"no reader for {type}", nameof(type));
        }
    }

    private unsafe void Check<T>(LittleEndianReader<T> reference)
        where T : unmanaged
    {
        int size = sizeof(T);
        string name = typeof(T).Name;

        // Cast: at every alignment, every whole value to the end of the file; one more value is out of range.
        for (int alignment = 0; alignment < Alignments; alignment++)
        {
            int count = (FileSize - alignment) / size;
            ReadOnlySpan<T> values = _mapped.Map.Cast<T>(alignment, count);
            Assert.Equal(count, values.Length);
            for (int i = 0; i < count; i++)
                Expect(reference, values[i], alignment + i * size, $"Cast<{name}>({alignment}, {count})[{i}]");
            Assert.Throws<ArgumentOutOfRangeException>(() => _mapped.Map.Cast<T>(alignment, count + 1));
        }

        // Read: at every offset where a whole value fits; past the last one it is out of range.
        for (int offset = 0; offset <= FileSize - size; offset++)
            Expect(reference, _mapped.Map.Read<T>(offset), offset, $"Read<{name}>({offset})");
        for (int offset = FileSize - size + 1; offset <= FileSize; offset++)
            Assert.Throws<ArgumentOutOfRangeException>(() => _mapped.Map.Read<T>(offset));
    }

    /// <summary>Bit-exact (NaN payloads and -0.0 included), against the file's bytes in the machine's byte order.</summary>
    private void Expect<T>(LittleEndianReader<T> reference, T actual, int offset, string what)
        where T : unmanaged
    {
        int size = Unsafe.SizeOf<T>();
        byte[] valueBytes = _mapped.Bytes.AsSpan(offset, size).ToArray();
        if (!BitConverter.IsLittleEndian)
            Array.Reverse(valueBytes);
        T expected = reference(valueBytes);
        if (!MemoryMarshal.AsBytes(new ReadOnlySpan<T>(in expected)).SequenceEqual(MemoryMarshal.AsBytes(new ReadOnlySpan<T>(in actual))))
            Assert.Fail($"{what}: expected {expected}, got {actual}.");
    }
}
