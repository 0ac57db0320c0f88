using System.Globalization;
using System.Text.RegularExpressions;

namespace IlDump;

/// <summary>One IL instruction as ilspycmd prints it (<c>IL_0012: ldind.i8</c>); <paramref name="Line"/> is shown under a FAIL.</summary>
internal sealed record IlInstruction(int Offset, string OpCode, string Operand, string Line)
{
    /// <summary>The offsets a branch or switch jumps to.</summary>
    public IEnumerable<int> Targets() =>
        OpCode == "switch" || OpCode.StartsWith('b') || OpCode.StartsWith("leave", StringComparison.Ordinal)
            ? IlListing.LabelPattern().Matches(Operand).Select(m => IlListing.ParseLabel(m.Value))
            : [];
}

internal sealed record IlField(string Name, string Type, bool IsInitOnly);

/// <summary>A type declared in the listing (nested types as <c>Outer/Inner</c>); <paramref name="Generic"/> holds a generic type's parameter names.</summary>
internal sealed record IlType(string FullName, string Generic, string BaseType, List<IlField> Fields)
{
    public bool IsValueType => BaseType is "System.ValueType" or "System.Enum";
}

/// <summary>A method of the listing: its key, whether it is aggressiveinlining (its body counts as its callers'), its text and instructions.</summary>
internal sealed class IlMethod(IlListing listing, MethodKey key, bool aggressiveInlining, IReadOnlyList<string> lines, IReadOnlyList<IlInstruction> instructions)
{
    public IlListing Listing => listing;
    public MethodKey Key => key;
    public bool AggressiveInlining => aggressiveInlining;
    public IReadOnlyList<IlInstruction> Instructions => instructions;

    /// <summary>The method as listed, header to closing brace, less the indentation of its nesting and the RVA comment (it moves with every change).</summary>
    public IReadOnlyList<string> Lines => lines;
    public string Text => string.Join('\n', lines) + "\n";

    /// <summary>The parameter types as a call operand spells them: the method's own type parameters by position (<c>!!0</c>).</summary>
    public string CallSignature { get; } = IlText.GenericList(key.Generic).Select((name, i) => (name, i))
        .Aggregate(IlText.WithoutSpaces(string.Join(",", key.Parameters)), (s, p) => Regex.Replace(s, $@"!!{Regex.Escape(p.name)}\b", $"!!{p.i}"));

    public override string ToString() => Key.ToString();
}

/// <summary>The IL listing of one assembly as printed by <c>ilspycmd -il</c>, cut into types and methods.</summary>
internal sealed partial class IlListing
{
    private readonly Dictionary<string, IlType> _types = new(StringComparer.Ordinal);
    private readonly List<IlMethod> _methods = [];

    /// <summary>The assembly's simple name (from the listing's first line, <c>// IL code: Name</c>).</summary>
    public required string AssemblyName { get; init; }
    public IReadOnlyList<IlMethod> Methods => _methods;
    public IlType? FindType(string fullName) => _types.GetValueOrDefault(fullName);

    /// <summary>The methods <paramref name="key"/> names (ignoring spaces), with the type arguments it closes a generic method with.</summary>
    public IEnumerable<(IlMethod Method, TypeArguments Arguments)> FindMethods(MethodKey key) =>
        _methods.Select(m => (m, m.Key == key ? TypeArguments.None : key.Closes(m.Key))).Where(f => f.Item2 is not null)!;

    private enum Kind { Class, Method, Other }

    private sealed record Frame(Kind Kind, string Name, string Header, List<string> Body);

    public static IlListing Parse(string text, string fallbackAssemblyName)
    {
        string[] lines = text.ReplaceLineEndings("\n").Split('\n');
        const string Title = "// IL code: ";
        var listing = new IlListing { AssemblyName = lines[0].StartsWith(Title, StringComparison.Ordinal) ? lines[0][Title.Length..].Trim() : fallbackAssemblyName };
        var frames = new Stack<Frame>();
        List<string>? header = null;
        Kind headerKind = Kind.Other;
        foreach (string raw in lines)
        {
            string line = raw.Trim();
            Frame? method = frames.FirstOrDefault(f => f.Kind == Kind.Method);
            method?.Body.Add(raw.TrimEnd());
            if (header is not null && line != "{")
                header.Add(raw.TrimEnd());
            else if (header is not null)
            {
                string joined = string.Join(' ', header);
                frames.Push(headerKind == Kind.Class ? new Frame(Kind.Class, listing.AddType(frames, joined), joined, []) : new Frame(Kind.Method, "", joined, [.. header, raw.TrimEnd()]));
                header = null;
            }
            else if (method is null && (line.StartsWith(".class ", StringComparison.Ordinal) || line.StartsWith(".method ", StringComparison.Ordinal)))
                (header, headerKind) = ([raw.TrimEnd()], line.StartsWith(".class", StringComparison.Ordinal) ? Kind.Class : Kind.Method);
            else if (line == "{")
                frames.Push(new Frame(Kind.Other, "", "", []));
            else if (line.StartsWith('}') && frames.TryPop(out Frame? closed))
            {
                if (closed.Kind == Kind.Method)
                    listing.AddMethod(frames, closed);
                else if (closed.Kind == Kind.Class)
                    listing.AddFields(closed);
            }
            else if (method is null && line.StartsWith(".field ", StringComparison.Ordinal) && frames.TryPeek(out Frame? owner) && owner.Kind == Kind.Class)
                owner.Body.Add(line);
        }

        return listing;
    }

