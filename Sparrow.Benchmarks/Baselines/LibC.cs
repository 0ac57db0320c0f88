using System.Runtime.InteropServices;

namespace Sparrow.Benchmarks.Baselines;

/// <summary>libc's memcmp, the native yardstick.</summary>
internal static unsafe class LibC
{
    // PERF: SuppressGCTransition drops the cooperative/preemptive GC mode switch (~5-10 ns per call),
    // which memcmp (short, never blocks, never calls back) does not need: this is the fastest way
    // managed code can reach it, so memcmp is measured at its best, not handicapped by marshalling.
    [DllImport("libc", EntryPoint = "memcmp", ExactSpelling = true)]
    [SuppressGCTransition]
    public static extern int Memcmp(byte* p1, byte* p2, nuint size);
}
