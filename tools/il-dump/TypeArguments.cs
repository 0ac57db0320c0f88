using System.Text.RegularExpressions;

namespace IlDump;

/// <summary>
/// The type arguments a method runs with when inlined from one call site, by parameter name: its own
/// (<c>!!TOperation = valuetype Sparrow.CompareOperation</c>) and its generic declaring type's (<c>!TWord = uint64</c>).
/// Inside its body <c>!!TOperation</c> and <c>!TWord</c> stand for them, so a <c>constrained. !!TOperation</c> call, or a
/// further generic call, can be followed to the code the JIT compiles.
/// </summary>
/// <param name="Text">The bindings as <c>!!Name=Type</c> and <c>!Name=Type</c> pairs separated by <c>;</c> (one string, so equal bindings are equal records).</param>
internal sealed partial record TypeArguments(string Text)
{
    public static readonly TypeArguments None = new("");

    /// <summary>
    /// Binds a method's type parameter names (<c>&lt;TOperation, TResult&gt;</c>, as its key spells them) to the type
    /// arguments of a call (<c>&lt;valuetype Sparrow.CompareOperation, int32&gt;</c>), and its declaring type's
    /// (<c>&lt;TWord&gt;</c>) to the instantiation the call names (<c>&lt;uint64&gt;</c>); <see cref="None"/> when neither is generic.
    /// </summary>
    public static TypeArguments Bind(string methodParameters, string methodArguments, string typeParameters, string typeArguments) =>
        new(string.Join(';', Pairs("!!", methodParameters, methodArguments).Concat(Pairs("!", typeParameters, typeArguments))));

    private static IEnumerable<string> Pairs(string prefix, string parameterNames, string arguments)
    {
        if (parameterNames.Length == 0 || arguments.Length == 0)
            return [];
        List<string> names = IlText.SplitTopLevel(parameterNames[1..^1], ',');
        List<string> types = IlText.SplitTopLevel(arguments[1..^1], ',');
        return names.Count != types.Count ? [] : names.Zip(types, (n, t) => $"{prefix}{n}={t}");
    }

    /// <summary><paramref name="text"/> with every bound <c>!!Name</c> and <c>!Name</c> replaced by its type (positional <c>!!0</c>, <c>!0</c> stay).</summary>
    public string Substitute(string text)
    {
        if (Text.Length == 0)
            return text;
        Dictionary<string, string> bound = Text.Split(';').Select(b => b.Split('=', 2)).ToDictionary(b => b[0], b => b[1]);
        return TypeParameter().Replace(text, m => bound.GetValueOrDefault(m.Value) ?? m.Value);
    }

    [GeneratedRegex(@"!!?[A-Za-z_]\w*")]
    private static partial Regex TypeParameter();
}
