using System.IO.MemoryMappedFiles;
using Microsoft.Win32.SafeHandles;

namespace Sparrow.Storage;

/// <summary>
/// A read-only memory map of a whole file, read in place as typed spans: the pages the OS already caches
/// are the data, so reading is a range check and a cast, never a copy.
/// </summary>
/// <remarks>
/// <para>
/// <b>Lifetime.</b> Spans returned by <see cref="AsSpan"/> and <see cref="Cast{T}"/> point into the map: they
/// must not be used after <see cref="Dispose"/>, which unmaps the file (a use then faults like any access to
/// freed native memory). Every member called after <see cref="Dispose"/> throws <see cref="ObjectDisposedException"/>;
/// <see cref="Dispose"/> itself may be called any number of times. A map that is never disposed is never
/// unmapped (there is no finalizer, so the garbage collector cannot unmap it under a span still in use).
/// </para>
/// <para>
/// <b>Threads.</b> Reads from any number of threads at once are safe: nothing changes after <see cref="Open"/>.
/// <see cref="Dispose"/> is not synchronised with reads (a reference count per read is the cost this type
/// exists to avoid): the owner must make sure no thread is reading, or holding a span, when it disposes.
/// A read that starts after <see cref="Dispose"/> has returned throws <see cref="ObjectDisposedException"/>.
/// </para>
/// <para>
/// <b>Sharing.</b> The file is opened with <see cref="FileShare.ReadWrite"/> | <see cref="FileShare.Delete"/>,
/// because an engine maps the data files its own writer keeps open: another handle may write, append to or
/// delete the file while it is mapped. Writes inside <see cref="Length"/> show through the map (it shares the
/// OS page cache); <see cref="Length"/> is fixed at <see cref="Open"/>, so bytes appended later are not in it.
/// A deleted file stays readable until the map is disposed.
/// </para>
/// <para>
/// <b>Truncation.</b> If another process truncates the file while it is mapped, an access to a page that is
/// now past the end of the file raises SIGBUS on Linux and macOS, which terminates the process (the runtime
/// cannot turn it into an exception); on Windows the truncation itself fails while the map exists. The range
/// checks here are against the length at <see cref="Open"/>: they cannot detect a truncation. Files that
/// other writers may shrink must not be mapped.
/// </para>
/// <para>
/// <b>Values.</b> <see cref="Cast{T}"/> and <see cref="Read{T}"/> see the bytes in the machine's byte order
/// (little-endian on x64 and Arm64), at any alignment.
/// </para>
/// </remarks>
public sealed unsafe partial class MappedFile : IDisposable
{
    /// <summary>The value <see cref="_length"/> takes at <see cref="Dispose"/>: every range check then fails.</summary>
    private const long Disposed = -1;

    private MemoryMappedFile? _file;
    private MemoryMappedViewAccessor? _view;
    private byte* _pointer;
    private long _length;
    private ValueStarts _valueStarts;

    private MappedFile(MemoryMappedFile? file, MemoryMappedViewAccessor? view, byte* pointer, long length)
    {
        _file = file;
        _view = view;
        _pointer = pointer;
        _length = length;
        for (int log2Size = 0; log2Size < ValueStarts.Count; log2Size++)
            _valueStarts[log2Size] = Math.Max(length - (1L << log2Size) + 1, 0);
    }

    /// <summary>Maps the whole file at <paramref name="path"/>, read-only.</summary>
    /// <param name="path">The file to map.</param>
    /// <returns>The map; dispose it to unmap the file.</returns>
    /// <exception cref="FileNotFoundException">The file does not exist (as <see cref="File.OpenRead"/>).</exception>
    /// <exception cref="IOException">The file could not be opened or mapped.</exception>
    /// <remarks>An empty file opens with <see cref="Length"/> 0 and maps nothing (the OS cannot map 0 bytes).</remarks>
    public static MappedFile Open(string path)
    {
        SafeFileHandle handle = File.OpenHandle(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete);
        MemoryMappedFile? file = null;
        MemoryMappedViewAccessor? view = null;
        try
        {
            long length = RandomAccess.GetLength(handle);
            if (length == 0)
            {
                handle.Dispose();
                return new MappedFile(null, null, null, 0);
            }

            // The map owns the handle from here on (leaveOpen: false) and closes it when disposed.
            file = MemoryMappedFile.CreateFromFile(handle, null, length, MemoryMappedFileAccess.Read, HandleInheritability.None, leaveOpen: false);
            view = file.CreateViewAccessor(0, length, MemoryMappedFileAccess.Read);

            // PERF: the pointer is acquired once for the life of the map. MemoryMappedViewAccessor takes and
            // releases a reference on its handle around every read; holding one reference here instead keeps the
            // mapping alive until Dispose, and a read is a range check and a load.
            byte* pointer = null;
            view.SafeMemoryMappedViewHandle.AcquirePointer(ref pointer);
            // The view starts at the page boundary at or below the requested offset.
            return new MappedFile(file, view, pointer + view.PointerOffset, length);
        }
        catch
        {
            view?.Dispose();
            if (file is null)
                handle.Dispose();
            else
                file.Dispose();
            throw;
        }
    }

    /// <summary>The length of the file, in bytes, when it was opened.</summary>
    /// <exception cref="ObjectDisposedException">The map has been disposed.</exception>
    public long Length
    {
        get
        {
            long length = _length;
            ObjectDisposedException.ThrowIf(length == Disposed, this);
            return length;
        }
    }

    /// <summary>
    /// Unmaps the file and closes it. Idempotent; spans obtained before must not be used after, and no
    /// other thread may be reading (see the remarks on <see cref="MappedFile"/>).
    /// </summary>
    public void Dispose()
    {
        // From here on every range check fails, and the throw path reports the disposal.
        _length = Disposed;
        _valueStarts = default;
        MemoryMappedViewAccessor? view = Interlocked.Exchange(ref _view, null);
        if (view is null)
            return;
        _pointer = null;
        view.SafeMemoryMappedViewHandle.ReleasePointer();
        view.Dispose();
        _file!.Dispose();
        _file = null;
    }
}
