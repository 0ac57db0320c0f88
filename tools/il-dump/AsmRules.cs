using System.Text.RegularExpressions;

namespace IlDump;

/// <summary>The machine code the JIT printed for one method (DOTNET_JitDisasm), split into instruction lines.</summary>
internal sealed partial class AsmListing(string text)
{
    public string Text { get; } = text;

    public IReadOnlyList<string> Lines { get; } = text.ReplaceLineEndings("\n").Split('\n');

    /// <summary>Call-like instructions: <c>call</c>, and jumps that leave the method (<c>tail.jmp [X:Y()]</c>, <c>jmp CORINFO_HELP_X</c>).</summary>
    public IEnumerable<(string Line, string Target)> Calls() =>
        Lines.Select(l => CallPattern().Match(l)).Where(m => m.Success && !m.Groups[2].Value.StartsWith("G_M", StringComparison.Ordinal)
                && (m.Groups[1].Value != "jmp" || m.Groups[2].Value.StartsWith('[') || m.Groups[2].Value.StartsWith("CORINFO_", StringComparison.Ordinal)))
            .Select(m => (m.Value.Trim(), m.Groups[2].Value.Trim()));

    [GeneratedRegex(@"^\s+(call|tail\.jmp|jmp)\s+(.+?)\s*$")]
    private static partial Regex CallPattern();
}

/// <summary>
/// The machine-code rules (x64). Calls to methods whose name starts with Throw are allowed everywhere (they are
/// the out-of-line throw helpers); other calls need an <c>allow: call=</c> or <c>allow: helper=</c> in the rules file.
/// Class-initialisation helpers are not allowed: the jit-child runs class constructors first, so they do not appear.
/// </summary>
internal static partial class AsmRules
{
    public static readonly IReadOnlyCollection<string> Names = ["jump-table", "no-rngchk", "no-calls", "inlined", "masked-loads", "masked-stores", "clmul"];

    /// <summary>Applies <paramref name="rule"/> to a method's machine code; SKIP when the JIT lacks an instruction set the entry requires.</summary>
    public static Verdict Apply(RuleRef rule, AsmResult compiled)
    {
        HotMethod hot = compiled.Method.Hot;
        if (compiled.Asm is not { } asm)
            return Verdict.Skip($"this JIT lacks {compiled.Lacking}" + (hot.Env.Count > 0 ? $" (with {string.Join(' ', hot.Env)})" : ""));

        switch (rule.Name)
        {
            case "jump-table":
            {
                int entries = asm.Lines.Count(l => TableEntry().IsMatch(l));
                return asm.Lines.Any(l => IndirectJump().IsMatch(l)) && entries > 0
                    ? Verdict.Pass($"indirect jump through a {entries}-entry table")
                    : Verdict.Fail("no indirect jump through a jump table (jmp reg + RWD dd entries)",
                        asm.Lines.Where(l => ConditionalJump().IsMatch(l)).Select(l => l.Trim()).Prepend("compare-and-branch instead:"));
            }

            case "no-rngchk":
            {
                List<string> checks = asm.Lines.Where(l => l.Contains("CORINFO_HELP_RNGCHKFAIL", StringComparison.Ordinal)).Select(l => l.Trim()).ToList();
                return Verdict.PassUnless(checks, $"array/span bounds check: {checks.Count} call(s) to CORINFO_HELP_RNGCHKFAIL");
            }

            case "no-calls":
            {
                List<string> calls = asm.Calls().Where(c => !Allowed(hot, c.Target)).Select(c => c.Line).ToList();
                return Verdict.PassUnless(calls, $"{calls.Count} call(s) on the hot path");
            }

            case "inlined":
            {
                if (compiled.Caller is not { } caller)
                    return Verdict.Fail("no machine code for the sample caller", []);
                List<string> calls = caller.Calls().Where(c => c.Target.Contains(hot.Key.JitName + "(", StringComparison.Ordinal)).Select(c => c.Line).ToList();
                return calls.Count == 0
                    ? Verdict.Pass($"inlined into {JitChild.CallerType}:{JitChild.CallerName(hot.Key.Name)}")
                    : Verdict.Fail("not inlined: the sample caller still calls it", calls);
            }

            case "masked-loads":
                return Masked(asm, MaskedLoad(), "load", "no vector load through an AVX-512 opmask (vmov* reg {k} or {k}{z} from memory)");

            case "masked-stores":
                return Masked(asm, MaskedStore(), "store", "no vector store through an AVX-512 opmask (vmov* memory {k}, reg)");

            case "clmul":
            {
                List<string> products = asm.Lines.Where(l => CarrylessMultiply().IsMatch(l)).Select(l => l.Trim()).ToList();
                return products.Count > 0
                    ? Verdict.Pass($"{products.Count} carry-less multiply(s): {products[0]}")
                    : Verdict.Fail("no carry-less multiply (pclmulqdq, vpclmul*qdq)", []);
            }

            default:
                throw new CouldNotRunException($"no asm rule '{rule.Name}'");
        }
    }

