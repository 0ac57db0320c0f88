namespace IlDump.Fixtures;

/// <summary>Lookup tables: constant data (RVA) or computed once, against tables built per call.</summary>
public static class Tables
{
    private static ReadOnlySpan<byte> HexDigits => "0123456789abcdef"u8;

    private static readonly byte[] Squares = BuildSquares();

    private static byte[] s_mutable = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];

    public static byte FromRvaSpan(int value) => HexDigits[value & 0xF];

    public static byte FromStaticReadonly(int value) => Squares[value & 0xF];

    public static byte PerCallArray(int value)
    {
        byte[] digits = [48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102];
        return digits[value & 0xF];
    }

    public static byte FromMutableStatic(int value) => s_mutable[value & 0xF];

    public static void ReplaceMutable(byte[] table) => s_mutable = table;

    private static byte[] BuildSquares()
    {
        byte[] squares = new byte[16];
        for (int i = 0; i < squares.Length; i++)
            squares[i] = (byte)(i * i);

        return squares;
    }
}
