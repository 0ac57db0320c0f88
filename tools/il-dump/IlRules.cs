namespace IlDump;

// The IL rules, each on the hot method with the aggressiveinlining methods it calls (the body the JIT compiles); a FAIL names the offending instructions.
internal static partial class IlRules
{
    // The JIT inlines a callee of at most this many bytes of IL whatever its caller's budget (ALWAYS_INLINE_SIZE).
    private const int AlwaysInlineSize = 16;

    public static readonly IReadOnlyCollection<string> Names =
        ["switch", "switch-cases", "no-box", "no-newobj", "no-stringbuilder", "no-callvirt", "const-tables", "load8-const-offsets", "no-postincrement", "no-conv-stride", "noinlining", "inlined-calls"];

    public static Verdict Apply(RuleRef rule, Resolved target, IlContext context)
    {
        (HotMethod hot, IlMethod method, TypeArguments arguments) = target;
        List<Located> body = context.InlineClosure(method, arguments);
        Verdict Flag(Func<Located, string?> problem, Func<int, string> summary)
        {
            List<string> lines = [.. body.Select(l => (l, Problem: problem(l))).Where(f => f.Problem is not null)
                .Select(f => f.Problem!.Length == 0 ? f.l.Show(method) : $"{f.l.Show(method)}    // {f.Problem}")];
            return Verdict.PassUnless(lines, summary(lines.Count));
        }

        Verdict Forbid(Func<Located, bool> offends, string what) => Flag(l => offends(l) ? "" : null, n => $"{what}: {n} instruction(s)");
        return rule.Name switch
        {
            "switch" => Switch(method, body, rule.Argument ?? 0),
            "switch-cases" => SwitchCases(method, body, rule.Argument ?? 0),
            "no-box" => Forbid(l => l.Instruction.OpCode == "box", "boxes a value"),
            "no-newobj" => Flag(l => NewObjProblem(l, hot, context), n => $"allocates: {n} newobj of a reference type"),
            "no-stringbuilder" => Forbid(l => l.Instruction.Operand.Contains("System.Text.StringBuilder", StringComparison.Ordinal), "uses StringBuilder"),
            "no-callvirt" => Forbid(l => l.Instruction.OpCode == "callvirt" && !context.IsDirectConstrainedCall(l), "makes a virtual call"),
            "const-tables" => Flag(l => TableProblem(l, context), _ => "tables must be static readonly or ReadOnlySpan over constant data"),
            "load8-const-offsets" => Load8ConstOffsets(method, context.LoopInstructions(method, arguments), context),
            "no-postincrement" => NoPostIncrement(method, context.LoopInstructions(method, arguments)),
            "no-conv-stride" => NoConvStride(method, context.LoopInstructions(method, arguments)),
            "noinlining" => method.NoInlining ? Verdict.Pass("noinlining: compiled on its own, never into a caller")
                : Verdict.Fail("not [MethodImpl(MethodImplOptions.NoInlining)]: a caller may inline it and leave its own inlinees as calls", method.Lines.Take(1)),
            "inlined-calls" => Flag(l => NotInlinedCall(l, hot, context), n => $"calls {n} listed method(s) neither aggressiveinlining, noinlining, Throw* nor allowed: a caller that inlines this method may leave them as calls"),
            _ => throw new CouldNotRunException($"no IL rule '{rule.Name}'"),
        };
    }

    private static Verdict Switch(IlMethod method, List<Located> body, int minimum)
    {
        List<(Located Where, int Count)> switches = [.. body.Where(l => l.Instruction.OpCode == "switch").Select(l => (l, l.Instruction.Targets().Count()))];
        int largest = switches.Select(s => s.Count).DefaultIfEmpty(0).Max();
        return largest >= minimum && switches.Count > 0 ? Verdict.Pass($"switch with {largest} targets")
            : Verdict.Fail($"{(switches.Count == 0 ? "no switch instruction" : $"largest switch has {largest} targets")}; need an IL switch with >= {minimum} targets", switches.Count > 0
                ? switches.Select(s => s.Where.Show(method))
                : body.Where(l => ConditionalBranch().IsMatch(l.Instruction.OpCode)).Select(l => l.Show(method)).Prepend("conditional branches instead:"));
    }

