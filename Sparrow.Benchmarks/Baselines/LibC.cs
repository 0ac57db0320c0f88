using System.Runtime.InteropServices;

namespace Sparrow.Benchmarks.Baselines;

/// <summary>libc's memcmp, memcpy and memmove, the native yardsticks, and the plain memcpy P/Invoke storage engines once used.</summary>
internal static unsafe class LibC
{
    // PERF: SuppressGCTransition drops the cooperative/preemptive GC mode switch (~5-10 ns per call),
    // which memcmp (short, never blocks, never calls back) does not need: this is the fastest way
    // managed code can reach it, so memcmp is measured at its best, not handicapped by marshalling.
    [DllImport("libc", EntryPoint = "memcmp", ExactSpelling = true)]
    [SuppressGCTransition]
    public static extern int Memcmp(byte* p1, byte* p2, nuint size);

    // PERF: SuppressGCTransition, as for memcmp: memcpy and memmove measured at their best.
    [DllImport("libc", EntryPoint = "memcpy", ExactSpelling = true)]
    [SuppressGCTransition]
    public static extern byte* Memcpy(byte* destination, byte* source, nuint size);

    [DllImport("libc", EntryPoint = "memmove", ExactSpelling = true)]
    [SuppressGCTransition]
    public static extern byte* Memmove(byte* destination, byte* source, nuint size);

    /// <summary>
    /// The historical baseline: memcpy through a plain P/Invoke, GC transition included, as Voron copied every
    /// size before it moved the small copies to managed code (the transition, not memcpy, dominates small copies).
    /// </summary>
    [DllImport("libc", EntryPoint = "memcpy", ExactSpelling = true)]
    public static extern byte* MemcpyWithGCTransition(byte* destination, byte* source, nuint size);
}
