using System.Text.RegularExpressions;

namespace IlDump;

/// <summary>
/// The type arguments of a generic method as inlined from one call site, by parameter name
/// (<c>TOperation = valuetype Sparrow.CompareOperation</c>): inside its body <c>!!TOperation</c> stands for them, so a
/// <c>constrained. !!TOperation</c> call, or a further generic call, can be followed to the code the JIT compiles.
/// </summary>
/// <param name="Text">The bindings as <c>Name=Type</c> pairs separated by <c>;</c> (one string, so equal bindings are equal records).</param>
internal sealed partial record TypeArguments(string Text)
{
    public static readonly TypeArguments None = new("");

    /// <summary>
    /// Binds a method's type parameter names (<c>&lt;TOperation, TResult&gt;</c>, as its key spells them) to the type
    /// arguments of a call (<c>&lt;valuetype Sparrow.CompareOperation, int32&gt;</c>); <see cref="None"/> for a non-generic call.
    /// </summary>
    public static TypeArguments Bind(string parameterNames, string arguments)
    {
        if (parameterNames.Length == 0 || arguments.Length == 0)
            return None;
        List<string> names = IlText.SplitTopLevel(parameterNames[1..^1], ',');
        List<string> types = IlText.SplitTopLevel(arguments[1..^1], ',');
        return names.Count != types.Count ? None : new(string.Join(';', names.Zip(types, (n, t) => $"{n}={t}")));
    }

    /// <summary><paramref name="text"/> with every bound <c>!!Name</c> replaced by its type (positional <c>!!0</c> stays).</summary>
    public string Substitute(string text)
    {
        if (Text.Length == 0)
            return text;
        Dictionary<string, string> bound = Text.Split(';').Select(b => b.Split('=', 2)).ToDictionary(b => b[0], b => b[1]);
        return MethodTypeParameter().Replace(text, m => bound.GetValueOrDefault(m.Groups[1].Value) ?? m.Value);
    }

    [GeneratedRegex(@"!!([A-Za-z_]\w*)")]
    private static partial Regex MethodTypeParameter();
}
