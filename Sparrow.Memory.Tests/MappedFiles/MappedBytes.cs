using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>Seeded random bytes written to a temporary file and mapped: the reference beside the map under test.</summary>
internal sealed class MappedBytes : IDisposable
{
    private readonly TempFile _file;

    public MappedBytes(int size, int seed)
    {
        Bytes = TempFile.RandomBytes(size, seed);
        _file = TempFile.With(Bytes);
        Map = MappedFile.Open(_file.Path);
    }

    public byte[] Bytes { get; }

    public MappedFile Map { get; }

    public string Path => _file.Path;

    public void Deconstruct(out byte[] bytes, out MappedFile map) => (bytes, map) = (Bytes, Map);

    public void Dispose()
    {
        Map.Dispose();
        _file.Dispose();
    }
}
