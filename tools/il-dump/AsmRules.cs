namespace IlDump;

// The machine code the JIT printed for one method (DOTNET_JitDisasm), split into lines.
internal sealed partial record AsmListing(string Text)
{
    public IReadOnlyList<string> Lines { get; } = Text.ReplaceLineEndings("\n").Split('\n');

    // Call-like instructions: call, and jumps that leave the method (tail.jmp [X:Y()], jmp CORINFO_HELP_X).
    public IEnumerable<(string Line, string Target)> Calls() => Lines.Select(l => CallPattern().Match(l)).Where(m => m.Success && !m.Groups[2].Value.StartsWith("G_M", StringComparison.Ordinal)
            && (m.Groups[1].Value != "jmp" || m.Groups[2].Value.StartsWith('[') || m.Groups[2].Value.StartsWith("CORINFO_", StringComparison.Ordinal)))
        .Select(m => (m.Value.Trim(), m.Groups[2].Value.Trim()));
    // The instruction lines in listing order: no labels, comments, directives (align) or data (RWD).
    public IEnumerable<string> Instructions() => Lines.Where(l => InstructionPattern().IsMatch(l) && !l.TrimStart().StartsWith("align", StringComparison.Ordinal));
    [GeneratedRegex(@"^\s+[a-z]")] private static partial Regex InstructionPattern();
    // Whether text names the method jitName (Type:Name(, or Type:Name[ for a generic instantiation).
    public static bool Names(string text, string jitName) => text.Contains(jitName + "(", StringComparison.Ordinal) || text.Contains(jitName + "[", StringComparison.Ordinal);
    [GeneratedRegex(@"^\s+(call|tail\.jmp|jmp)\s+(.+?)\s*$")] private static partial Regex CallPattern();
}

// The machine code of one entry and, for the inlining rule, of its sample caller; no code when the JIT lacks what the entry requires (Lacking).
internal sealed record AsmResult(Resolved Method, AsmListing? Asm, AsmListing? Caller, string? Lacking)
{
    // The artifact files: <stem>.asm, and <stem>.caller.asm for the sample caller.
    public IEnumerable<(string Stem, string Text)> Files() =>
        new[] { (Method.Hot.FileStem, Asm), (Method.Hot.FileStem + ".caller", Caller) }.Where(f => f.Item2 is not null).Select(f => (f.Item1, f.Item2!.Text));
}

// The machine-code rules (x64; the jump-table ones on arm64 too). Calls to Throw* methods (the out-of-line throw helpers) are allowed, others need allow: call= or helper=.
internal static partial class AsmRules
{
    // The rules an arm64: entry may name: the listing of the emulated JIT names no call target (DOTNET_JitDisasmDiffable
    // hides the addresses it loads them from), so only the ones that read the code's shape.
    public static readonly IReadOnlyCollection<string> Arm64Names = ["jump-table", "jump-table-targets"];
    public static readonly IReadOnlyCollection<string> Names = ["jump-table", "jump-table-targets", "no-rngchk", "no-calls", "inlined", "masked-loads", "masked-stores", "clmul", "no-memory-compress", "no-vzeroupper", "before-first-load", "table-permute"];

