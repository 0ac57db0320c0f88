using System.Globalization;
using System.Text.RegularExpressions;

namespace IlDump;

/// <summary>One IL instruction of a method body as ilspycmd prints it (<c>IL_0012: ldind.i8</c>).</summary>
/// <param name="Offset">The IL offset.</param>
/// <param name="OpCode">The opcode (<c>ldind.i8</c>, <c>call</c>, <c>switch</c>).</param>
/// <param name="Operand">The operand text, empty when there is none.</param>
/// <param name="Line">The instruction line without indentation, as shown under a FAIL.</param>
internal sealed record IlInstruction(int Offset, string OpCode, string Operand, string Line)
{
    /// <summary>The offsets a branch or switch jumps to.</summary>
    public IEnumerable<int> Targets() =>
        OpCode == "switch" || OpCode.StartsWith('b') || OpCode.StartsWith("leave", StringComparison.Ordinal)
            ? IlListing.LabelPattern().Matches(Operand).Select(m => IlListing.ParseLabel(m.Value))
            : [];
}

/// <summary>A field declared in the listing.</summary>
internal sealed record IlField(string Name, string Type, bool IsInitOnly);

/// <summary>A type declared in the listing; nested types are named <c>Outer/Inner</c> as IL spells them.</summary>
/// <param name="Generic">A generic type's parameter names (<c>&lt;TWord&gt;</c>), or empty.</param>
internal sealed record IlType(string FullName, string Generic, string BaseType, List<IlField> Fields)
{
    /// <summary>Value types are the ones that extend System.ValueType or System.Enum (read from the metadata).</summary>
    public bool IsValueType => BaseType is "System.ValueType" or "System.Enum";
}

/// <summary>A method of the listing: its identity as the rules file names it, its text and its instructions.</summary>
internal sealed class IlMethod(IlListing listing, MethodKey key, bool aggressiveInlining, IReadOnlyList<string> lines, IReadOnlyList<IlInstruction> instructions)
{
    public IlListing Listing { get; } = listing;

    /// <summary>
    /// The declaring type as IL spells it (<c>Sparrow.Memory</c>, <c>Ns.Outer/Inner</c>, <c>Ns.Box`1</c>), the name, and the
    /// parameter types normalised (<see cref="IlText.NormalizeParameter"/>).
    /// </summary>
    public MethodKey Key { get; } = key;

    /// <summary>Whether the method is marked <c>aggressiveinlining</c>, so its body counts as part of its callers'.</summary>
    public bool AggressiveInlining { get; } = aggressiveInlining;

    /// <summary>The whole method as listed, header to closing brace, less the indentation of its nesting.</summary>
    public IReadOnlyList<string> Lines { get; } = lines;

    public IReadOnlyList<IlInstruction> Instructions { get; } = instructions;

    /// <summary>
    /// The parameter types as a call operand spells them: a generic method's own type parameters by position
    /// (<c>!!0</c>), not by name (<c>!!TChar</c>).
    /// </summary>
    public string CallSignature { get; } = CallSignatureOf(key);

    private static string CallSignatureOf(MethodKey key)
    {
        string signature = string.Join(",", key.Parameters);
        List<string> names = key.Generic.Length == 0 ? [] : IlText.SplitTopLevel(key.Generic[1..^1], ',');
        for (int i = 0; i < names.Count; i++)
            signature = Regex.Replace(signature, $@"!!{Regex.Escape(names[i])}\b", $"!!{i}");
        return IlText.WithoutSpaces(signature);
    }

    public override string ToString() => Key.ToString();
}

/// <summary>
/// The IL listing of one assembly as printed by <c>ilspycmd -il</c>, cut into types and methods.
/// </summary>
internal sealed partial class IlListing
{
    private readonly Dictionary<string, IlType> _types = new(StringComparer.Ordinal);
    private readonly List<IlMethod> _methods = [];

    private IlListing(string assemblyName) => AssemblyName = assemblyName;

    /// <summary>The assembly's simple name (from the listing's first line, <c>// IL code: Name</c>).</summary>
    public string AssemblyName { get; }

    public IReadOnlyList<IlMethod> Methods => _methods;

    public IlType? FindType(string fullName) => _types.GetValueOrDefault(fullName);

    /// <summary>The methods whose key equals <paramref name="key"/>, ignoring spaces.</summary>
    public IEnumerable<IlMethod> FindMethods(MethodKey key) => _methods.Where(m => m.Key == key);

    public static IlListing Parse(string text, string fallbackAssemblyName)
    {
        string[] lines = text.ReplaceLineEndings("\n").Split('\n');
        string assemblyName = lines.Length > 0 && lines[0].StartsWith("// IL code: ", StringComparison.Ordinal)
            ? lines[0]["// IL code: ".Length..].Trim()
            : fallbackAssemblyName;
        var listing = new IlListing(assemblyName);
        listing.Read(lines);
        return listing;
    }

    private enum FrameKind { Class, Method, Other }

    private sealed record Frame(FrameKind Kind, string Name, string Header, List<string> Body);

