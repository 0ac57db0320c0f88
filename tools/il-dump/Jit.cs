using System.Collections.Concurrent;

namespace IlDump;

// Gets the JIT's machine code: a child process per entry (the hidden jit-child command) with DOTNET_TieredCompilation=0, DOTNET_JitDisasm,
// DOTNET_JitDisasmDiffable=1 (handles and addresses as constants, so revisions diff cleanly), DOTNET_JitStdOutFile and the entry's env.
internal static class AsmRunner
{
    private const string ListingHeader = "; Assembly listing for method ";
    public static bool IsSupported => RuntimeInformation.ProcessArchitecture == Architecture.X64;

    public static async Task<List<AsmResult>> CompileAsync(IReadOnlyList<Resolved> methods, IReadOnlyList<string> assemblies, string workingDirectory)
    {
        Arm64Jit? arm64 = methods.Any(m => m.Hot.Arm64) ? await Arm64Jit.PrepareAsync(workingDirectory) : null;
        var results = new AsmResult[methods.Count];
        await Parallel.ForEachAsync(Enumerable.Range(0, methods.Count), new ParallelOptions { MaxDegreeOfParallelism = Environment.ProcessorCount }, async (i, _) =>
        {
            HotMethod hot = methods[i].Hot;
            (AsmListing? asm, string? lacking) = await JitAsync(hot, caller: false, assemblies, workingDirectory, arm64);
            bool inlined = asm is not null && hot.AsmRules.Any(rule => rule.Name == "inlined");
            results[i] = new AsmResult(methods[i], asm, inlined ? (await JitAsync(hot, caller: true, assemblies, workingDirectory, arm64)).Asm : null, lacking);
        });
        return [.. results];
    }

    private static async Task<(AsmListing? Asm, string? Lacking)> JitAsync(HotMethod hot, bool caller, IReadOnlyList<string> assemblies, string workingDirectory, Arm64Jit? arm64)
    {
        if (hot.Arm64 && arm64!.Lacking is { } lacking)
            return (null, lacking);
        string jitName = caller ? $"{JitChild.CallerType}:{JitChild.CallerName(hot.Key.Name)}" : hot.Key.JitName;
        string output = Path.Combine(Path.GetTempPath(), $"il-dump-{Guid.NewGuid():N}.asm"), self = typeof(JitChild).Assembly.Location;
        try
        {
            string[] child = [JitChild.Command, caller ? "caller" : "method", string.Join(',', hot.Requires), hot.Key.ToString(), .. assemblies];
            string[] env = ["DOTNET_TieredCompilation=0", $"DOTNET_JitDisasm={jitName}", "DOTNET_JitDisasmDiffable=1", $"DOTNET_JitStdOutFile={output}", .. hot.Env];
            ProcessResult result = hot.Arm64
                ? await Processes.RunAsync(Arm64Jit.Emulator, [arm64!.Tool, .. child], workingDirectory, [.. env, .. Arm64Jit.Env])
                : await Processes.RunAsync(Processes.DotNet, ["exec", "--runtimeconfig", Path.ChangeExtension(self, ".runtimeconfig.json"), self, .. child], workingDirectory, env);
            if (result.ExitCode == JitChild.LacksIsa)
                return (null, result.Output.Trim());
            result.OrThrow($"the JIT child for {hot.Display}");
            // The JIT's output cut at each method's header; the last listing of the method is the one compiled.
            string? section = (File.Exists(output) ? await File.ReadAllTextAsync(output) : "").Split(ListingHeader).Skip(1)
                .LastOrDefault(s => AsmListing.Names(s[..s.IndexOf('\n')], jitName));
            return section is null ? throw new CouldNotRunException($"the JIT printed no code for {jitName} (DOTNET_JitDisasm={jitName})")
                : (new AsmListing(ListingHeader + section.TrimEnd() + "\n"), null);
        }
        finally
        {
            File.Delete(output);
        }
    }
}

// The linux-arm64 JIT for the arm64: entries: this tool published self-contained for linux-arm64 (artifacts/il-dump-arm64)
// and its jit-child run under qemu-user, as tools/arm64/run-tests.sh runs the tests. Lacking says why it cannot run here.
internal sealed record Arm64Jit(string Tool, string? Lacking)
{
    public const string Emulator = "qemu-aarch64-static";