    private string AddType(Stack<Frame> frames, string header)
    {
        List<string> tokens = IlText.SplitTopLevel(header);
        int end = tokens.FindIndex(t => t is "extends" or "implements");
        string baseType = end >= 0 && tokens[end] == "extends" && end + 1 < tokens.Count ? IlText.NormalizeType(tokens[end + 1]) : "";
        (string name, string generic) = IlText.SplitGeneric(tokens[(end < 0 ? tokens.Count : end) - 1]);
        string fullName = frames.FirstOrDefault(f => f.Kind == Kind.Class) is { } outer ? $"{outer.Name}/{name}" : name;
        _types[fullName] = new IlType(fullName, GenericParameterNames(generic), baseType, []);
        return fullName;
    }

    private static readonly HashSet<string> FieldAttributes =
    [
        "public", "private", "family", "assembly", "famandassem", "famorassem", "privatescope",
        "static", "initonly", "literal", "notserialized", "specialname", "rtspecialname", "hasfieldrva",
    ];

    private void AddFields(Frame type)
    {
        // .field private static initonly uint8[] Squares   /   ... '<Value>k__BackingField' at I_0000
        foreach (List<string> tokens in type.Body.Select(line => IlText.SplitTopLevel(line)))
        {
            int last = (tokens.IndexOf("at") is > 0 and var at ? at : tokens.Count) - 1;
            int typeStart = tokens.FindIndex(1, t => !FieldAttributes.Contains(t));
            if (typeStart >= 0 && typeStart < last)
                _types[type.Name].Fields.Add(new IlField(IlText.Unquote(tokens[last]), IlText.NormalizeType(string.Join(' ', tokens[typeStart..last])), tokens.Contains("initonly")));
        }
    }

    private void AddMethod(Stack<Frame> frames, Frame method)
    {
        // .method public hidebysig static int32 Pick<T> (int32 x) cil managed aggressiveinlining
        List<string> tokens = IlText.SplitTopLevel(method.Header);
        int parameterIndex = Enumerable.Range(1, Math.Max(0, tokens.Count - 2)).LastOrDefault(
            i => tokens[i].StartsWith('(') && tokens[i + 1] is "cil" or "runtime" or "native" or "managed" or "unmanaged");
        if (frames.FirstOrDefault(f => f.Kind == Kind.Class) is not { } owner || parameterIndex < 1)
            return;
        (string name, string generic) = IlText.SplitGeneric(tokens[parameterIndex - 1]);
        List<string> parameters = [.. IlText.SplitTopLevel(tokens[parameterIndex][1..^1], ',').Select(IlText.NormalizeParameter)];
        List<IlInstruction> instructions = [.. method.Body.Select(l => InstructionPattern().Match(l.Trim())).Where(m => m.Success)
            .Select(m => new IlInstruction(ParseLabel("IL_" + m.Groups[1].Value), m.Groups[2].Value, m.Groups[3].Value.Trim(), m.Value))];
        int indent = method.Body[0].Length - method.Body[0].TrimStart().Length;
        List<string> lines = [.. method.Body.Where(l => !l.TrimStart().StartsWith("// Method begins at RVA", StringComparison.Ordinal))
            .Select(l => l.Length >= indent && l[..indent].Trim().Length == 0 ? l[indent..] : l.TrimStart())];
        _methods.Add(new IlMethod(this, new MethodKey(owner.Name, name, GenericParameterNames(generic), parameters),
            tokens.Skip(parameterIndex).Contains("aggressiveinlining"), lines, instructions));
    }

    /// <summary><c>&lt;valuetype .ctor ([System.Runtime]System.ValueType) T, U&gt;</c> → <c>&lt;T, U&gt;</c>; "" → "".</summary>
    private static string GenericParameterNames(string list) =>
        list.Length == 0 ? "" : "<" + string.Join(", ", IlText.GenericList(list).Select(p => IlText.Unquote(IlText.SplitTopLevel(p)[^1]))) + ">";

    public static int ParseLabel(string label) => int.Parse(label.AsSpan(3), NumberStyles.HexNumber, CultureInfo.InvariantCulture);
    [GeneratedRegex(@"^IL_([0-9a-fA-F]+):\s*(\S+)\s*(.*)$")]
    private static partial Regex InstructionPattern();
    [GeneratedRegex(@"IL_[0-9a-fA-F]+")]
    internal static partial Regex LabelPattern();
}