    private void Read(string[] lines)
    {
        var frames = new Stack<Frame>();
        List<string>? header = null;
        FrameKind headerKind = FrameKind.Other;
        foreach (string raw in lines)
        {
            string line = raw.Trim();
            Frame? method = frames.FirstOrDefault(f => f.Kind == FrameKind.Method);
            method?.Body.Add(raw.TrimEnd());

            if (header is not null)
            {
                if (line == "{")
                {
                    string joined = string.Join(' ', header);
                    frames.Push(headerKind == FrameKind.Class
                        ? new Frame(FrameKind.Class, ClassName(frames, joined), joined, [])
                        : new Frame(FrameKind.Method, "", joined, [.. header, raw.TrimEnd()]));
                    header = null;
                }
                else
                {
                    header.Add(raw.TrimEnd());
                }

                continue;
            }

            if (method is null && (line.StartsWith(".class ", StringComparison.Ordinal) || line.StartsWith(".method ", StringComparison.Ordinal)))
            {
                header = [raw.TrimEnd()];
                headerKind = line.StartsWith(".class", StringComparison.Ordinal) ? FrameKind.Class : FrameKind.Method;
            }
            else if (line == "{")
            {
                frames.Push(new Frame(FrameKind.Other, "", "", []));
            }
            else if (line.StartsWith('}') && frames.Count > 0)
            {
                Frame closed = frames.Pop();
                if (closed.Kind == FrameKind.Method)
                    AddMethod(frames, closed);
                else if (closed.Kind == FrameKind.Class)
                    AddFields(closed);
            }
            else if (method is null && line.StartsWith(".field ", StringComparison.Ordinal) && frames.TryPeek(out Frame? owner) && owner.Kind == FrameKind.Class)
            {
                owner.Body.Add(line);
            }
        }
    }

    private string ClassName(Stack<Frame> frames, string header)
    {
        List<string> tokens = IlText.SplitTopLevel(header);
        int end = tokens.FindIndex(t => t is "extends" or "implements");
        string name = tokens[(end < 0 ? tokens.Count : end) - 1];
        string baseType = end >= 0 && tokens[end] == "extends" && end + 1 < tokens.Count
            ? IlText.NormalizeType(tokens[end + 1])
            : "";
        (name, string generic) = IlText.SplitGeneric(name);
        Frame? outer = frames.FirstOrDefault(f => f.Kind == FrameKind.Class);
        string fullName = outer is null ? name : $"{outer.Name}/{name}";
        _types[fullName] = new IlType(fullName, GenericParameterNames(generic), baseType, []);
        return fullName;
    }

    private void AddFields(Frame type)
    {
        IlType owner = _types[type.Name];
        foreach (string line in type.Body)
        {
            // .field private static initonly uint8[] Squares   /   ... '<Value>k__BackingField' at I_0000
            List<string> tokens = IlText.SplitTopLevel(line);
            int at = tokens.IndexOf("at");
            int last = (at > 0 ? at : tokens.Count) - 1;
            int typeStart = tokens.FindIndex(1, t => !FieldAttributes.Contains(t));
            if (typeStart < 0 || typeStart >= last)
                continue;
            owner.Fields.Add(new IlField(
                IlText.Unquote(tokens[last]),
                IlText.NormalizeType(string.Join(' ', tokens[typeStart..last])),
                tokens.Contains("initonly")));
        }
    }

    private static readonly HashSet<string> FieldAttributes =
    [
        "public", "private", "family", "assembly", "famandassem", "famorassem", "privatescope",
        "static", "initonly", "literal", "notserialized", "specialname", "rtspecialname", "hasfieldrva",
    ];

    private void AddMethod(Stack<Frame> frames, Frame method)
    {
        Frame? owner = frames.FirstOrDefault(f => f.Kind == FrameKind.Class);
        if (owner is null)
            return;

        // .method public hidebysig static int32 Pick<T> (int32 x) cil managed aggressiveinlining
        List<string> tokens = IlText.SplitTopLevel(method.Header);
        int parameterIndex = Enumerable.Range(1, Math.Max(0, tokens.Count - 2)).LastOrDefault(
            i => tokens[i].StartsWith('(') && tokens[i + 1] is "cil" or "runtime" or "native" or "managed" or "unmanaged");
        if (parameterIndex < 1)
            return;

        (string name, string generic) = IlText.SplitGeneric(tokens[parameterIndex - 1]);
        string parameterList = tokens[parameterIndex][1..^1];
        List<string> parameters = IlText.SplitTopLevel(parameterList, ',').Select(IlText.NormalizeParameter).ToList();
        bool inline = tokens.Skip(parameterIndex).Contains("aggressiveinlining");

        var instructions = new List<IlInstruction>();
        foreach (string line in method.Body.Select(l => l.Trim()))
        {
            Match m = InstructionPattern().Match(line);
            if (m.Success)
                instructions.Add(new IlInstruction(ParseLabel("IL_" + m.Groups[1].Value), m.Groups[2].Value, m.Groups[3].Value.Trim(), line));
        }

        // The text as listed, with the indentation of the .method line removed from every line.
        int indent = method.Body[0].Length - method.Body[0].TrimStart().Length;
        List<string> lines = method.Body.Select(l => l.Length >= indent && l[..indent].Trim().Length == 0 ? l[indent..] : l.TrimStart()).ToList();
        _methods.Add(new IlMethod(this, new MethodKey(owner.Name, name, GenericParameterNames(generic), parameters), inline, lines, instructions));
    }

    /// <summary><c>&lt;valuetype .ctor ([System.Runtime]System.ValueType) T, U&gt;</c> → <c>&lt;T, U&gt;</c>; "" → "".</summary>
    private static string GenericParameterNames(string list) => list.Length == 0 ? ""
        : "<" + string.Join(", ", IlText.SplitTopLevel(list[1..^1], ',').Select(p => IlText.Unquote(IlText.SplitTopLevel(p)[^1]))) + ">";

    public static int ParseLabel(string label) => int.Parse(label.AsSpan(3), NumberStyles.HexNumber, CultureInfo.InvariantCulture);

    [GeneratedRegex(@"^IL_([0-9a-fA-F]+):\s*(\S+)\s*(.*)$")]
    private static partial Regex InstructionPattern();

    [GeneratedRegex(@"IL_[0-9a-fA-F]+")]
    internal static partial Regex LabelPattern();
}
