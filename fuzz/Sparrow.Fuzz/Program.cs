using Sparrow.Fuzz;
using System.Runtime.InteropServices;
using SharpFuzz;

// The AFL++ executable (see fuzz/run.sh):
//   Sparrow.Fuzz <target>                 under afl-fuzz: SharpFuzz's fork-server loop over the target
//   Sparrow.Fuzz <target> <file>...       runs the target once on each file (a crash reproduced outside AFL++)
// A mismatch with the reference is an uncaught FuzzMismatchException, a read or write past the input a SIGSEGV on
// a guard page: both are crashes to AFL++.
if (args.Length == 0 || FuzzTargets.Find(args[0]) is not { } target)
{
    Console.Error.WriteLine($"usage: Sparrow.Fuzz <target> [file...]; targets: {string.Join(", ", FuzzTargets.All.Select(t => t.Name))}");
    return 2;
}

if (args.Length > 1)
{
    // The instrumented libraries count branches into AFL++'s shared memory; outside AFL++ give them a map of their own.
    unsafe
    {
        if (SharpFuzz.Common.Trace.SharedMem == null)
            SharpFuzz.Common.Trace.SharedMem = (byte*)NativeMemory.AllocZeroed(1 << 16);
    }
    foreach (string file in args[1..])
    {
        target.Run(File.ReadAllBytes(file));
        Console.WriteLine($"{target.Name}: {file} passed");
    }
    return 0;
}

// One buffer for every execution: the input is read into it, grown when an input is longer.
byte[] buffer = new byte[1 << 16];
Fuzzer.OutOfProcess.Run(stream =>
{
    int length = 0;
    int read;
    while ((read = stream.Read(buffer, length, buffer.Length - length)) > 0)
    {
        length += read;
        if (length == buffer.Length)
            Array.Resize(ref buffer, buffer.Length * 2);
    }
    target.Run(buffer.AsSpan(0, length));
});
return 0;
