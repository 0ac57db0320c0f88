Console.WriteLine("il-dump: not yet implemented");
return 2;
