using System.Text.RegularExpressions;

namespace IlDump;

/// <summary>
/// The IL rules. Each looks at the hot method together with the listed aggressiveinlining methods it calls (the body
/// the JIT compiles), and reports the offending instructions under a FAIL.
/// </summary>
internal static partial class IlRules
{
    public static readonly IReadOnlyCollection<string> Names =
        ["switch", "no-box", "no-newobj", "no-stringbuilder", "no-callvirt", "const-tables", "load8-const-offsets", "no-postincrement", "no-conv-stride"];

    public static Verdict Apply(RuleRef rule, Resolved target, IlContext context)
    {
        (HotMethod hot, IlMethod method, TypeArguments arguments) = target;
        List<Located> body = context.InlineClosure(method, arguments);
        return rule.Name switch
        {
            "switch" => Switch(method, body, rule.Argument ?? 0),
            "no-box" => Forbid(method, body, l => l.Instruction.OpCode == "box", "boxes a value"),
            "no-newobj" => Flag(method, body, l => NewObjProblem(l, hot, context), n => $"allocates: {n} newobj of a reference type"),
            "no-stringbuilder" => Forbid(method, body, l => l.Instruction.Operand.Contains("System.Text.StringBuilder", StringComparison.Ordinal), "uses StringBuilder"),
            "no-callvirt" => Forbid(method, body, l => l.Instruction.OpCode == "callvirt" && !context.IsDirectConstrainedCall(l), "makes a virtual call"),
            "const-tables" => Flag(method, body, l => TableProblem(l, context), _ => "tables must be static readonly or ReadOnlySpan over constant data"),
            "load8-const-offsets" => Load8ConstOffsets(method, context.LoopInstructions(method, arguments), context),
            "no-postincrement" => NoPostIncrement(method, context.LoopInstructions(method, arguments)),
            "no-conv-stride" => NoConvStride(method, context.LoopInstructions(method, arguments)),
            _ => throw new CouldNotRunException($"no IL rule '{rule.Name}'"),
        };
    }

    /// <summary>PASS when <paramref name="problem"/> finds nothing, else FAIL listing each offending instruction with what is wrong with it.</summary>
    private static Verdict Flag(IlMethod method, IEnumerable<Located> body, Func<Located, string?> problem, Func<int, string> summary)
    {
        List<string> lines = [.. body.Select(l => (l, Problem: problem(l))).Where(f => f.Problem is not null)
            .Select(f => f.Problem!.Length == 0 ? f.l.Show(method) : $"{f.l.Show(method)}    // {f.Problem}")];
        return Verdict.PassUnless(lines, summary(lines.Count));
    }

    private static Verdict Forbid(IlMethod method, IEnumerable<Located> body, Func<Located, bool> offends, string what) =>
        Flag(method, body, l => offends(l) ? "" : null, n => $"{what}: {n} instruction(s)");

    private static Verdict Switch(IlMethod method, List<Located> body, int minimum)
    {
        List<(Located Where, int Count)> switches = [.. body.Where(l => l.Instruction.OpCode == "switch").Select(l => (l, l.Instruction.Targets().Count()))];
        if (switches.Any(s => s.Count >= minimum))
            return Verdict.Pass($"switch with {switches.Max(s => s.Count)} targets");
        string largest = switches.Count == 0 ? "no switch instruction" : $"largest switch has {switches.Max(s => s.Count)} targets";
        IEnumerable<string> ladder = switches.Count > 0
            ? switches.Select(s => s.Where.Show(method))
            : body.Where(l => ConditionalBranch().IsMatch(l.Instruction.OpCode)).Select(l => l.Show(method)).Prepend("conditional branches instead:");
        return Verdict.Fail($"{largest}; need an IL switch with >= {minimum} targets", ladder);
    }

