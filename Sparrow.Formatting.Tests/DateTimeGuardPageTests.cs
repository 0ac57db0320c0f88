using System.Text;
using Sparrow.Testing;

namespace Sparrow.Formatting.Tests;

/// <summary>Buffers that end (or start) at an inaccessible page: one byte read or written outside them faults the run.</summary>
public unsafe class DateTimeGuardPageTests
{
    private static readonly DateTime[] Values =
    [
        new(2024, 2, 29, 23, 59, 59, DateTimeKind.Utc),
        new(2015, 1, 15, 0, 41, 16, DateTimeKind.Unspecified),
        new(1999, 12, 31, 23, 59, 59, DateTimeKind.Local),
        DateTime.MinValue,
        DateTime.SpecifyKind(DateTime.MaxValue, DateTimeKind.Utc),
    ];

    [Fact]
    public void TryFormat_IntoADestinationOfExactlyTheNeededLength_EndingAtTheGuard()
    {
        using var memory = new GuardedMemory(4096);
        foreach (DateTime value in Values)
        {
            string expected = DateTimeReference.Format(value);
            int needed = expected.Length;

            var chars = new Span<char>(memory.EndingAtGuard(needed * sizeof(char)), needed);
            Assert.True(DateTimeFormatter.TryFormat(value, chars, out int charsWritten));
            Assert.Equal(expected, chars[..charsWritten].ToString());

            var bytes = new Span<byte>(memory.EndingAtGuard(needed), needed);
            Assert.True(DateTimeFormatter.TryFormat(value, bytes, out int bytesWritten));
            Assert.Equal(expected, Encoding.ASCII.GetString(bytes[..bytesWritten]));

            foreach (bool vectorized in DateTimeReference.Paths)
            {
                chars = new Span<char>(memory.EndingAtGuard(needed * sizeof(char)), needed);
                chars.Clear();
                Assert.Equal(needed, DateTimeFormatter.FormatCore(value, ref chars[0], vectorized));
                Assert.Equal(expected, chars.ToString());
                bytes = new Span<byte>(memory.EndingAtGuard(needed), needed);
                bytes.Clear();
                Assert.Equal(needed, DateTimeFormatter.FormatCore(value, ref bytes[0], vectorized));
                Assert.Equal(expected, Encoding.ASCII.GetString(bytes));
            }

            var startChars = new Span<char>(memory.StartingAfterGuard, needed);
            Assert.True(DateTimeFormatter.TryFormat(value, startChars, out charsWritten));
            Assert.Equal(expected, startChars[..charsWritten].ToString());

            for (int shorter = 0; shorter < needed; shorter++)
            {
                Assert.False(DateTimeFormatter.TryFormat(value, new Span<char>(memory.EndingAtGuard(shorter * sizeof(char)), shorter), out _));
                Assert.False(DateTimeFormatter.TryFormat(value, new Span<byte>(memory.EndingAtGuard(shorter), shorter), out _));
            }
        }
    }

    [Fact]
    public void Parse_FromTextEndingAtTheGuard_EveryLengthAndEveryMutatedPosition()
    {
        using var memory = new GuardedMemory(4096);
        foreach (DateTime value in Values)
        {
            string text = DateTimeReference.Format(value) + (value.Kind == DateTimeKind.Utc ? "" : "Z");
            for (int length = 0; length <= text.Length; length++)
            {
                string candidate = text[..length];
                bool expected = DateTimeReference.TryParse(candidate, out _) && length is 27 or 28;
                Assert.Equal(expected, ParseAtGuard(memory, candidate));
            }

            for (int position = 0; position < text.Length; position++)
            {
                char[] mutated = text.ToCharArray();
                mutated[position] = 'x';
                Assert.False(ParseAtGuard(memory, new string(mutated)));
            }
        }
    }

    /// <summary>
    /// Parses <paramref name="s"/> as UTF-16 and as UTF-8, each copied so that its last unit ends at the guard page
    /// (and UTF-16 also starting right after one), with the public parser and the core on both paths; all must agree.
    /// </summary>
    private static bool ParseAtGuard(GuardedMemory memory, string s)
    {
        var chars = new Span<char>(memory.EndingAtGuard(s.Length * sizeof(char)), s.Length);
        s.AsSpan().CopyTo(chars);
        bool accepted = DateTimeFormatter.TryParse(chars, out DateTime expected);
        AssertBothPaths<char>(chars, accepted, expected);

        var bytes = new Span<byte>(memory.EndingAtGuard(s.Length), s.Length);
        Encoding.ASCII.GetBytes(s, bytes);
        Assert.Equal(accepted, DateTimeFormatter.TryParse(bytes, out DateTime value));
        Assert.Equal(expected, value);
        AssertBothPaths<byte>(bytes, accepted, expected);

        var startChars = new Span<char>(memory.StartingAfterGuard, s.Length);
        s.AsSpan().CopyTo(startChars);
        Assert.Equal(accepted, DateTimeFormatter.TryParse(startChars, out value));
        Assert.Equal(expected, value);
        AssertBothPaths<char>(startChars, accepted, expected);
        return accepted;
    }

    private static void AssertBothPaths<TChar>(ReadOnlySpan<TChar> text, bool accepted, DateTime expected)
        where TChar : unmanaged
    {
        foreach (bool vectorized in DateTimeReference.Paths)
        {
            Assert.Equal(accepted, DateTimeFormatter.ParseCore(text, vectorized, out DateTime value).IsNone);
            Assert.Equal(expected, value);
        }
    }
}
