namespace Sparrow.ReadMe.Tests;

/// <summary>
/// The README's Usage section: each test's body is one of its code blocks, word for word (<see cref="ReadMeTest"/>
/// checks it). A new block is a new test here (or in another <c>Usage.*.cs</c>) and a
/// <c>&lt;!-- test: Name --&gt;</c> line in README.md where the block goes.
/// </summary>
public sealed partial class Usage;