    // Whether the emulator is on PATH (on a fresh CI machine, only once tools/arm64/run-tests.sh has installed it).
    public static bool HasEmulator => (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator).Any(dir => File.Exists(Path.Combine(dir, Emulator)));

    // W^X off: the runtime writes JIT code through a second mapping that qemu-user does not see (run-tests.sh says more).
    public static readonly string[] Env = ["DOTNET_EnableWriteXorExecute=0", "DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1"];

    // One publish a root per process: the entries JIT in parallel, and two publishes of one project into one folder collide.
    private static readonly ConcurrentDictionary<string, Lazy<Task<Arm64Jit>>> Prepared = new();

    public static Task<Arm64Jit> PrepareAsync(string root) => Prepared.GetOrAdd(root, r => new(() => PublishAsync(r))).Value;

    private static async Task<Arm64Jit> PublishAsync(string root)
    {
        string directory = Path.Combine(root, "artifacts", "il-dump-arm64"), tool = Path.Combine(directory, "il-dump");
        if (!HasEmulator)
            return new(tool, $"no {Emulator} on PATH to run the linux-arm64 JIT (tools/arm64/run-tests.sh installs it)");
        (await Processes.RunAsync(Processes.DotNet, ["publish", Path.Combine(root, "tools", "il-dump", "il-dump.csproj"), "-c", "Release", "-r", "linux-arm64",
            "--self-contained", "-o", directory, "-nologo", "-v", "q"], root)).OrThrow("the linux-arm64 publish of il-dump");
        return new(tool, null);
    }
}

// The hidden jit-child command, run by AsmRunner in a process whose environment asks the JIT to print one method. It checks the instruction sets the
// entry requires (this process's JIT, with the entry's env, is the one that compiles), loads the assemblies, runs the class constructors of the
// declaring type and the types enclosing it (so static readonly tables, a kernel's outer type's too, are JIT-time constants and no class-initialisation
// or static-base helper appears, as in tiered code, compiled after they ran), and compiles the method (closed with the
// key's type arguments when generic) without calling it. In caller mode it compiles instead a generated static method that forwards its arguments to
// the hot method (IlDumpInlineSample:Calls_<Name>): its code shows whether the hot method was inlined.
internal static class JitChild
{
    public const string Command = "jit-child", CallerType = "IlDumpInlineSample";

    // The exit code that says this JIT lacks a required instruction set (printed on the output).
    public const int LacksIsa = 3;
    public static string CallerName(string method) => "Calls_" + method.Replace('.', '_');

    // Whether this JIT supports the System.Runtime.Intrinsics.X86 class isa (Avx512BW.VL); null when there is none.
    public static bool? IsaSupported(string isa) => typeof(X86Base).Assembly.GetType("System.Runtime.Intrinsics.X86." + isa.Replace('.', '+'))
        ?.GetProperty("IsSupported", BindingFlags.Public | BindingFlags.Static)?.GetValue(null) as bool?;

    // jit-child method|caller <required ISAs, comma-separated> <method key> <assembly path>...
    public static int Run(string[] args)
    {
        string[] lacking = [.. args[1].Split(',', StringSplitOptions.RemoveEmptyEntries).Where(isa => IsaSupported(isa) != true)];
        if (lacking.Length > 0)
        {
            Console.WriteLine(string.Join(' ', lacking));
            return LacksIsa;
        }

        MethodKey key = MethodKey.Parse(args[2])!;
        Assembly[] assemblies = [.. args[3..].Select(p => AssemblyLoadContext.Default.LoadFromAssemblyPath(Path.GetFullPath(p)))];
        MethodInfo? method = assemblies.SelectMany(a => a.GetTypes()).Where(t => TypeName(t) == key.TypeName)
            .SelectMany(t => t.GetMethods(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly))
            .Where(m => m.Name == key.Name).Select(m => Close(m, key, assemblies)).FirstOrDefault(m => KeyOf(m) == key);
        if (method is null || method.ContainsGenericParameters)
        {
            Console.Error.WriteLine(method is null ? $"jit-child: method not found: {key}"
                : $"jit-child: {key} is generic; machine-code rules need a closed method (name its type arguments: Name<int64>(...))");
            return 2;
        }

        for (Type? type = method.DeclaringType; type is not null; type = type.DeclaringType)
            RuntimeHelpers.RunClassConstructor(type.TypeHandle);
        MethodInfo compiled = args[0] == "caller" ? BuildCaller(method) : method;
        RuntimeHelpers.PrepareMethod(compiled.IsGenericMethod ? compiled.GetGenericMethodDefinition().MethodHandle : compiled.MethodHandle,
            [.. compiled.GetGenericArguments().Select(t => t.TypeHandle)]);
        Console.WriteLine($"prepared {compiled.DeclaringType}:{compiled.Name}");
        return 0;
    }

