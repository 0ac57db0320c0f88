using System.Runtime.Intrinsics;

namespace Sparrow.Formatting.Tests;

/// <summary>
/// The UTF-16 parser narrows characters to bytes before decoding; both narrowing paths (SSE2 and the
/// portable one other processors take) must keep every non-ASCII character from passing for a digit
/// or separator. Every UTF-16 code unit goes through both.
/// </summary>
public class DateTimeNarrowingTests
{
    [Fact]
    public void Every_code_unit_narrows_to_itself_or_to_a_byte_the_parser_rejects()
    {
        const string accepted = "0123456789-:T.Z";
        for (int start = 0; start <= ushort.MaxValue; start += 16)
        {
            Vector128<ushort> lower = Vector128.Create((ushort)start) + Vector128.Create((ushort)0, 1, 2, 3, 4, 5, 6, 7);
            Vector128<ushort> upper = lower + Vector128.Create((ushort)8);
            Vector128<byte> hardware = DateTimeFormatter.NarrowSaturated(lower, upper);
            Vector128<byte> portable = DateTimeFormatter.NarrowSaturatedPortable(lower, upper);
            for (int lane = 0; lane < 16; lane++)
            {
                int unit = start + lane;
                foreach (byte narrowed in new[] { hardware[lane], portable[lane] })
                {
                    if (unit <= 0xFF)
                        Assert.Equal(unit, narrowed);
                    else
                        Assert.True(narrowed is 0 or >= 0x80 && !accepted.Contains((char)narrowed), $"U+{unit:X4} narrowed to 0x{narrowed:X2}");
                }
            }
        }
    }
}
