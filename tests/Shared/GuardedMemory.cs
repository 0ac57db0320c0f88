using System.Runtime.InteropServices;

namespace Sparrow.Testing;

/// <summary>
/// Native memory fenced by inaccessible pages: <c>[PROT_NONE][data pages][PROT_NONE]</c>.
/// A primitive that reads or writes one byte outside the range it was given faults the
/// test process (SIGSEGV), which no <c>try</c> can hide, so a passing run proves the bounds.
/// </summary>
public sealed unsafe class GuardedMemory : IDisposable
{
    private const int ProtNone = 0;
    private const int ProtReadWrite = 1 | 2;
    private const int MapPrivate = 0x02;

    private static readonly int MapAnonymous = OperatingSystem.IsMacOS() ? 0x1000 : 0x20;

    private readonly byte* _mapping;
    private readonly nuint _mappingLength;

    /// <summary>First byte of the accessible region; the page before it is inaccessible.</summary>
    public byte* Start { get; }

    /// <summary>One past the last accessible byte; the page at this address is inaccessible.</summary>
    public byte* End { get; }

    public int Capacity { get; }

    public GuardedMemory(int capacity)
    {
        if (!OperatingSystem.IsLinux() && !OperatingSystem.IsMacOS())
            throw new PlatformNotSupportedException("Guard-page tests need mmap/mprotect (Linux or macOS).");

        int page = Environment.SystemPageSize;
        int dataPages = Math.Max(1, (capacity + page - 1) / page);
        _mappingLength = (nuint)((dataPages + 2) * page);
        nint mapped = mmap(0, _mappingLength, ProtReadWrite, MapPrivate | MapAnonymous, -1, 0);
        if (mapped == -1)
            throw new InvalidOperationException($"mmap failed: errno {Marshal.GetLastPInvokeError()}");
        _mapping = (byte*)mapped;
        Protect(_mapping, (nuint)page);
        Protect(_mapping + (dataPages + 1) * page, (nuint)page);
        Start = _mapping + page;
        End = Start + dataPages * page;
        Capacity = dataPages * page;
    }

    /// <summary>A pointer to <paramref name="size"/> bytes whose last byte is the last accessible one.</summary>
    public byte* EndingAtGuard(int size) => End - size;

    /// <summary>The first accessible byte, right after the leading guard page.</summary>
    public byte* StartingAfterGuard => Start;

    public Span<byte> AsSpan() => new(Start, Capacity);

    public void Dispose() => munmap((nint)_mapping, _mappingLength);

    private static void Protect(byte* address, nuint length)
    {
        if (mprotect((nint)address, length, ProtNone) != 0)
            throw new InvalidOperationException($"mprotect failed: errno {Marshal.GetLastPInvokeError()}");
    }

    [DllImport("libc", SetLastError = true)]
    private static extern nint mmap(nint addr, nuint length, int prot, int flags, int fd, nint offset);

    [DllImport("libc", SetLastError = true)]
    private static extern int mprotect(nint addr, nuint length, int prot);

    [DllImport("libc", SetLastError = true)]
    private static extern int munmap(nint addr, nuint length);
}
