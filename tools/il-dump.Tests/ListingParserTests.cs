namespace IlDump.Tests;

/// <summary>Cutting methods out of real ilspycmd output: same names in different types, overloads, nesting, generics.</summary>
public sealed class ListingParserTests(FixturesListing fixtures) : IClassFixture<FixturesListing>
{
    private const string Parsing = "IlDump.Fixtures.Parsing";

    [Fact]
    public void The_same_name_in_different_and_nested_types_is_three_methods()
    {
        // Each Pick(int32) adds a different constant: 1 in Alpha, 4 in Alpha.Inner, 5 in Beta.
        Assert.Contains(fixtures.Method($"{Parsing}.Alpha::Pick(int32)").Instructions, i => i.OpCode == "ldc.i4.1");
        Assert.Contains(fixtures.Method($"{Parsing}.Alpha/Inner::Pick(int32)").Instructions, i => i.OpCode == "ldc.i4.4");
        Assert.Contains(fixtures.Method($"{Parsing}.Beta::Pick(int32)").Instructions, i => i.OpCode == "ldc.i4.5");
    }

    [Fact]
    public void Overloads_are_told_apart_by_the_signature()
    {
        string[] keys =
        [
            $"{Parsing}.Alpha::Pick(int32)",
            $"{Parsing}.Alpha::Pick(int64)",
            $"{Parsing}.Alpha::Pick(uint8*, int32)",
            $"{Parsing}.Alpha::Pick(System.ReadOnlySpan`1<char>, int32&)",
            $"{Parsing}.Alpha::Pick<T>(!!T)",
        ];
        IlMethod[] methods = keys.Select(fixtures.Method).ToArray();
        Assert.Equal(keys.Length, methods.Distinct().Count());
        Assert.Contains(methods[1].Instructions, i => i.OpCode == "conv.i8");
        Assert.Contains(methods[2].Instructions, i => i.OpCode == "ldind.u1");
        Assert.Contains(methods[3].Instructions, i => i.Operand.Contains("ReadOnlySpan`1<char>::get_Length", StringComparison.Ordinal));
        Assert.Equal(5, fixtures.Listing.Methods.Count(m => m.Key.TypeName == $"{Parsing}.Alpha" && m.Key.Name == "Pick"));
    }

    [Fact]
    public void Generic_methods_and_generic_types_are_named_as_IL_spells_them()
    {
        IlMethod generic = fixtures.Method($"{Parsing}.Alpha::Pick<T>(!!T)");
        Assert.Equal(["!!T"], generic.Key.Parameters);
        Assert.Equal("!!0", generic.CallSignature);
        IlMethod member = fixtures.Method($"{Parsing}.Holder`1::Pick(!T, int32)");
        Assert.Equal($"{Parsing}.Holder`1", member.Key.TypeName);
    }

    [Fact]
    public void A_generic_method_closed_with_its_type_arguments_is_the_definition_with_them_bound()
    {
        (IlMethod method, TypeArguments arguments) = Assert.Single(fixtures.Listing.FindMethods(MethodKey.Parse($"{Parsing}.Alpha::Pick<int32>(int32)")!));
        Assert.Equal($"{Parsing}.Alpha::Pick<T>(!!T)", method.Key.ToString());
        Assert.Equal("!!T=int32", arguments.Text);
        Assert.Empty(fixtures.Listing.FindMethods(MethodKey.Parse($"{Parsing}.Alpha::Pick<int32>(int64)")!));
        Assert.Empty(fixtures.Listing.FindMethods(MethodKey.Parse($"{Parsing}.Alpha::Pick<int32, int64>(int32)")!));
    }