    public static Verdict Apply(RuleRef rule, AsmResult compiled)
    {
        HotMethod hot = compiled.Method.Hot;
        if (compiled.Asm is not { } asm)
            return Verdict.Skip(hot.Arm64 ? compiled.Lacking! : $"this JIT lacks {compiled.Lacking}" + (hot.Env.Count > 0 ? $" (with {string.Join(' ', hot.Env)})" : ""));
        List<string> Matching(Regex pattern) => [.. asm.Lines.Where(l => pattern.IsMatch(l)).Select(l => l.Trim())];
        string access = rule.Name == "masked-loads" ? "load" : "store";
        List<string> found = rule.Name switch
        {
            "jump-table" or "jump-table-targets" => Matching(TableEntry()),
            "no-rngchk" => Matching(RangeCheck()),
            "no-calls" => [.. asm.Calls().Where(c => !Allowed(hot, c.Target)).Select(c => c.Line)],
            "inlined" => [.. compiled.Caller?.Calls().Where(c => AsmListing.Names(c.Target, hot.Key.JitName)).Select(c => c.Line) ?? []],
            "clmul" => Matching(CarrylessMultiply()),
            "no-memory-compress" => Matching(MemoryCompress()),
            "no-vzeroupper" => Matching(Vzeroupper()),
            "before-first-load" => [.. asm.Instructions().TakeWhile(l => !InputLoad().IsMatch(l)).Select(l => l.Trim())],
            "table-permute" => Matching(TableRowLoad()),
            _ => Matching(access == "load" ? MaskedLoad() : MaskedStore()),
        };
        return rule.Name switch
        {
            "jump-table" when found.Count > 0 && Matching(IndirectJump()).Count > 0 => Verdict.Pass($"indirect jump through a {found.Count}-entry table"),
            "jump-table" => Verdict.Fail("no indirect jump through a jump table (jmp reg or br xN, + RWD dd entries)", Matching(ConditionalJump()).Prepend("compare-and-branch instead:")),
            "jump-table-targets" when found.Count == 0 => Verdict.Fail("no jump table (RWD dd entries)", Matching(ConditionalJump()).Prepend("compare-and-branch instead:")),
            "jump-table-targets" when TableTargets(found) is var targets && targets <= rule.Argument => Verdict.Pass($"{found.Count} table entries to {targets} distinct blocks"),
            "jump-table-targets" => Verdict.Fail($"{found.Count} table entries to {TableTargets(found)} distinct blocks (at most {rule.Argument})", found),
            "no-rngchk" => Verdict.PassUnless(found, $"array/span bounds check: {found.Count} call(s) to CORINFO_HELP_RNGCHKFAIL"),
            "no-calls" => Verdict.PassUnless(found, $"{found.Count} call(s) on the hot path"),
            "inlined" when compiled.Caller is null => Verdict.Fail("no machine code for the sample caller", []),
            "inlined" => found.Count == 0 ? Verdict.Pass($"inlined into {JitChild.CallerType}:{JitChild.CallerName(hot.Key.Name)}") : Verdict.Fail("not inlined: the sample caller still calls it", found),
            "masked-loads" or "masked-stores" when found.Count > 0 => Verdict.Pass($"{found.Count} masked {access}(s): {found[0]}"),
            "masked-loads" or "masked-stores" => Verdict.Fail($"no vector {access} through an AVX-512 opmask ({(access == "load" ? "vmov* reg {k} or {k}{z} from memory" : "vmov* memory {k}, reg")})",
                Matching(VectorMemory()).Prepend("vector memory operands, none masked:")),
            "clmul" => found.Count > 0 ? Verdict.Pass($"{found.Count} carry-less multiplies: {found[0]}") : Verdict.Fail("no carry-less multiply (pclmulqdq, vpclmul*qdq)", []),
            "no-memory-compress" when found.Count > 0 => Verdict.Fail($"{found.Count} compress(es) to memory (microcoded on Zen 4): compress into a register, then store", found),
            "no-memory-compress" => Verdict.Pass($"no compress to memory; {Matching(RegisterCompress()).Count} into a register"),
            "no-vzeroupper" => Verdict.PassUnless(found, $"{found.Count} vzeroupper(s): a 256-bit register in the method"),
            "before-first-load" when found.Count == asm.Instructions().Count() => Verdict.Fail("no load from memory outside the stack and the constants", []),
            "before-first-load" when found.Count <= rule.Argument => Verdict.Pass($"{found.Count} instruction(s) before the first load"),
            "before-first-load" => Verdict.Fail($"{found.Count} instructions before the first load (at most {rule.Argument})", found),
            "table-permute" when found.Count > 0 && Matching(Permute()).Count > 0 => Verdict.Pass($"{found.Count} permutation row(s) widened by the load: {found[0]}; {Matching(Permute()).Count} permute(s)"),
            "table-permute" => Verdict.Fail("no lane permutation whose indices a table row widened by its load (vpmovzxb* reg, qword ptr [..]; vperm*)", Matching(Permute())),
            _ => throw new CouldNotRunException($"no asm rule '{rule.Name}'"),
        };
    }

    // The blocks a jump table's entries lead to: the first label of each entry (dd G_M000_IG09 - G_M000_IG02, or
    // dd 00000045h ; case G_M000_IG05).
    private static int TableTargets(List<string> entries) => entries.Select(e => BlockLabel().Match(e)).Where(m => m.Success).Select(m => m.Value).Distinct().Count();

    // Throw helpers, and what the rules file allows (call=Type:Method globs, helper=CORINFO_HELP_X globs).
    private static bool Allowed(HotMethod hot, string target) => target.Trim('[', ']') is var helper && helper.StartsWith("CORINFO_HELP_", StringComparison.Ordinal)
        ? hot.Allows("helper", helper)
        : ManagedMethod(target) is { } method && (method[(method.LastIndexOf(':') + 1)..].StartsWith("Throw", StringComparison.Ordinal) || hot.Allows("call", method));

