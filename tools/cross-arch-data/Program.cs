using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using CrossArchData;

// Writes the cross-architecture values file: seeded inputs, and what Sparrow computes for them on this (x64) machine.
// The tests check every line wherever they run, so an ARM64 run that differs in any value fails. Re-run it when a
// case is added or a result is meant to change (then review the diff), from the repository root:
//   dotnet run -c Release --project tools/cross-arch-data            (writes tests/Shared/CrossArchitecture/values.txt)
if (RuntimeInformation.ProcessArchitecture != Architecture.X64)
{
    Console.Error.WriteLine($"cross-arch-data: the expected values are produced on x64; this is {RuntimeInformation.ProcessArchitecture}.");
    return 2;
}

string path = args.Length > 0 ? args[0] : Path.GetFullPath(Path.Combine(SourceDirectory(), "../../tests/Shared/CrossArchitecture/values.txt"));
string[] lines = [.. Cases.Header(), .. Cases.Compare(), .. Cases.VarInt32(), .. Cases.VarInt64(), .. Cases.Crc32C(), .. Cases.Etag(), .. Cases.Timestamp()];
File.WriteAllLines(path, lines);
Console.WriteLine($"{lines.Length} lines written to {path}");
return 0;

static string SourceDirectory([CallerFilePath] string file = "") => Path.GetDirectoryName(file)!;
