namespace TestRunner;

/// <summary>The command line: where the TRX files go, and what their names start with.</summary>
internal sealed record Arguments(string Results, string Prefix)
{
    public static Arguments? Parse(string[] args)
    {
        string? results = null;
        string prefix = "runner";
        for (int i = 0; i + 1 < args.Length; i += 2)
        {
            switch (args[i])
            {
                case "--results": results = args[i + 1]; break;
                case "--prefix": prefix = args[i + 1]; break;
                default: return null;
            }
        }

        return results is null || args.Length % 2 != 0 ? null : new Arguments(results, prefix);
    }
}
