using System.Buffers;
using Sparrow.Storage;

namespace Sparrow.Tests;

internal delegate OperationStatus DecodeFunction(ReadOnlySpan<byte> source, Span<uint> destination, out int bytesConsumed, out int valuesWritten);

/// <summary>A way into the bulk decoder: the public method, or one path's class called directly.</summary>
internal sealed record DecodePath(string Name, DecodeFunction Function);

/// <summary>
/// Every bulk-decode path this machine can run. Each path's class is called directly, so the scalar path is
/// proven on an AVX-512 machine too, where the public method never reaches it.
/// </summary>
internal static class VarIntPaths
{
    public static readonly DecodePath[] Decode =
    [
        new("VarInt.Decode", VarInt.Decode),
        new("VarIntScalar.Decode", VarIntScalar.Decode),
        .. VarIntVector128.IsSupported ? [new DecodePath("VarIntVector128.Decode", VarIntVector128.Decode)] : Array.Empty<DecodePath>(),
        .. VarIntAvx512.IsSupported ? [new DecodePath("VarIntAvx512.Decode", VarIntAvx512.Decode)] : Array.Empty<DecodePath>(),
    ];

    public static TheoryData<string> DecodeNames => new(Decode.Select(p => p.Name));

    public static DecodePath DecodeNamed(string name) => Decode.Single(p => p.Name == name);
}
