namespace IlDump;

/// <summary>
/// An instruction together with the method it belongs to (the hot method or an inlined callee) and, for a generic
/// method inlined from a call site that named its type arguments, those arguments.
/// </summary>
internal sealed record Located(IlMethod Owner, int Index, TypeArguments Arguments)
{
    public Located(IlMethod owner, int index)
        : this(owner, index, TypeArguments.None)
    {
    }

    public IlInstruction Instruction => Owner.Instructions[Index];

    public IlInstruction? At(int delta) =>
        Index + delta >= 0 && Index + delta < Owner.Instructions.Count ? Owner.Instructions[Index + delta] : null;

    /// <summary>The instruction line, marked with its method when it comes from an inlined callee of <paramref name="hot"/>.</summary>
    public string Show(IlMethod hot, int delta = 0) =>
        At(delta) is not { } instruction ? ""
        : ReferenceEquals(Owner, hot) ? instruction.Line
        : $"{instruction.Line}    // in {Owner.Key.TypeName}::{Owner.Key.Name} (inlined)";
}

/// <summary>
/// What the IL rules know beyond one method: every listed assembly, to follow calls into methods the JIT
/// inlines (marked aggressiveinlining) and to resolve types and fields from metadata.
/// </summary>
internal sealed class IlContext(IReadOnlyList<IlListing> listings)
{
    public IReadOnlyList<IlListing> Listings { get; } = listings;

    /// <summary>
    /// The listed method a call at <paramref name="site"/> runs, with the type arguments it runs with, when it is in
    /// one of the listings. A <c>constrained.</c> call on a type parameter bound to a value type (a struct passed as a
    /// type argument, as Sparrow's operations are) is the JIT's direct call to that struct's implementation.
    /// </summary>
    public (IlMethod Method, TypeArguments Arguments)? Resolve(Located site)
    {
        IlInstruction call = site.Instruction;
        if (call.OpCode is not ("call" or "callvirt")
            || IlMemberRef.Parse(site.Arguments.Substitute(call.Operand)) is not { Parameters: { } parameters } target)
            return null;

        IlMethod? method;
        IlMemberRef declaring = target;
        if (ConstrainedValueType(site) is { } implementer)
        {
            declaring = implementer;
            int arity = target.Generic.Length == 0 ? 0 : IlText.SplitTopLevel(target.Generic[1..^1], ',').Count;
            method = ListingsOf(site.Owner, implementer).SelectMany(l => l.Methods).FirstOrDefault(m =>
                m.Key.TypeName == implementer.TypeName && m.Key.Name == target.Name
                && m.Key.Parameters.Count == parameters.Count && GenericArity(m) == arity);
        }
        else
        {
            string wanted = IlText.WithoutSpaces(string.Join(",", parameters));
            method = ListingsOf(site.Owner, target).SelectMany(l => l.Methods).FirstOrDefault(m =>
                m.Key.TypeName == target.TypeName && m.Key.Name == target.Name && m.CallSignature == wanted);
        }

        if (method is null)
            return null;
        string typeParameters = FindType(site.Owner, declaring)?.Generic ?? "";
        return (method, TypeArguments.Bind(method.Key.Generic, target.Generic, typeParameters, declaring.TypeGeneric));
    }

    /// <summary>Whether the call at <paramref name="site"/> is a <c>constrained.</c> call the JIT resolves to a value type's own method (not virtual).</summary>
    public bool IsDirectConstrainedCall(Located site) => ConstrainedValueType(site) is not null;

    /// <summary>The value type a <c>constrained.</c> prefix before <paramref name="site"/> names (after binding type parameters), else null.</summary>
    private IlMemberRef? ConstrainedValueType(Located site)
    {
        if (site.At(-1) is not { OpCode: "constrained." } prefix)
            return null;
        // "valuetype Sparrow.CompareOperation" is read as a member reference to a pseudo-member of that type.
        string type = site.Arguments.Substitute(prefix.Operand);
        return IlMemberRef.Parse(type + "::x") is { } reference && IsValueType(site.Owner, reference) == true ? reference : null;
    }

