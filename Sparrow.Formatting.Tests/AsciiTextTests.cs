using System.Runtime.Intrinsics;

namespace Sparrow.Formatting.Tests;

/// <summary>
/// The parsers narrow UTF-16 to bytes before decoding (<see cref="AsciiText"/>); both narrowing paths (vector and
/// scalar) must map every code unit up to 0xFF to itself and every other to 0xFF, which no parser accepts.
/// Every UTF-16 code unit goes through both; the scalar widening is checked against the vector one.
/// </summary>
public class AsciiTextTests
{
    [Fact]
    public void Every_code_unit_narrows_to_itself_or_to_0xFF_on_both_paths()
    {
        for (int start = 0; start <= ushort.MaxValue; start += 16)
        {
            Vector128<ushort> lower = Vector128.Create((ushort)start) + Vector128.Create((ushort)0, 1, 2, 3, 4, 5, 6, 7);
            Vector128<ushort> upper = lower + Vector128.Create((ushort)8);
            Vector128<byte> vector = AsciiText.Narrow(lower, upper);
            ulong scalarLow = AsciiText.NarrowScalar(lower.AsUInt64()[0]) | (ulong)AsciiText.NarrowScalar(lower.AsUInt64()[1]) << 32;
            ulong scalarHigh = AsciiText.NarrowScalar(upper.AsUInt64()[0]) | (ulong)AsciiText.NarrowScalar(upper.AsUInt64()[1]) << 32;
            Assert.Equal(vector.AsUInt64(), Vector128.Create(scalarLow, scalarHigh));
            for (int lane = 0; lane < 16; lane++)
            {
                int unit = start + lane;
                Assert.Equal(unit <= 0xFF ? unit : 0xFF, vector[lane]);
            }
        }
    }

    [Fact]
    public void Every_byte_widens_to_itself_on_both_paths()
    {
        for (int start = 0; start <= byte.MaxValue; start += 4)
        {
            uint bytes = (uint)(start | (start + 1) << 8 | (start + 2) << 16 | (start + 3) << 24);
            Vector128<ushort> vector = Vector128.WidenLower(Vector128.CreateScalar(bytes).AsByte());
            Assert.Equal(vector.AsUInt64()[0], AsciiText.WidenScalar(bytes));
        }
    }
}
