using System.Diagnostics;

namespace IlDump;

/// <summary>The result of a child process: exit code and everything it printed.</summary>
internal sealed record ProcessResult(int ExitCode, string Output, string Error)
{
    /// <summary>The last lines of both streams, for a "could not run" message.</summary>
    public string Tail(int lines = 25) =>
        string.Join('\n', (Output + "\n" + Error).Split('\n', StringSplitOptions.RemoveEmptyEntries).TakeLast(lines));

    /// <summary>This result, or, when the process failed, a "could not run" error saying <paramref name="what"/> failed and how.</summary>
    public ProcessResult OrThrow(string what) => ExitCode == 0 ? this : throw new CouldNotRunException($"{what} failed:\n{Tail()}");
}

internal static class Processes
{
    public static async Task<ProcessResult> RunAsync(string fileName, IEnumerable<string> arguments, string workingDirectory,
        IReadOnlyDictionary<string, string>? environment = null)
    {
        var start = new ProcessStartInfo(fileName)
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string argument in arguments)
            start.ArgumentList.Add(argument);
        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        start.Environment["DOTNET_NOLOGO"] = "1";
        foreach ((string name, string value) in environment ?? new Dictionary<string, string>())
            start.Environment[name] = value;

        using Process process = Process.Start(start) ?? throw new CouldNotRunException($"could not start {fileName}");
        Task<string> output = process.StandardOutput.ReadToEndAsync();
        Task<string> error = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();
        return new ProcessResult(process.ExitCode, await output, await error);
    }

    /// <summary>The dotnet host running this tool (so children use the same runtime), else dotnet from PATH.</summary>
    public static string DotNet =>
        Environment.ProcessPath is { } path && Path.GetFileNameWithoutExtension(path) == "dotnet" ? path : "dotnet";
}