    private static string? NewObjProblem(Located l, HotMethod hot, IlContext context) =>
        l.Instruction.OpCode != "newobj" ? null
        : IlMemberRef.Parse(l.Instruction.Operand) is not { } ctor ? "unreadable operand"
        : hot.Allowed("newobj").Any(a => a.Matches(ctor.TypeName)) ? null
        : context.IsValueType(l.Owner, ctor) switch
        {
            true => null,
            false => $"allocates a {ctor.TypeName}",
            null => $"{ctor.TypeName}: type not found in metadata",
        };

    private const string RvaData = "<PrivateImplementationDetails>";

    private static string? TableProblem(Located l, IlContext context) => l.Instruction switch
    {
        { OpCode: "newarr" } => "array built per call",
        { OpCode: "stsfld" } => "writes a static field",
        { OpCode: "call", Operand: var o } when o.Contains("RuntimeHelpers::InitializeArray", StringComparison.Ordinal) => "array filled per call",
        { OpCode: "call", Operand: var o } when o.Contains("RuntimeHelpers::CreateSpan", StringComparison.Ordinal) && !Preceded(l, 2, RvaData)
            => "span over data that is not constant (RVA)",
        { OpCode: "newobj", Operand: var o } when o.Contains("System.ReadOnlySpan`1", StringComparison.Ordinal)
            && o.Contains("::.ctor(void*, int32)", StringComparison.Ordinal) && !Preceded(l, 3, RvaData)
            => "span over memory that is not constant data (RVA)",
        { OpCode: "ldsfld" } when IlMemberRef.Parse(l.Instruction.Operand) is { } field && IsTableType(field.ValueType)
            => context.ResolveField(l.Owner, field) switch
            {
                null => "table field not found in metadata",
                { IsInitOnly: true } => null,
                _ => "table in a static field that is not readonly",
            },
        _ => null,
    };

    private static bool Preceded(Located l, int window, string operandText) =>
        Enumerable.Range(1, window).Any(d => l.At(-d) is { } p && p.Operand.Contains(operandText, StringComparison.Ordinal));

    private static bool IsTableType(string type) =>
        type.EndsWith(']') || type.StartsWith("System.ReadOnlySpan`1", StringComparison.Ordinal) || type.StartsWith("System.Span`1", StringComparison.Ordinal);

    /// <summary>Inside loops, every 8-byte load reads at a constant offset from a base variable, and there is at least one such load.</summary>
    private static Verdict Load8ConstOffsets(IlMethod method, List<Located> loop, IlContext context)
    {
        if (loop.Count == 0)
            return Verdict.Fail("no loop (no backward branch) in the method or its inlined callees", []);
        List<Located> loads = [.. loop.Where(l => IsLoad8(l, context, 0))];
        if (loads.Count == 0)
            return Verdict.Fail("no 8-byte load inside a loop", loop.Select(l => l.Show(method)).Prepend("loop body:"));
        List<string> lines = [.. loads.Where(l => AddressLength(l) == 0).SelectMany(load => Enumerable.Range(-4, 4).Select(d => load.Show(method, d))
            .Where(s => s.Length > 0).Append($"{load.Show(method)}    <-- address is not a base plus a constant"))];
        return lines.Count == 0
            ? Verdict.Pass($"{loads.Count} 8-byte load(s) in loops, all at constant offsets")
            : Verdict.Fail("8-byte load at a computed address inside a loop", lines);
    }

    /// <summary>ldind.i8, Unsafe.ReadUnaligned/Read&lt;uint64&gt; (also a <c>!!T</c> bound to uint64), or a listed inlined one-argument wrapper of one.</summary>
    private static bool IsLoad8(Located l, IlContext context, int depth)
    {
        if (l.Instruction.OpCode is "ldind.i8" or "ldind.u8")
            return true;
        if (l.Instruction.OpCode != "call")
            return false;
        string operand = l.Arguments.Substitute(l.Instruction.Operand);
        if (operand.Contains("System.Runtime.CompilerServices.Unsafe::Read", StringComparison.Ordinal))
            return operand.Contains("<uint64>", StringComparison.Ordinal) || operand.Contains("<int64>", StringComparison.Ordinal);
        return depth < 4
            && context.Resolve(l) is ({ AggressiveInlining: true, Key.Parameters.Count: 1 } wrapper, TypeArguments arguments)
            && Located.All(wrapper, arguments).Any(w => IsLoad8(w, context, depth + 1) && w.At(-1)?.OpCode is "ldarg.0" && AddressLength(w) == 1);
    }

