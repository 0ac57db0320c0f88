using System.Reflection;

namespace IlDump;

/// <summary>Spells a reflected method the way ilspycmd's listing and the rules file do: <c>Ns.Outer/Inner::Name&lt;T&gt;(uint8*, int32)</c>.</summary>
internal static class ReflectionKey
{
    public static MethodKey Of(MethodInfo method)
    {
        string generic = method.IsGenericMethodDefinition
            ? "<" + string.Join(", ", method.GetGenericArguments().Select(a => a.Name)) + ">"
            : "";
        return new MethodKey(TypeName(method.DeclaringType!), method.Name, generic, [.. method.GetParameters().Select(p => Spell(p.ParameterType))]);
    }

    private static string TypeName(Type type) =>
        type.DeclaringType is { } outer ? $"{TypeName(outer)}/{type.Name}" : type.FullName ?? type.Name;

    private static readonly Dictionary<Type, string> Primitives = new()
    {
        [typeof(void)] = "void", [typeof(bool)] = "bool", [typeof(char)] = "char",
        [typeof(sbyte)] = "int8", [typeof(byte)] = "uint8", [typeof(short)] = "int16", [typeof(ushort)] = "uint16",
        [typeof(int)] = "int32", [typeof(uint)] = "uint32", [typeof(long)] = "int64", [typeof(ulong)] = "uint64",
        [typeof(float)] = "float32", [typeof(double)] = "float64", [typeof(nint)] = "native int", [typeof(nuint)] = "native uint",
        [typeof(string)] = "string", [typeof(object)] = "object", [typeof(TypedReference)] = "typedref",
    };

    private static string Spell(Type type)
    {
        if (Primitives.TryGetValue(type, out string? name))
            return name;
        if (type.IsByRef)
            return Spell(type.GetElementType()!) + "&";
        if (type.IsPointer)
            return Spell(type.GetElementType()!) + "*";
        if (type.IsSZArray)
            return Spell(type.GetElementType()!) + "[]";
        if (type.IsGenericMethodParameter)
            return "!!" + type.Name;
        if (type.IsGenericTypeParameter)
            return "!" + type.Name;
        if (type.IsGenericType && !type.IsGenericTypeDefinition)
            return $"{TypeName(type.GetGenericTypeDefinition())}<{string.Join(", ", type.GetGenericArguments().Select(Spell))}>";
        return TypeName(type);
    }
}