    // Distinct targets, not entries: `case 8: case 9: ... case 16:` is nine entries to one target, which the JIT's
    // profile-guided switch peeling cannot take apart (it peels only a case that alone leads to its target).
    private static Verdict SwitchCases(IlMethod method, List<Located> body, int minimum)
    {
        List<(Located Where, int Count)> switches = [.. body.Where(l => l.Instruction.OpCode == "switch").Select(l => (l, l.Instruction.Targets().Distinct().Count()))];
        int largest = switches.Select(s => s.Count).DefaultIfEmpty(0).Max();
        return largest >= minimum && switches.Count > 0 ? Verdict.Pass($"switch with {largest} distinct targets")
            : Verdict.Fail($"{(switches.Count == 0 ? "no switch instruction" : $"largest switch has {largest} distinct targets")}; need an IL switch with >= {minimum} (a case per value, not merged case labels)",
                switches.Select(s => s.Where.Show(method)));
    }

    // A call to a listed method the JIT may leave as a call in a caller that inlined the hot method (its inlining
    // budget spent): neither aggressiveinlining nor noinlining (a call by design), larger than the JIT's always-inline
    // size (16 bytes of IL: `=> 16;`, `=> Avx2.IsSupported;`, which it inlines over budget), not Throw*, not allowed.
    private static string? NotInlinedCall(Located l, HotMethod hot, IlContext context) =>
        context.Resolve(l) is ({ AggressiveInlining: false, NoInlining: false } callee, _)
        && callee.CodeSize is not (<= AlwaysInlineSize)
        && !callee.Key.Name.StartsWith("Throw", StringComparison.Ordinal)
        && !hot.Allows("call", $"{callee.Key.TypeName}:{callee.Key.Name}") ? $"{callee.Key.TypeName}:{callee.Key.Name} is not aggressiveinlining" : null;

    private static string? NewObjProblem(Located l, HotMethod hot, IlContext context) =>
        l.Instruction.OpCode != "newobj" ? null
        : IlMemberRef.Parse(l.Instruction.Operand) is not { } ctor ? "unreadable operand"
        : hot.Allows("newobj", ctor.TypeName) ? null
        : context.IsValueType(l.Owner, ctor) switch { true => null, false => $"allocates a {ctor.TypeName}", null => $"{ctor.TypeName}: type not found in metadata" };

    private static string? TableProblem(Located l, IlContext context) => l.Instruction switch
    {
        { OpCode: "newarr" } => "array built per call",
        { OpCode: "stsfld" } => "writes a static field",
        { OpCode: "call", Operand: var o } when o.Contains("RuntimeHelpers::InitializeArray", StringComparison.Ordinal) => "array filled per call",
        { OpCode: "call", Operand: var o } when o.Contains("RuntimeHelpers::CreateSpan", StringComparison.Ordinal) && !FromRvaData(l, 2) => "span over data that is not constant (RVA)",
        { OpCode: "newobj", Operand: var o } when o.Contains("System.ReadOnlySpan`1", StringComparison.Ordinal) && o.Contains("::.ctor(void*, int32)", StringComparison.Ordinal)
            && !FromRvaData(l, 3) => "span over memory that is not constant data (RVA)",
        { OpCode: "ldsfld", Operand: var o } when IlMemberRef.Parse(o) is { } field
            && (field.ValueType.EndsWith(']') || field.ValueType.StartsWith("System.ReadOnlySpan`1", StringComparison.Ordinal) || field.ValueType.StartsWith("System.Span`1", StringComparison.Ordinal))
            => context.ResolveField(l.Owner, field) switch { null => "table field not found in metadata", { IsInitOnly: true } => null, _ => "table in a static field that is not readonly" },
        _ => null,
    };

    private static bool FromRvaData(Located l, int window) =>
        Enumerable.Range(1, window).Any(d => l.At(-d) is { } p && p.Operand.Contains("<PrivateImplementationDetails>", StringComparison.Ordinal));