    /// <summary>
    /// How many instructions before <paramref name="load"/> compute its address as a base variable plus a constant
    /// (1: <c>ldloc p</c>; 3 or 4: <c>ldloc p; ldc.i4 K; [conv.i;] add</c> or <c>Unsafe.Add</c>), or 0 when not.
    /// </summary>
    private static int AddressLength(Located load) =>
        IsVariable(load.At(-1)) ? 1
        : load.At(-1)?.OpCode is "add" && IsConstant(load.At(-2)) && IsVariable(load.At(-3)) ? 3
        : load.At(-1)?.OpCode is "add" && IsConv(load.At(-2)) && IsConstant(load.At(-3)) && IsVariable(load.At(-4)) ? 4
        : load.At(-1) is { OpCode: "call" } add && (add.Operand.Contains("Unsafe::Add", StringComparison.Ordinal) || add.Operand.Contains("Unsafe::AddByteOffset", StringComparison.Ordinal))
            && IsConstant(load.At(-2)) && IsVariable(load.At(-3)) ? 3
        : 0;

    private static bool IsVariable(IlInstruction? i) => i is not null && VariableLoad().IsMatch(i.OpCode);

    private static bool IsConstant(IlInstruction? i) => i is not null && (i.OpCode.StartsWith("ldc.i", StringComparison.Ordinal) || i.OpCode == "sizeof");

    private static bool IsConv(IlInstruction? i) => i?.OpCode is "conv.i" or "conv.u" or "conv.i8" or "conv.u8";

    /// <summary>Inside loops: no <c>dup; ...; add; stloc</c> (the C idiom <c>*p++</c>: the base is stored back before the load).</summary>
    private static Verdict NoPostIncrement(IlMethod method, List<Located> loop)
    {
        List<string> lines = [];
        foreach (Located dup in loop.Where(l => l.Instruction.OpCode == "dup"))
        {
            int add = Enumerable.Range(1, 3).FirstOrDefault(d => dup.At(d)?.OpCode is "add" or "sub");
            if (add > 0 && dup.At(add + 1) is { } store && (store.OpCode.StartsWith("stloc", StringComparison.Ordinal) || store.OpCode.StartsWith("starg", StringComparison.Ordinal)))
                lines.AddRange(Enumerable.Range(-1, add + 4).Select(d => dup.Show(method, d)).Where(s => s.Length > 0).Append(""));
        }

        return Verdict.PassUnless([.. lines.SkipLast(1)], "pointer post-increment (dup, add, store back) inside a loop");
    }

    /// <summary>Inside loops: no pointer advanced by a converted variable (<c>ldloc stride; conv.i; [ldc K; mul;] add</c>).</summary>
    private static Verdict NoConvStride(IlMethod method, List<Located> loop) =>
        Verdict.PassUnless([.. loop.Where(l => IsConv(l.Instruction) && IsVariable(l.At(-1))).SelectMany(conv =>
            (conv.At(1)?.OpCode is "add" or "sub" ? 1 : IsConstant(conv.At(1)) && conv.At(2)?.OpCode == "mul" && conv.At(3)?.OpCode is "add" or "sub" ? 3 : 0) is var end && end > 0
                ? Enumerable.Range(-1, end + 2).Select(d => conv.Show(method, d))
                : [])], "stride is a converted variable, not a constant");

    [GeneratedRegex(@"^(beq|bne\.un|b[gl][et](\.un)?|brtrue|brfalse|brinst|brnull|brzero)(\.s)?$")]
    private static partial Regex ConditionalBranch();

    // ldloc/ldarg, not their address forms (ldloca/ldarga).
    [GeneratedRegex(@"^ld(loc|arg)(?!a)")]
    private static partial Regex VariableLoad();
}
