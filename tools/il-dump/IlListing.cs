using System.Globalization;

namespace IlDump;

// One IL instruction as ilspycmd prints it (IL_0012: ldind.i8); Line is shown under a FAIL.
internal sealed record IlInstruction(int Offset, string OpCode, string Operand, string Line)
{
    // The offsets a branch or switch jumps to.
    public IEnumerable<int> Targets() =>
        OpCode == "switch" || OpCode.StartsWith('b') || OpCode.StartsWith("leave", StringComparison.Ordinal)
            ? IlListing.LabelPattern().Matches(Operand).Select(m => IlListing.ParseLabel(m.Value)) : [];
}

internal sealed record IlField(string Name, string Type, bool IsInitOnly);

// A type declared in the listing (nested types as Outer/Inner); Generic holds a generic type's parameter names.
internal sealed record IlType(string FullName, string Generic, string BaseType, List<IlField> Fields)
{
    public bool IsValueType => BaseType is "System.ValueType" or "System.Enum";
}

// A method of the listing: its key, whether it is aggressiveinlining (its body counts as its callers') or noinlining, its text and instructions.
internal sealed partial class IlMethod(IlListing listing, MethodKey key, bool aggressiveInlining, bool noInlining, IReadOnlyList<string> lines, IReadOnlyList<IlInstruction> instructions)
{
    public IlListing Listing => listing;
    public MethodKey Key => key;
    public bool AggressiveInlining => aggressiveInlining;
    public bool NoInlining => noInlining;
    public IReadOnlyList<IlInstruction> Instructions => instructions;

    // The method as listed, header to closing brace, less the indentation of its nesting and the RVA comment (it moves with every change).
    public IReadOnlyList<string> Lines => lines;
    public string Text => string.Join('\n', lines) + "\n";

    // The parameter types as a call operand spells them: the method's own type parameters by position (!!0).
    public string CallSignature { get; } = IlText.GenericList(key.Generic).Select((name, i) => (name, i))
        .Aggregate(IlText.WithoutSpaces(string.Join(",", key.Parameters)), (s, p) => Regex.Replace(s, $@"!!{Regex.Escape(p.name)}\b", $"!!{p.i}"));

    // The IL body's length in bytes, from ilspycmd's "// Code size: N" line (null when the listing has none).
    public int? CodeSize => lines.Select(l => CodeSizePattern().Match(l)).FirstOrDefault(m => m.Success) is { } match ? int.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture) : null;

    public override string ToString() => Key.ToString();

    [GeneratedRegex(@"// Code size:? (\d+)")]
    private static partial Regex CodeSizePattern();
}

// The IL listing of one assembly as printed by ilspycmd -il, cut into types and methods.
internal sealed partial class IlListing
{
    private readonly Dictionary<string, IlType> _types = new(StringComparer.Ordinal);
    private readonly List<IlMethod> _methods = [];

    // The assembly's simple name (from the listing's first line, // IL code: Name).
    public required string AssemblyName { get; init; }
    public IReadOnlyList<IlMethod> Methods => _methods;
    public IlType? FindType(string fullName) => _types.GetValueOrDefault(fullName);

    // The methods key names (ignoring spaces), with the type arguments it closes a generic method with.
    public IEnumerable<(IlMethod Method, TypeArguments Arguments)> FindMethods(MethodKey key) =>
        _methods.Select(m => (m, m.Key == key ? TypeArguments.None : key.Closes(m.Key))).Where(f => f.Item2 is not null)!;

    public static IlListing Parse(string text, string fallbackAssemblyName)
    {
        string[] lines = text.ReplaceLineEndings("\n").Split('\n');
        var listing = new IlListing { AssemblyName = lines[0].StartsWith("// IL code: ", StringComparison.Ordinal) ? lines[0][12..].Trim() : fallbackAssemblyName };
        var frames = new Stack<string?>(); // the enclosing { } blocks outside methods: a class's full name, or null for another block
        List<string>? header = null, body = null;
        int depth = 0;
        foreach (string raw in lines.Select(l => l.TrimEnd()))
        {
            string line = raw.Trim();
            if (body is not null)
            {
                body.Add(raw);
                depth += line == "{" ? 1 : line.StartsWith('}') ? -1 : 0;
                if (depth == 0)
                {
                    listing.AddMethod(frames.FirstOrDefault(f => f is not null), body);
                    body = null;
                }
            }
            else if (header is not null)
            {
                header.Add(raw);
                if (line == "{" && header[0].TrimStart().StartsWith(".method", StringComparison.Ordinal))
                    (header, body, depth) = (null, header, 1);
                else if (line == "{")
                {
                    frames.Push(listing.AddType(frames.FirstOrDefault(f => f is not null), string.Join(' ', header.SkipLast(1))));
                    header = null;
                }
            }
            else if (line.StartsWith(".class ", StringComparison.Ordinal) || line.StartsWith(".method ", StringComparison.Ordinal))
                header = [raw];
            else if (line == "{")
                frames.Push(null);
            else if (line.StartsWith('}'))
                frames.TryPop(out _);
            else if (line.StartsWith(".field ", StringComparison.Ordinal) && frames.TryPeek(out string? owner) && owner is not null)
                listing.AddField(owner, IlText.SplitTopLevel(line));
        }

        return listing;
    }

