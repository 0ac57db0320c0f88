using Sparrow.Formatting;

namespace Sparrow.Tests;

public sealed class UninitializedStringTests
{
    [Fact]
    public void This_runtime_has_the_allocator_so_the_fallback_is_not_taken_unnoticed()
    {
        // If a runtime renames string.FastAllocateString, formatting stays correct through new string('\0', n)
        // but loses speed: this fails first, so the change is seen in CI rather than in a benchmark.
        Assert.True(UninitializedString.HasRuntimeAllocator, $"string.FastAllocateString(nint) not found on .NET {Environment.Version}");
    }

    [Theory]
    [InlineData(1)]
    [InlineData(27)]
    [InlineData(36)]
    public void Allocate_gives_a_string_of_the_length_asked(int length)
    {
        string text = UninitializedString.Allocate(length);
        Assert.Equal(length, text.Length);
        Assert.NotSame(text, UninitializedString.Allocate(length));
    }
}
