using System.Reflection;
using System.Runtime.CompilerServices;
using PublicApiGenerator;
using Sparrow.Storage;

namespace Sparrow.PublicApi.Tests;

/// <summary>
/// Each library's public API, as PublicApiGenerator writes it from the built assembly, must equal the approved file
/// <c>approved/&lt;Assembly&gt;.txt</c>: a public change (added, removed or changed) is then a reviewed diff of that
/// file, never an accident. On a mismatch the test writes <c>approved/&lt;Assembly&gt;.received.txt</c> (git-ignored)
/// beside it and fails, saying how to accept the change; the approach of nietras/Sep's public API test.
/// </summary>
public sealed class PublicApiTest
{
    public static TheoryData<string> Libraries => ["Sparrow.Memory", "Sparrow.Formatting"];

    [Theory]
    [MemberData(nameof(Libraries))]
    public void Public_API_is_the_approved_one(string library)
    {
        Assembly assembly = library switch
        {
            "Sparrow.Memory" => typeof(Bytes).Assembly,
            "Sparrow.Formatting" => typeof(Formatting.Etag).Assembly,
            _ => throw new ArgumentOutOfRangeException(nameof(library), library, "not a Sparrow library"),
        };
        Assert.Equal(library, assembly.GetName().Name);

        // The attributes that only say how the assembly was built (its version, target framework, InternalsVisibleTo)
        // are left out: the file is the API a caller compiles against.
        string received = assembly.GeneratePublicApi(new ApiGeneratorOptions
        {
            ExcludeAttributes =
            [
                "System.Runtime.Versioning.TargetFrameworkAttribute",
                "System.Reflection.AssemblyMetadataAttribute",
                "System.Runtime.CompilerServices.InternalsVisibleToAttribute",
            ],
        }).ReplaceLineEndings("\n").TrimEnd('\n') + "\n";

        string directory = Path.Combine(Path.GetDirectoryName(SourcePath())!, "approved");
        string approvedPath = Path.Combine(directory, library + ".txt");
        string receivedPath = Path.Combine(directory, library + ".received.txt");
        string approved = File.Exists(approvedPath) ? File.ReadAllText(approvedPath).ReplaceLineEndings("\n") : "";
        if (approved == received)
        {
            File.Delete(receivedPath);
            return;
        }

        File.WriteAllText(receivedPath, received);
        Assert.Fail($"{library}'s public API differs from {Relative(approvedPath)} ({FirstDifference(approved, received)}). " +
            $"The API it has now is in {Relative(receivedPath)}. If the change is intended, accept it: " +
            $"`cp {Relative(receivedPath)} {Relative(approvedPath)}` and commit the approved file with the change.");
    }

    /// <summary>The first line where the approved and received files differ, both sides shown.</summary>
    private static string FirstDifference(string approved, string received)
    {
        string[] a = approved.Split('\n'), r = received.Split('\n');
        int i = 0;
        while (i < a.Length && i < r.Length && a[i] == r[i])
            i++;
        string Line(string[] lines) => i < lines.Length ? $"'{lines[i].Trim()}'" : "(end of file)";
        return $"line {i + 1}: approved {Line(a)}, received {Line(r)}";
    }

    /// <summary>A path relative to the repository root (two levels above this project), as the commands in the message run there.</summary>
    private static string Relative(string path) =>
        Path.GetRelativePath(Path.GetFullPath(Path.Combine(Path.GetDirectoryName(SourcePath())!, "..", "..")), path);

    private static string SourcePath([CallerFilePath] string path = "") => path;
}