    [Fact]
    public void An_every_entry_is_an_entry_per_listed_method_it_matches_and_at_least_one()
    {
        RulesFile every = RulesFile.Parse($"assembly x.dll\nevery {Parsing}.Alpha::Pick(*)  il: no-box", "t.rules", fixtures.Root);
        Inspector inspector = fixtures.Inspector with { Rules = every };
        Assert.Equal(
            [$"{Parsing}.Alpha::Pick(int32)", $"{Parsing}.Alpha::Pick(int64)", $"{Parsing}.Alpha::Pick(uint8*, int32)", $"{Parsing}.Alpha::Pick(System.ReadOnlySpan`1<char>, int32&)"],
            inspector.Resolve().Select(r => r.Hot.Display));
        Inspector none = fixtures.Inspector with { Rules = RulesFile.Parse($"assembly x.dll\nevery {Parsing}.Gamma::*(*)  il: no-box", "t.rules", fixtures.Root) };
        Assert.Contains("t.rules:2: method not found", Assert.Throws<CouldNotRunException>(() => none.Resolve()).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Keys_match_without_regard_to_spacing_and_a_wrong_signature_matches_nothing()
    {
        Assert.Single(fixtures.Listing.FindMethods(MethodKey.Parse($"{Parsing}.Alpha::Pick(uint8*,int32)")!));
        Assert.Empty(fixtures.Listing.FindMethods(MethodKey.Parse($"{Parsing}.Alpha::Pick(uint8*, int64)")!));
        Assert.Empty(fixtures.Listing.FindMethods(MethodKey.Parse($"{Parsing}.Gamma::Pick(int32)")!));
    }

    [Fact]
    public void Bodies_are_cut_at_their_own_closing_brace()
    {
        IlMethod method = fixtures.Method("IlDump.Fixtures.Dispatch::WithSwitch(uint8*, uint8*, int32)");
        Assert.StartsWith(".method public hidebysig static", method.Lines[0], StringComparison.Ordinal);
        Assert.Equal("} // end of method Dispatch::WithSwitch", method.Lines[^1]);
        Assert.Equal(0, method.Instructions[0].Offset);
        Assert.Equal("ret", method.Instructions[^1].OpCode);
        IlInstruction dispatch = Assert.Single(method.Instructions, i => i.OpCode == "switch");
        Assert.Equal(17, dispatch.Targets().Count());
    }

    [Fact]
    public void Inlining_flags_types_and_fields_come_from_the_metadata()
    {
        Assert.True(fixtures.Method("IlDump.Fixtures.Calls::Inlinable(int32)").AggressiveInlining);
        Assert.False(fixtures.Method("IlDump.Fixtures.Calls::NeverInlined(int32)").AggressiveInlining);
        Assert.False(fixtures.Listing.FindType("IlDump.Fixtures.Allocation/Reference")!.IsValueType);
        IlType tables = fixtures.Listing.FindType("IlDump.Fixtures.Tables")!;
        Assert.Contains(tables.Fields, f => f is { Name: "Squares", Type: "uint8[]", IsInitOnly: true });
        Assert.Contains(tables.Fields, f => f is { Name: "s_mutable", IsInitOnly: false });
    }

    [Fact]
    public void Member_references_are_read_from_operands()
    {
        IlMemberRef span = IlMemberRef.Parse("instance void valuetype [System.Runtime]System.ReadOnlySpan`1<uint8>::.ctor(void*, int32)")!;
        Assert.Equal(("System.Runtime", "valuetype", "System.ReadOnlySpan`1", ".ctor"), (span.Scope, span.Keyword, span.TypeName, span.Name));
        Assert.Equal(["void*", "int32"], span.Parameters!);

        IlMemberRef read = IlMemberRef.Parse("!!0 [System.Runtime]System.Runtime.CompilerServices.Unsafe::ReadUnaligned<uint64>(void*)")!;
        Assert.Equal(("ReadUnaligned", "<uint64>"), (read.Name, read.Generic));

        IlMemberRef nested = IlMemberRef.Parse("instance void IlDump.Fixtures.Allocation/'<>c'::.ctor()")!;
        Assert.Equal((null, "IlDump.Fixtures.Allocation/<>c"), (nested.Scope, nested.TypeName));

        IlMemberRef field = IlMemberRef.Parse("uint8[] IlDump.Fixtures.Tables::s_mutable")!;
        Assert.Equal(("uint8[]", "s_mutable", null), (field.ValueType, field.Name, field.Parameters));
    }

    [Fact]
    public void Method_keys_parse_compare_without_spacing_and_name_their_files()
    {
        MethodKey key = MethodKey.Parse("Ns.Outer/Inner::Pick<T, U>(System.ReadOnlySpan`1<char>,  uint8* , !!T)")!;
        Assert.Equal(("Ns.Outer/Inner", "Pick", "<T, U>"), (key.TypeName, key.Name, key.Generic));
        Assert.Equal(["System.ReadOnlySpan`1<char>", "uint8*", "!!T"], key.Parameters);
        Assert.Equal("Ns.Outer/Inner::Pick<T, U>(System.ReadOnlySpan`1<char>, uint8*, !!T)", key.ToString());
        Assert.Equal(MethodKey.Parse("Ns.Outer/Inner::Pick<T,U>(System.ReadOnlySpan`1<char>,uint8*,!!T)"), key);
        Assert.Equal("Ns.Outer+Inner:Pick", key.JitName);
        Assert.Equal("Ns.Outer+Inner.Pick[T,U](ReadOnlySpan[char],uint8Ptr,!!T)", key.FileStem);
        // A nested type among the parameters names no directory.
        Assert.Equal("Ns.T.Decode(ReadOnlySpan[uint8],Outer+Inner,int32)", MethodKey.Parse("Ns.T::Decode(System.ReadOnlySpan`1<uint8>, Ns.Outer/Inner, int32)")!.FileStem);
        Assert.Null(MethodKey.Parse("Ns.Type::Field"));
        Assert.Null(MethodKey.Parse("int32 [System.Runtime]System.Math::Abs(int32)"));
    }

    [Fact]
    public void Method_patterns_are_a_part_of_the_key_or_a_glob()
    {
        MethodKey key = MethodKey.Parse("Sparrow.Memory::Compare(uint8*, uint8*, int32)")!;
        Assert.True(key.Matches("Memory::Compare"));
        Assert.True(key.Matches("Sparrow.Memory.Compare"));
        Assert.True(key.Matches("*::Compare(*int32)"));
        Assert.True(key.Matches("Sparrow.Mem*.Comp?re"));
        Assert.False(key.Matches("*::Compare(*int64)"));
        Assert.False(key.Matches("Memory::Comparex"));
    }

    [Fact]
    public void Top_level_scanning_skips_quotes_and_brackets()
    {
        Assert.Equal(["a", "b<c, d>", "'e, f'", "g(h, i)"], IlText.SplitTopLevel("a, b<c, d>, 'e, f', g(h, i)", ','));
        Assert.Equal(["valuetype", "[System.Runtime]System.Span`1<char>", "'<>c'"], IlText.SplitTopLevel("valuetype [System.Runtime]System.Span`1<char>  '<>c'"));
        Assert.Equal(7, IlText.IndexOfTopLevel("A<B::C>::D", "::"));
        Assert.Equal(("Outer/<>c", ""), IlText.SplitGeneric("Outer/'<>c'"));
        Assert.Equal(("Holder`1", "<T>"), IlText.SplitGeneric("Holder`1<T>"));
    }
}