    private static int GenericArity(IlMethod method) =>
        method.Key.Generic.Length == 0 ? 0 : IlText.SplitTopLevel(method.Key.Generic[1..^1], ',').Count;

    /// <summary>
    /// The method and, transitively, the listed aggressiveinlining methods it calls: the code the JIT compiles
    /// as one body. Each instruction comes with its owner so a FAIL can say where it is.
    /// </summary>
    public List<Located> InlineClosure(IlMethod method) => Expand([.. method.Instructions.Select((_, i) => new Located(method, i))], method);

    /// <summary>Instructions inside loops (the method's and its inlined callees'), with the bodies of inlined callees called there.</summary>
    public List<Located> LoopInstructions(IlMethod method)
    {
        var inLoops = new List<Located>();
        foreach ((IlMethod owner, TypeArguments arguments) in InlineClosure(method).Select(l => (l.Owner, l.Arguments)).Distinct())
        {
            foreach ((int start, int end) in Loops(owner))
            {
                for (int i = 0; i < owner.Instructions.Count; i++)
                {
                    int offset = owner.Instructions[i].Offset;
                    if (offset >= start && offset <= end)
                        inLoops.Add(new Located(owner, i, arguments));
                }
            }
        }

        return Expand(inLoops.Distinct().ToList(), method);
    }

    /// <summary>
    /// Loop extents from backward branches: a branch at offset E to a target S &lt;= E makes [S, E] a loop body
    /// (Roslyn places the condition at the bottom and jumps back to the top).
    /// </summary>
    public static List<(int Start, int End)> Loops(IlMethod method) =>
        method.Instructions
            .SelectMany(i => i.OpCode == "switch" ? [] : i.Targets().Where(t => t <= i.Offset).Select(t => (t, i.Offset)))
            .Distinct()
            .ToList();

    private List<Located> Expand(List<Located> start, IlMethod root)
    {
        var result = new List<Located>(start);
        var expanded = new HashSet<(IlMethod, TypeArguments)> { (root, TypeArguments.None) };
        for (int next = 0; next < result.Count; next++)
        {
            if (Resolve(result[next]) is ({ AggressiveInlining: true } callee, TypeArguments arguments) && expanded.Add((callee, arguments)))
                result.AddRange(callee.Instructions.Select((_, i) => new Located(callee, i, arguments)));
        }

        return result;
    }

    /// <summary>
    /// Whether the declaring type of a <c>newobj</c> is a value type (construction in place, not an allocation),
    /// from the operand's keyword, the listings' metadata, or the runtime's own types; null when unresolved.
    /// </summary>
    public bool? IsValueType(IlMethod from, IlMemberRef type)
    {
        if (type.Keyword is { } keyword)
            return keyword == "valuetype";

        if (FindType(from, type) is { } listed)
            return listed.IsValueType;

        if (type.Scope is null)
            return null;
        Type? runtimeType = Type.GetType($"{type.TypeName.Replace('/', '+')}, {type.Scope}", throwOnError: false);
        return runtimeType?.IsValueType;
    }

    /// <summary>The field a <c>ldsfld</c>/<c>stsfld</c> names, when it is declared in one of the listings.</summary>
    public IlField? ResolveField(IlMethod from, IlMemberRef field) =>
        FindType(from, field)?.Fields.FirstOrDefault(f => f.Name == field.Name);

    /// <summary>The declaring type of <paramref name="member"/>, when one of the listings declares it.</summary>
    private IlType? FindType(IlMethod from, IlMemberRef member) =>
        ListingsOf(from, member).Select(l => l.FindType(member.TypeName)).FirstOrDefault(t => t is not null);

    /// <summary>The listings a member reference can point into: its scope's, or, without a scope, the referring method's own.</summary>
    private IEnumerable<IlListing> ListingsOf(IlMethod from, IlMemberRef member) =>
        member.Scope is null ? [from.Listing] : Listings.Where(l => l.AssemblyName == member.Scope);
}