    /// <summary>PASS when some instruction matches <paramref name="masked"/>; else FAIL listing the vector memory operands found.</summary>
    private static Verdict Masked(AsmListing asm, Regex masked, string access, string failure)
    {
        List<string> found = asm.Lines.Where(l => masked.IsMatch(l)).Select(l => l.Trim()).ToList();
        return found.Count > 0
            ? Verdict.Pass($"{found.Count} masked {access}(s): {found[0]}")
            : Verdict.Fail(failure, asm.Lines.Where(l => VectorMemory().IsMatch(l)).Select(l => l.Trim()).Prepend("vector memory operands, none masked:"));
    }

    /// <summary>Throw helpers, and what the rules file allows (<c>call=Type:Method</c> globs, <c>helper=CORINFO_HELP_X</c> globs).</summary>
    private static bool Allowed(HotMethod hot, string target)
    {
        string helper = target.Trim('[', ']');
        if (helper.StartsWith("CORINFO_HELP_", StringComparison.Ordinal))
            return hot.Allowed("helper").Any(a => a.Matches(helper));

        if (ManagedMethod(target) is not { } method)
            return false;
        return method[(method.LastIndexOf(':') + 1)..].StartsWith("Throw", StringComparison.Ordinal)
            || hot.Allowed("call").Any(a => a.Matches(method));
    }

    /// <summary>
    /// <c>[Sparrow.Etag:ThrowInvalidEtag[char](System.ReadOnlySpan`1[char]):Sparrow.Etag]</c> →
    /// <c>Sparrow.Etag:ThrowInvalidEtag</c> (generic instantiations, nested or not, and an indirect call's memory slot
    /// dropped); null for a register or memory operand alone.
    /// </summary>
    public static string? ManagedMethod(string target)
    {
        string text = target.StartsWith('[') ? target[1..] : target;
        // An indirect call through memory names its slot first: "r14+0x18]System.Buffers.SpanAction`2[...]:Invoke(...)".
        int close = text.IndexOf(']');
        if (close >= 0 && !text[..close].Contains(':') && !text[..close].Contains('['))
            text = text[(close + 1)..];
        int open = text.IndexOf('(');
        if (open < 0)
            return null;
        string method = string.Concat(IlText.Scan(text[..open], "[", "]").Where(s => s.Depth == 0 && s.Char is not ('[' or ']')).Select(s => s.Char));
        return method.Contains(':') && !method.Contains(' ') ? method : null;
    }

    [GeneratedRegex(@"^\s+jmp\s+(r\w+|qword ptr \[.*\])\s*$")]
    private static partial Regex IndirectJump();

    [GeneratedRegex(@"^\s*(RWD\d+\s+)?dd\s")]
    private static partial Regex TableEntry();

    [GeneratedRegex(@"^\s+j(?!mp)\w+\s")]
    private static partial Regex ConditionalJump();

    // vmovdqu8 ymm0 {k1}{z}, ymmword ptr [rdi]: a load that never touches the masked-off bytes, so it cannot fault on them.
    [GeneratedRegex(@"^\s+vmov\w*\s+[xyz]mm\d+\s*\{k[1-7]\}(\{z\})?\s*,\s*[xyz]mmword ptr \[")]
    private static partial Regex MaskedLoad();

    // vmovdqu8 ymmword ptr [rdi] {k1}, ymm0: a store that writes no masked-off byte.
    [GeneratedRegex(@"^\s+vmov\w*\s+[xyz]mmword ptr \[[^\]]*\]\s*\{k[1-7]\}\s*,\s*[xyz]mm\d+")]
    private static partial Regex MaskedStore();

    // pclmulqdq, or the forms the JIT prints with the selector spelled out (vpclmullqlqdq, vpclmulhqhqdq).
    [GeneratedRegex(@"^\s+v?pclmul\w*qdq\s")]
    private static partial Regex CarrylessMultiply();

    [GeneratedRegex(@"[xyz]mmword ptr \[(?!reloc)")]
    private static partial Regex VectorMemory();
}
