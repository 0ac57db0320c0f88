using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Sparrow.Storage;

namespace Sparrow.Tests;

/// <summary>
/// A <see cref="MappedFile"/> placed between two inaccessible pages, so a read one byte before its start or past
/// its last page faults the test process (as <see cref="Testing.GuardedMemory"/> does for native buffers).
/// </summary>
/// <remarks>
/// The map's address is the kernel's choice, and the page after it may be another live mapping. So a
/// PROT_NONE region of the map's pages plus two is reserved, its middle unmapped, and the file mapped: Linux
/// places a new mapping at the top of the highest free gap that fits, which is that hole. If it lands
/// elsewhere (a higher gap fitted, or another thread mapped first), that map is kept until the end, so the
/// next try cannot land there, and the reservation is tried again. qemu-user (the linux-arm64 test run) places
/// mappings itself, bottom-up, after the last one it made: the map lands right after the reservation, whose last
/// page then fences its start, and a PROT_NONE page asked for at its end fences the rest.
/// </remarks>
internal sealed unsafe class FencedMap : IDisposable
{
    private const int ProtNone = 0;
    private const int MapPrivate = 0x02;
    private const int MapAnonymousLinux = 0x20;
    private const int Attempts = 32;

    private readonly byte* _fenceBefore;
    private readonly byte* _fenceAfter;
    private readonly nuint _page;

    private FencedMap(MappedFile map, byte* fenceBefore, byte* fenceAfter, nuint page)
    {
        Map = map;
        _fenceBefore = fenceBefore;
        _fenceAfter = fenceAfter;
        _page = page;
    }

    public MappedFile Map { get; }

    /// <summary>Maps the file at <paramref name="path"/> between two PROT_NONE pages (Linux only).</summary>
    public static FencedMap Open(string path)
    {
        nuint page = (nuint)Environment.SystemPageSize;
        nuint mappedLength = ((nuint)new FileInfo(path).Length + page - 1) & ~(page - 1);
        var misplaced = new List<MappedFile>();
        try
        {
            for (int attempt = 0; attempt < Attempts; attempt++)
            {
                byte* reservation = (byte*)mmap(0, mappedLength + 2 * page, ProtNone, MapPrivate | MapAnonymousLinux, -1, 0);
                if (reservation == (byte*)-1)
                    throw new InvalidOperationException($"mmap failed: errno {Marshal.GetLastPInvokeError()}");
                byte* hole = reservation + page;
                Unmap(hole, mappedLength);

                MappedFile map = MappedFile.Open(path);
                byte* start = Start(map);
                if (start == hole)
                    return new FencedMap(map, reservation, hole + mappedLength, page);
                byte* after = start == hole + mappedLength + page ? FenceAt(start + mappedLength, page) : null;
                if (after != null)
                {
                    Unmap(reservation, page);
                    return new FencedMap(map, hole + mappedLength, after, page);
                }

                misplaced.Add(map);
                Unmap(reservation, page);
                Unmap(hole + mappedLength, page);
            }
            throw new InvalidOperationException($"the file was never mapped into the fenced hole in {Attempts} attempts");
        }
        finally
        {
            misplaced.ForEach(m => m.Dispose());
        }
    }

    public void Dispose()
    {
        Map.Dispose();
        Unmap(_fenceBefore, _page);
        Unmap(_fenceAfter, _page);
    }

    /// <summary>A PROT_NONE page at <paramref name="address"/>, or null (and nothing mapped) when that page is taken.</summary>
    private static byte* FenceAt(byte* address, nuint page)
    {
        // The address is a hint: the OS maps the page there only when it is free (else elsewhere, which is undone).
        byte* fence = (byte*)mmap((nint)address, page, ProtNone, MapPrivate | MapAnonymousLinux, -1, 0);
        if (fence == (byte*)-1)
            throw new InvalidOperationException($"mmap failed: errno {Marshal.GetLastPInvokeError()}");
        if (fence == address)
            return fence;
        Unmap(fence, page);
        return null;
    }

    private static byte* Start(MappedFile map) => (byte*)Unsafe.AsPointer(ref MemoryMarshal.GetReference(map.AsSpan(0, 0)));

    private static void Unmap(byte* address, nuint length)
    {
        if (munmap((nint)address, length) != 0)
            throw new InvalidOperationException($"munmap failed: errno {Marshal.GetLastPInvokeError()}");
    }

    [DllImport("libc", SetLastError = true)]
    private static extern nint mmap(nint addr, nuint length, int prot, int flags, int fd, nint offset);

    [DllImport("libc", SetLastError = true)]
    private static extern int munmap(nint addr, nuint length);
}
