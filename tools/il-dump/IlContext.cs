namespace IlDump;

// An instruction with the method it belongs to (the hot method or an inlined callee) and the type arguments that method runs with.
internal sealed record Located(IlMethod Owner, int Index, TypeArguments Arguments)
{
    public IlInstruction Instruction => Owner.Instructions[Index];
    public IlInstruction? At(int delta) => Owner.Instructions.ElementAtOrDefault(Index + delta);

    // The instruction line, marked with its method when it comes from an inlined callee of hot.
    public string Show(IlMethod hot, int delta = 0) =>
        At(delta) is not { } instruction ? ""
        : ReferenceEquals(Owner, hot) ? instruction.Line
        : $"{instruction.Line}    // in {Owner.Key.TypeName}::{Owner.Key.Name} (inlined)";

    public static IEnumerable<Located> All(IlMethod method, TypeArguments arguments) =>
        method.Instructions.Select((_, i) => new Located(method, i, arguments));
}

// What the IL rules know beyond one method: the listings, to follow calls into inlined methods and resolve types and fields from metadata.
internal sealed record IlContext(IReadOnlyList<IlListing> Listings)
{
    // The listed method a call at site runs, with the type arguments it runs with. A constrained. call on a type parameter bound to a value type
    // (Sparrow's operations are structs passed as type arguments) is the JIT's direct call to that struct's implementation.
    public (IlMethod Method, TypeArguments Arguments)? Resolve(Located site)
    {
        if (site.Instruction.OpCode is not ("call" or "callvirt")
            || IlMemberRef.Parse(site.Arguments.Substitute(site.Instruction.Operand)) is not { Parameters: { } parameters } target)
            return null;
        IlMemberRef declaring = ConstrainedValueType(site) ?? target;
        string signature = IlText.WithoutSpaces(string.Join(",", parameters));
        IlMethod? method = ListingsOf(site.Owner, declaring).SelectMany(l => l.Methods).FirstOrDefault(m =>
            m.Key.TypeName == declaring.TypeName && m.Key.Name == target.Name && (ReferenceEquals(declaring, target)
                ? m.CallSignature == signature
                : m.Key.Parameters.Count == parameters.Count && IlText.GenericList(m.Key.Generic).Count == IlText.GenericList(target.Generic).Count));
        return method is null ? null
            : (method, TypeArguments.Bind(method.Key.Generic, target.Generic, FindType(site.Owner, declaring)?.Generic ?? "", declaring.TypeGeneric));
    }

    // Whether the call at site is a constrained. call the JIT resolves to a value type's own method (not virtual).
    public bool IsDirectConstrainedCall(Located site) => ConstrainedValueType(site) is not null;

    // The value type a constrained. prefix before site names (after binding type parameters), else null.
    private IlMemberRef? ConstrainedValueType(Located site) =>
        site.At(-1) is { OpCode: "constrained." } prefix
        // "valuetype Sparrow.CompareOperation" is read as a member reference to a pseudo-member of that type.
        && IlMemberRef.Parse(site.Arguments.Substitute(prefix.Operand) + "::x") is { } type && IsValueType(site.Owner, type) == true ? type : null;

    // The method and, transitively, the listed aggressiveinlining methods it calls: the body the JIT compiles.
    public List<Located> InlineClosure(IlMethod method, TypeArguments arguments) => Expand([.. Located.All(method, arguments)], (method, arguments));

    // Instructions inside loops (the method's and its inlined callees'), with the bodies of inlined callees called there.
    public List<Located> LoopInstructions(IlMethod method, TypeArguments arguments) =>
        Expand([.. InlineClosure(method, arguments).Select(l => (l.Owner, l.Arguments)).Distinct().SelectMany(o => Located.All(o.Owner, o.Arguments)
            .Where(l => Loops(o.Owner).Any(loop => l.Instruction.Offset >= loop.Start && l.Instruction.Offset <= loop.End)))], (method, arguments));

    // Loop extents from backward branches: a branch at E to S <= E makes [S, E] a loop body (Roslyn puts the condition at the bottom).
    public static IEnumerable<(int Start, int End)> Loops(IlMethod method) =>
        method.Instructions.Where(i => i.OpCode != "switch").SelectMany(i => i.Targets().Where(t => t <= i.Offset).Select(t => (t, i.Offset)));

    private List<Located> Expand(List<Located> start, (IlMethod, TypeArguments) root)
    {
        var result = new List<Located>(start);
        var expanded = new HashSet<(IlMethod, TypeArguments)> { root };
        for (int next = 0; next < result.Count; next++)
        {
            if (Resolve(result[next]) is ({ AggressiveInlining: true } callee, TypeArguments arguments) && expanded.Add((callee, arguments)))
                result.AddRange(Located.All(callee, arguments));
        }

        return result;
    }

    // Whether a type is a value type: from the operand's keyword, the listings' metadata, or the runtime's own types; null when unresolved.
    public bool? IsValueType(IlMethod from, IlMemberRef type) =>
        type.Keyword is { } keyword ? keyword == "valuetype"
        : FindType(from, type) is { } listed ? listed.IsValueType
        : type.Scope is null ? null
        : Type.GetType($"{type.TypeName.Replace('/', '+')}, {type.Scope}", throwOnError: false)?.IsValueType;

    // The field a ldsfld/stsfld names, when one of the listings declares it.
    public IlField? ResolveField(IlMethod from, IlMemberRef field) => FindType(from, field)?.Fields.FirstOrDefault(f => f.Name == field.Name);

    private IlType? FindType(IlMethod from, IlMemberRef member) =>
        ListingsOf(from, member).Select(l => l.FindType(member.TypeName)).FirstOrDefault(t => t is not null);

    // The listings a member reference can point into: its scope's, or, without a scope, the referring method's own.
    private IEnumerable<IlListing> ListingsOf(IlMethod from, IlMemberRef member) =>
        member.Scope is null ? [from.Listing] : Listings.Where(l => l.AssemblyName == member.Scope);
}