    // Inside loops, every 8-byte load reads at a constant offset from a base variable, and there is at least one such load.
    private static Verdict Load8ConstOffsets(IlMethod method, List<Located> loop, IlContext context)
    {
        List<Located> loads = [.. loop.Where(l => IsLoad8(l, context, 0))];
        List<string> lines = [.. loads.Where(l => AddressLength(l) == 0).SelectMany(load => Enumerable.Range(-4, 4).Select(d => load.Show(method, d))
            .Where(s => s.Length > 0).Append($"{load.Show(method)}    <-- address is not a base plus a constant"))];
        return loop.Count == 0 ? Verdict.Fail("no loop (no backward branch) in the method or its inlined callees", [])
            : loads.Count == 0 ? Verdict.Fail("no 8-byte load inside a loop", loop.Select(l => l.Show(method)).Prepend("loop body:"))
            : lines.Count == 0 ? Verdict.Pass($"{loads.Count} 8-byte load(s) in loops, all at constant offsets")
            : Verdict.Fail("8-byte load at a computed address inside a loop", lines);
    }

    // ldind.i8, Unsafe.ReadUnaligned/Read<uint64> (also a !!T bound to uint64), or a listed inlined one-argument wrapper of one.
    private static bool IsLoad8(Located l, IlContext context, int depth)
    {
        string operand = l.Arguments.Substitute(l.Instruction.Operand);
        return l.Instruction.OpCode is "ldind.i8" or "ldind.u8"
            || l.Instruction.OpCode == "call" && (operand.Contains("System.Runtime.CompilerServices.Unsafe::Read", StringComparison.Ordinal)
                ? operand.Contains("<uint64>", StringComparison.Ordinal) || operand.Contains("<int64>", StringComparison.Ordinal)
                : depth < 4 && context.Resolve(l) is ({ AggressiveInlining: true, Key.Parameters.Count: 1 } wrapper, TypeArguments arguments)
                    && Located.All(wrapper, arguments).Any(w => IsLoad8(w, context, depth + 1) && w.At(-1)?.OpCode is "ldarg.0" && AddressLength(w) == 1));
    }

    // How many instructions before a load compute its address as a base variable plus a constant (1: ldloc p; 3 or 4: ldloc p; ldc.i4 K; [conv.i;] add or Unsafe.Add), or 0.
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

    // Inside loops: no dup; ...; add; stloc (the C idiom *p++: the base is stored back before the load).
    private static Verdict NoPostIncrement(IlMethod method, List<Located> loop) => Verdict.PassUnless([.. loop.Where(l => l.Instruction.OpCode == "dup")
        .Select(dup => (dup, Add: Enumerable.Range(1, 3).FirstOrDefault(d => dup.At(d)?.OpCode is "add" or "sub")))
        .Where(d => d.Add > 0 && d.dup.At(d.Add + 1)?.OpCode is { } store && (store.StartsWith("stloc", StringComparison.Ordinal) || store.StartsWith("starg", StringComparison.Ordinal)))
        .SelectMany(d => Enumerable.Range(-1, d.Add + 4).Select(n => d.dup.Show(method, n)).Where(s => s.Length > 0).Append("")).SkipLast(1)],
        "pointer post-increment (dup, add, store back) inside a loop");

    // Inside loops: no pointer advanced by a converted variable (ldloc stride; conv.i; [ldc K; mul;] add).
    private static Verdict NoConvStride(IlMethod method, List<Located> loop) => Verdict.PassUnless([.. loop.Where(l => IsConv(l.Instruction) && IsVariable(l.At(-1)))
        .Select(conv => (conv, End: conv.At(1)?.OpCode is "add" or "sub" ? 1 : IsConstant(conv.At(1)) && conv.At(2)?.OpCode == "mul" && conv.At(3)?.OpCode is "add" or "sub" ? 3 : 0))
        .Where(c => c.End > 0).SelectMany(c => Enumerable.Range(-1, c.End + 2).Select(d => c.conv.Show(method, d)))], "stride is a converted variable, not a constant");

    [GeneratedRegex(@"^(beq|bne\.un|b[gl][et](\.un)?|brtrue|brfalse|brinst|brnull|brzero)(\.s)?$")] private static partial Regex ConditionalBranch();
    // ldloc/ldarg, not their address forms (ldloca/ldarga).
    [GeneratedRegex(@"^ld(loc|arg)(?!a)")] private static partial Regex VariableLoad();
}
