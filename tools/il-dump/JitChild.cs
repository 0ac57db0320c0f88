using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics.X86;
using System.Runtime.Loader;

namespace IlDump;

/// <summary>
/// The hidden <c>jit-child</c> command: run by <see cref="AsmRunner"/> in a child process whose environment asks
/// the JIT to print one method (DOTNET_JitDisasm) with tiering off, so the code is the fully optimised code.
/// It first checks the instruction sets the entry requires (this process's JIT, with the entry's env:, is the one
/// that compiles), then loads the assemblies, runs the declaring type's class constructor (so static readonly tables
/// are JIT-time constants and no class-initialisation helper call appears: the asm rules do not allow those), and
/// compiles the method with <see cref="RuntimeHelpers.PrepareMethod(RuntimeMethodHandle)"/> without calling it.
/// In <c>caller</c> mode it instead compiles a generated static method that forwards its arguments to the hot
/// method (<c>IlDumpInlineSample:Calls_&lt;Name&gt;</c>), whose code shows whether the hot method was inlined.
/// </summary>
internal static class JitChild
{
    public const string Command = "jit-child";

    public const string CallerType = "IlDumpInlineSample";

    /// <summary>The exit code that says this JIT lacks a required instruction set (printed on the output).</summary>
    public const int LacksIsa = 3;

    public static string CallerName(string method) => "Calls_" + method.Replace('.', '_');

    /// <summary>
    /// Whether this process's JIT supports the System.Runtime.Intrinsics.X86 class <paramref name="isa"/>
    /// (<c>Avx2</c>, <c>Avx512BW.VL</c>); null when there is no such class.
    /// </summary>
    public static bool? IsaSupported(string isa) =>
        typeof(X86Base).Assembly.GetType("System.Runtime.Intrinsics.X86." + isa.Replace('.', '+'))
            ?.GetProperty("IsSupported", BindingFlags.Public | BindingFlags.Static)?.GetValue(null) as bool?;

    /// <summary><c>jit-child method|caller &lt;required ISAs, comma-separated&gt; &lt;method key&gt; &lt;assembly path&gt;...</c></summary>
    public static int Run(string[] args)
    {
        string[] lacking = args[1].Split(',', StringSplitOptions.RemoveEmptyEntries).Where(isa => IsaSupported(isa) != true).ToArray();
        if (lacking.Length > 0)
        {
            Console.WriteLine(string.Join(' ', lacking));
            return LacksIsa;
        }

        bool caller = args[0] == "caller";
        MethodKey? key = MethodKey.Parse(args[2]);
        Assembly[] assemblies = args[3..].Select(p => AssemblyLoadContext.Default.LoadFromAssemblyPath(Path.GetFullPath(p))).ToArray();
        MethodInfo? method = assemblies.SelectMany(a => a.GetTypes()).SelectMany(Methods).FirstOrDefault(m => ReflectionKey.Of(m) == key);
        if (method is null)
        {
            Console.Error.WriteLine($"jit-child: method not found: {args[2]}");
            return 2;
        }

        if (method.IsGenericMethodDefinition || method.DeclaringType!.ContainsGenericParameters)
        {
            Console.Error.WriteLine($"jit-child: {key} is generic; machine-code rules need a closed method");
            return 2;
        }

        RuntimeHelpers.RunClassConstructor(method.DeclaringType.TypeHandle);
        RuntimeHelpers.PrepareMethod((caller ? BuildCaller(method) : method).MethodHandle);
        Console.WriteLine($"prepared {(caller ? CallerType + ":" + CallerName(method.Name) : key)}");
        return 0;
    }

    private static IEnumerable<MethodInfo> Methods(Type type) =>
        type.GetMethods(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly);

    /// <summary>A static method in a dynamic assembly that loads its arguments and calls <paramref name="target"/>.</summary>
    private static MethodInfo BuildCaller(MethodInfo target)
    {
        if (!target.IsStatic)
            throw new CouldNotRunException($"the inlining rule needs a static method; {target} is an instance method");
        AssemblyBuilder assembly = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName("IlDumpInlineSamples"), AssemblyBuilderAccess.Run);
        ModuleBuilder module = assembly.DefineDynamicModule("IlDumpInlineSamples");
        TypeBuilder type = module.DefineType(CallerType, TypeAttributes.Public | TypeAttributes.Abstract | TypeAttributes.Sealed);
        Type[] parameters = target.GetParameters().Select(p => p.ParameterType).ToArray();
        MethodBuilder builder = type.DefineMethod(CallerName(target.Name), MethodAttributes.Public | MethodAttributes.Static, target.ReturnType, parameters);
        ILGenerator il = builder.GetILGenerator();
        for (int i = 0; i < parameters.Length; i++)
            il.Emit(OpCodes.Ldarg, (short)i);
        il.Emit(OpCodes.Call, target);
        il.Emit(OpCodes.Ret);
        return type.CreateType().GetMethod(builder.Name)!;
    }
}
