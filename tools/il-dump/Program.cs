using IlDump;

if (args.Length > 0 && args[0] == JitChild.Command)
    return JitChild.Run(args[1..]);
return await Cli.RunAsync(args, Console.Out, Console.Error);
