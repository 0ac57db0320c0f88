using System.Runtime.CompilerServices;

namespace Sparrow.Storage;

public sealed partial class MappedFile
{
    /// <summary>
    /// For a value of 2^k bytes (k = 0..4: every primitive, up to Int128), the number of offsets it can start at:
    /// <c>Length - 2^k + 1</c>, or 0 when the file is shorter. All 0 once disposed. Read&lt;T&gt; compares with these.
    /// </summary>
    [InlineArray(Count)]
    private struct ValueStarts
    {
        public const int Count = 5;

        private long _element;
    }
}