    // [Sparrow.Formatting.Etag:ThrowInvalidEtag[char](System.ReadOnlySpan`1[char]):Sparrow.Formatting.Etag] → Sparrow.Formatting.Etag:ThrowInvalidEtag
    // (instantiations and an indirect call's memory slot dropped); null for a register or memory operand alone.
    public static string? ManagedMethod(string target)
    {
        string text = target.StartsWith('[') ? target[1..] : target;
        // An indirect call through memory names its slot first: "r14+0x18]System.Buffers.SpanAction`2[...]:Invoke(...)".
        int close = text.IndexOf(']');
        text = close >= 0 && !text[..close].Contains(':') && !text[..close].Contains('[') ? text[(close + 1)..] : text;
        int open = text.IndexOf('(');
        string method = open < 0 ? "" : string.Concat(IlText.Scan(text[..open], "[", "]").Where(s => s.Depth == 0 && s.Char is not ('[' or ']')).Select(s => s.Char));
        return method.Contains(':') && !method.Contains(' ') ? method : null;
    }

    // x64: jmp rax, jmp qword ptr [...]; arm64: br x5.
    [GeneratedRegex(@"^\s+(jmp\s+(r\w+|qword ptr \[.*\])|br\s+x\d+)\s*$")] private static partial Regex IndirectJump();
    [GeneratedRegex(@"^\s+vzeroupper\b")] private static partial Regex Vzeroupper();
    // A memory operand that is neither a constant (reloc) nor a stack slot: a load of the method's inputs.
    [GeneratedRegex(@"ptr \[(?!reloc)(?![^\]]*\b(rsp|rbp)\b)")] private static partial Regex InputLoad();
    [GeneratedRegex(@"^\s*(RWD\d+\s+)?dd\s")] private static partial Regex TableEntry();
    [GeneratedRegex(@"G_M\d+_IG\d+")] private static partial Regex BlockLabel();
    // x64: jne, jbe...; arm64: bhi, ble..., cbz, cbnz, tbz, tbnz.
    [GeneratedRegex(@"^\s+(j(?!mp)\w+|b(eq|ne|hs|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)|cbn?z|tbn?z)\s")] private static partial Regex ConditionalJump();
    [GeneratedRegex("CORINFO_HELP_RNGCHKFAIL")] private static partial Regex RangeCheck();
    // vmovdqu8 ymm0 {k1}{z}, ymmword ptr [rdi]: a load that never touches the masked-off bytes, so it cannot fault on them.
    [GeneratedRegex(@"^\s+vmov\w*\s+[xyz]mm\d+\s*\{k[1-7]\}(\{z\})?\s*,\s*[xyz]mmword ptr \[")] private static partial Regex MaskedLoad();
    // vmovdqu8 ymmword ptr [rdi] {k1}, ymm0: a store that writes no masked-off byte.
    [GeneratedRegex(@"^\s+vmov\w*\s+[xyz]mmword ptr \[[^\]]*\]\s*\{k[1-7]\}\s*,\s*[xyz]mm\d+")] private static partial Regex MaskedStore();
    [GeneratedRegex(@"[xyz]mmword ptr \[(?!reloc)")] private static partial Regex VectorMemory();
    // vpcompressd zmmword ptr [rdi] {k1}, zmm0: the memory form, microcoded on Zen 4 (~140 cycles); the register form
    // (vpcompressd zmm1 {k1}{z}, zmm0) then a plain or masked store is a few uops.
    [GeneratedRegex(@"^\s+v(p)?compress\w*\s+[xyz]mmword ptr \[")] private static partial Regex MemoryCompress();
    [GeneratedRegex(@"^\s+v(p)?compress\w*\s+[xyz]mm\d+")] private static partial Regex RegisterCompress();
    // vpmovzxbq zmm1, qword ptr [r10+8*r9]: a permutation table's row of byte indices, widened by the load itself.
    [GeneratedRegex(@"^\s+vpmovzxb[dq]\s+[yz]mm\d+\s*,\s*qword ptr \[")] private static partial Regex TableRowLoad();
    [GeneratedRegex(@"^\s+vperm(q|d|i2q|i2d|t2q|t2d)\s+[yz]mm")] private static partial Regex Permute();
    [GeneratedRegex(@"^\s+v?pclmul\w*qdq\s")] private static partial Regex CarrylessMultiply(); // pclmulqdq, vpclmullqlqdq, vpclmulhqhqdq...
}