    private string AddType(string? outer, string header)
    {
        List<string> tokens = IlText.SplitTopLevel(header);
        int end = tokens.FindIndex(t => t is "extends" or "implements");
        string baseType = end >= 0 && tokens[end] == "extends" && end + 1 < tokens.Count ? IlText.NormalizeType(tokens[end + 1]) : "";
        (string name, string generic) = IlText.SplitGeneric(tokens[(end < 0 ? tokens.Count : end) - 1]);
        string fullName = outer is null ? name : $"{outer}/{name}";
        _types[fullName] = new IlType(fullName, GenericParameterNames(generic), baseType, []);
        return fullName;
    }

    private static readonly HashSet<string> FieldAttributes = ["public", "private", "family", "assembly", "famandassem", "famorassem", "privatescope",
        "static", "initonly", "literal", "notserialized", "specialname", "rtspecialname", "hasfieldrva"];

    // .field private static initonly uint8[] Squares   /   ... '<Value>k__BackingField' at I_0000
    private void AddField(string owner, List<string> tokens)
    {
        int last = (tokens.IndexOf("at") is > 0 and var at ? at : tokens.Count) - 1, typeStart = tokens.FindIndex(1, t => !FieldAttributes.Contains(t));
        if (typeStart >= 0 && typeStart < last)
            _types[owner].Fields.Add(new IlField(IlText.Unquote(tokens[last]), IlText.NormalizeType(string.Join(' ', tokens[typeStart..last])), tokens.Contains("initonly")));
    }

    // .method public hidebysig static int32 Pick<T> (int32 x) cil managed aggressiveinlining (or noinlining), then the body to its closing brace.
    private void AddMethod(string? owner, List<string> body)
    {
        List<string> tokens = IlText.SplitTopLevel(string.Join(' ', body.TakeWhile(l => l.Trim() != "{")));
        int parameterIndex = Enumerable.Range(1, Math.Max(0, tokens.Count - 2)).LastOrDefault(
            i => tokens[i].StartsWith('(') && tokens[i + 1] is "cil" or "runtime" or "native" or "managed" or "unmanaged");
        if (owner is null || parameterIndex < 1)
            return;
        (string name, string generic) = IlText.SplitGeneric(tokens[parameterIndex - 1]);
        List<string> parameters = [.. IlText.SplitTopLevel(tokens[parameterIndex][1..^1], ',').Select(IlText.NormalizeParameter)];
        List<IlInstruction> instructions = [.. body.Select(l => InstructionPattern().Match(l.Trim())).Where(m => m.Success)
            .Select(m => new IlInstruction(ParseLabel("IL_" + m.Groups[1].Value), m.Groups[2].Value, m.Groups[3].Value.Trim(), m.Value))];
        int indent = body[0].Length - body[0].TrimStart().Length;
        List<string> lines = [.. body.Where(l => !l.TrimStart().StartsWith("// Method begins at RVA", StringComparison.Ordinal))
            .Select(l => l.Length >= indent && l[..indent].Trim().Length == 0 ? l[indent..] : l.TrimStart())];
        _methods.Add(new IlMethod(this, new MethodKey(owner, name, GenericParameterNames(generic), parameters),
            tokens.Skip(parameterIndex).Contains("aggressiveinlining"), tokens.Skip(parameterIndex).Contains("noinlining"), lines, instructions));
    }

    // <valuetype .ctor ([System.Runtime]System.ValueType) T, U> → <T, U>; "" → "".
    private static string GenericParameterNames(string list) =>
        list.Length == 0 ? "" : "<" + string.Join(", ", IlText.GenericList(list).Select(p => IlText.Unquote(IlText.SplitTopLevel(p)[^1]))) + ">";

    public static int ParseLabel(string label) => int.Parse(label.AsSpan(3), NumberStyles.HexNumber, CultureInfo.InvariantCulture);
    [GeneratedRegex(@"^IL_([0-9a-fA-F]+):\s*(\S+)\s*(.*)$")] private static partial Regex InstructionPattern();
    [GeneratedRegex(@"IL_[0-9a-fA-F]+")] internal static partial Regex LabelPattern();
}