    // A generic method definition instantiated with the type arguments the key names when they are types (Read<int64>); else the method (Read<T>).
    private static MethodInfo Close(MethodInfo method, MethodKey key, Assembly[] assemblies)
    {
        Type?[] types = [.. IlText.GenericList(key.Generic).Select(a => Primitives.FirstOrDefault(p => p.Value == a).Key
            ?? assemblies.Select(x => x.GetType(a.Replace('/', '+'))).FirstOrDefault(t => t is not null) ?? Type.GetType(a.Replace('/', '+')))];
        return method.IsGenericMethodDefinition && types.Length == method.GetGenericArguments().Length && !types.Contains(null) ? method.MakeGenericMethod(types!) : method;
    }

    // A static method in a dynamic assembly that loads its arguments and calls target.
    private static MethodInfo BuildCaller(MethodInfo target)
    {
        if (!target.IsStatic)
            throw new CouldNotRunException($"the inlining rule needs a static method; {target} is an instance method");
        TypeBuilder type = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName("IlDumpInlineSamples"), AssemblyBuilderAccess.Run)
            .DefineDynamicModule("IlDumpInlineSamples").DefineType(CallerType, TypeAttributes.Public | TypeAttributes.Abstract | TypeAttributes.Sealed);
        Type[] parameters = [.. target.GetParameters().Select(p => p.ParameterType)];
        ILGenerator il = type.DefineMethod(CallerName(target.Name), MethodAttributes.Public | MethodAttributes.Static, target.ReturnType, parameters).GetILGenerator();
        for (int i = 0; i < parameters.Length; i++)
            il.Emit(OpCodes.Ldarg, (short)i);
        il.Emit(OpCodes.Call, target);
        il.Emit(OpCodes.Ret);
        return type.CreateType().GetMethod(CallerName(target.Name))!;
    }

    // A reflected method spelled as ilspycmd's listing and the rules file do: Ns.Outer/Inner::Name<T>(uint8*, int32).
    private static MethodKey KeyOf(MethodInfo method) => new(TypeName(method.DeclaringType!), method.Name,
        method.IsGenericMethod ? "<" + string.Join(", ", method.GetGenericArguments().Select(a => a.IsGenericParameter ? a.Name : Spell(a))) + ">" : "",
        [.. method.GetParameters().Select(p => Spell(p.ParameterType))]);

    private static string TypeName(Type type) => type.DeclaringType is { } outer ? $"{TypeName(outer)}/{type.Name}" : type.FullName ?? type.Name;

    private static readonly Dictionary<Type, string> Primitives = new()
    {
        [typeof(void)] = "void", [typeof(bool)] = "bool", [typeof(char)] = "char", [typeof(sbyte)] = "int8", [typeof(byte)] = "uint8", [typeof(short)] = "int16",
        [typeof(ushort)] = "uint16", [typeof(int)] = "int32", [typeof(uint)] = "uint32", [typeof(long)] = "int64", [typeof(ulong)] = "uint64", [typeof(float)] = "float32",
        [typeof(double)] = "float64", [typeof(nint)] = "native int", [typeof(nuint)] = "native uint", [typeof(string)] = "string", [typeof(object)] = "object",
        [typeof(TypedReference)] = "typedref",
    };

    private static string Spell(Type type) =>
        Primitives.TryGetValue(type, out string? name) ? name : type.IsByRef ? Spell(type.GetElementType()!) + "&"
        : type.IsPointer ? Spell(type.GetElementType()!) + "*" : type.IsSZArray ? Spell(type.GetElementType()!) + "[]"
        : type.IsGenericMethodParameter ? "!!" + type.Name : type.IsGenericTypeParameter ? "!" + type.Name
        : type.IsGenericType && !type.IsGenericTypeDefinition ? $"{TypeName(type.GetGenericTypeDefinition())}<{string.Join(", ", type.GetGenericArguments().Select(Spell))}>"
        : TypeName(type);
}
