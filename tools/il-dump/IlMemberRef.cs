namespace IlDump;

/// <summary>
/// A member reference as an IL operand spells it: <c>instance void valuetype [System.Runtime]System.ReadOnlySpan`1&lt;uint8&gt;::.ctor(void*, int32)</c>
/// or, for a field, <c>uint8[] Ns.Tables::Squares</c>; the rules file's method keys are read the same way (<see cref="MethodKey"/>).
/// </summary>
/// <param name="Scope">The assembly in brackets before the declaring type, or null when it is the listing's own.</param>
/// <param name="Keyword">valuetype or class when the operand says which, else null.</param>
/// <param name="TypeName">The declaring type without scope, keyword or instantiation (<c>System.ReadOnlySpan`1</c>).</param>
/// <param name="TypeGeneric">The declaring type's type arguments as written (<c>&lt;uint8&gt;</c>), or empty.</param>
/// <param name="Name">The member name (<c>.ctor</c>, <c>ReadUnaligned</c>).</param>
/// <param name="Generic">A generic method's type arguments or parameters as written (<c>&lt;uint64&gt;</c>, <c>&lt;T&gt;</c>), or empty.</param>
/// <param name="Parameters">Normalised parameter types, null for a field.</param>
/// <param name="ValueType">For a field: its type, normalised; for a method: its return type.</param>
internal sealed record IlMemberRef(string? Scope, string? Keyword, string TypeName, string TypeGeneric, string Name, string Generic,
    IReadOnlyList<string>? Parameters, string ValueType)
{
    public static IlMemberRef? Parse(string operand)
    {
        int colons = IlText.IndexOfTopLevel(operand, "::");
        List<string> left = colons < 0 ? [] : IlText.SplitTopLevel(operand[..colons]);
        if (left.Count == 0)
            return null;
        string typeToken = left[^1];
        string? keyword = left.Count > 1 && left[^2] is "valuetype" or "class" ? left[^2] : null;
        int valueTypeEnd = left.Count - (keyword is null ? 1 : 2);
        string valueType = IlText.NormalizeType(string.Join(' ', left.Take(valueTypeEnd).Where(t => t is not ("instance" or "explicit"))));

        string? scope = null;
        if (typeToken.StartsWith('['))
        {
            int close = typeToken.IndexOf(']');
            scope = typeToken[1..close];
            typeToken = typeToken[(close + 1)..];
        }

        (string typeName, string typeGeneric) = IlText.SplitGeneric(typeToken);
        string right = operand[(colons + 2)..].Trim();
        int open = IlText.IndexOfTopLevel(right, "(");
        if (open < 0)
            return new IlMemberRef(scope, keyword, typeName, typeGeneric, IlText.Unquote(right), "", null, valueType);

        (string name, string generic) = IlText.SplitGeneric(right[..open].Trim());
        string parameterList = right[(open + 1)..right.LastIndexOf(')')];
        return new IlMemberRef(scope, keyword, typeName, typeGeneric, name, generic, IlText.NormalizeParameterTypes(parameterList), valueType);
    }
}
