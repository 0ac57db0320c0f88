using System.Diagnostics;
using System.Reflection;
using Xunit;
using Xunit.Abstractions;
using Xunit.Sdk;

namespace TestRunner;

/// <summary>One test assembly run by xunit 2's engine in this process: discovery, then execution, as `dotnet test` does it.</summary>
internal sealed class SuiteRun : LongLivedMarshalByRefObject, IMessageSink
{
    private readonly SuiteResult _result;
    private readonly TextWriter _log;
    private readonly ManualResetEventSlim _finished = new();

    private SuiteRun(string suite, TextWriter log)
    {
        _result = new SuiteResult(suite);
        _log = log;
    }

    public static SuiteResult Run(string suite, TextWriter log)
    {
        var run = new SuiteRun(suite, log);
        var clock = Stopwatch.StartNew();
        using (var framework = new XunitTestFramework(new DiagnosticSink(log)))
        using (ITestFrameworkExecutor executor = framework.GetExecutor(Assembly.Load(suite).GetName()))
        {
            executor.RunAll(run, Options.Discovery, Options.Execution);
            run._finished.Wait();
        }

        run._result.Elapsed = clock.Elapsed;
        return run._result;
    }

    public bool OnMessage(IMessageSinkMessage message)
    {
        switch (message)
        {
            case ITestPassed passed:
                _result.Record(new TestOutcome(passed.Test.DisplayName, TestOutcome.Passed, Seconds(passed.ExecutionTime)));
                break;
            case ITestFailed failed:
                Fail(failed.Test.DisplayName, Seconds(failed.ExecutionTime), failed);
                break;
            case ITestSkipped skipped:
                _result.Record(new TestOutcome(skipped.Test.DisplayName, TestOutcome.NotExecuted, TimeSpan.Zero, skipped.Reason));
                break;
            // A failure outside any test (a fixture's cleanup, a catastrophic error) fails the suite as one more failed test.
            case IFailureInformation failure:
                Fail($"[{message.GetType().Name}]", TimeSpan.Zero, failure);
                break;
            case ITestAssemblyFinished:
                _finished.Set();
                break;
        }

        return true;
    }

    private void Fail(string name, TimeSpan duration, IFailureInformation failure)
    {
        string message = string.Join(" ---> ", failure.ExceptionTypes.Zip(failure.Messages, (type, text) => $"{type}: {text}"));
        string stackTrace = string.Join("\n----- Inner Stack Trace -----\n", failure.StackTraces.Where(s => s is not null));
        lock (_log)
            _log.WriteLine($"FAILED {name}\n  {message}\n{stackTrace}");
        _result.Record(new TestOutcome(name, TestOutcome.Failed, duration, message, stackTrace));
    }

    private static TimeSpan Seconds(decimal seconds) => TimeSpan.FromSeconds((double)seconds);

    /// <summary>xunit's diagnostic messages (a discoverer's warnings), printed as they come.</summary>
    private sealed class DiagnosticSink(TextWriter log) : LongLivedMarshalByRefObject, IMessageSink
    {
        public bool OnMessage(IMessageSinkMessage message)
        {
            if (message is IDiagnosticMessage diagnostic)
                lock (log)
                    log.WriteLine($"xunit: {diagnostic.Message}");
            return true;
        }
    }
}
